import { z } from 'zod';
import { batchImportSchema, canTransition, transactionSchema } from '@domain/bookkeeping';
import { defer, defineMutator, reject } from '../mutator';
import { assertAccount, assertCompanyOpen, id, timestamp, yearOf } from './bookkeeping-rules';

/** Bookkeeping mutators of CSV batch imports (SPEC §5, §9): the batch, its chunks of lines, its end, and taking it back whole. */

/** One line of an import chunk: what differs per transaction (the rest comes from the batch). */
const importedTransactionSchema = transactionSchema.pick({ id: true, date: true, description: true, amountCents: true, category: true, merchant: true });

/** Most rows one `importTransactions` mutation may carry (the worker writes chunks of 2,500). */
export const maxImportChunkRows = 5000;

const importChunkSchema = z.strictObject({
  importId: id,
  processedCount: z.int().min(0),
  updatedAt: timestamp,
  rows: z.array(importedTransactionSchema).min(1).max(maxImportChunkRows),
});

/** The fields an import chunk's arguments may have. */
const importChunkFields = Object.keys(importChunkSchema.shape).length;

/** `rows` in consecutive slices of at most `size`. */
function slicesOf<T>(rows: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(rows.length / size) }, (_, index) => rows.slice(index * size, (index + 1) * size));
}

/**
 * Stores one chunk of a CSV import and the batch's progress. Imported ids are derived from
 * their bank line, so a row that already exists (the same file imported again, here or on
 * another device) is skipped, never overwritten: the person's category, note and check stay.
 */
export const importTransactions = defineMutator(
  'importTransactions',
  importChunkSchema,
  async (tx, { importId, processedCount, updatedAt, rows }) => {
    const batch = await tx.get('batchImports', importId);
    if (!batch) reject('not_found');
    if (!canTransition(batch.status, 'processing')) reject('invalid');
    await assertCompanyOpen(
      tx,
      batch.companyId,
      rows.map((row) => yearOf(row.date)),
    );
    await tx.insertAbsent(
      'transactions',
      // The batch's fields first, then the line's own (a strict pick: none of the batch's): on the
      // server's Node each property added after a spread is a slow store (16 ms for 1,000 lines).
      rows.map((row) => ({
        companyId: batch.companyId,
        accountKind: batch.accountKind,
        accountId: batch.accountId,
        note: '',
        checked: false,
        receipt: null,
        blocked: false,
        importId,
        createdAt: updatedAt,
        updatedAt,
        ...row,
      })),
    );
    await tx.put('batchImports', { ...batch, status: 'processing', processedCount: Math.max(batch.processedCount, processedCount), updatedAt });
  },
  {
    reads: ({ importId }) => [['batchImports', importId]],
    // Rows already stored are skipped, so a part applied twice changes nothing; each part
    // reports the progress reached at its end.
    parts: {
      size: ({ rows }) => rows.length,
      split: (args, size) =>
        slicesOf(args.rows, size).map((rows, index) => ({
          ...args,
          rows,
          processedCount: Math.max(0, args.processedCount - (args.rows.length - Math.min(args.rows.length, (index + 1) * size))),
        })),
      // Every piece carries the chunk's own fields and some of its lines; the line count's limits
      // are the whole chunk's, so arguments outside them are left to the whole parse to refuse.
      // So are arguments with more fields than a chunk has: each piece would copy them all, and
      // the text rule walk them all again (a megabyte of keys, 25 times).
      cut: (rawArgs, size) => {
        if (typeof rawArgs !== 'object' || rawArgs === null || !('rows' in rawArgs) || Object.keys(rawArgs).length > importChunkFields) return null;
        const { rows } = rawArgs;
        if (!Array.isArray(rows) || rows.length === 0 || rows.length > maxImportChunkRows) return null;
        return slicesOf(rows, size).map((slice) => ({ ...rawArgs, rows: slice }));
      },
      join: (pieces) => ({ ...pieces[0]!, rows: pieces.flatMap((piece) => piece.rows) }),
    },
  },
);

/** Records a new batch import before its first chunk (status notStarted). */
export const createBatchImport = defineMutator(
  'createBatchImport',
  batchImportSchema.pick({ id: true, companyId: true, accountKind: true, accountId: true, fileName: true, fileSize: true, createdAt: true }),
  async (tx, batch) => {
    await assertCompanyOpen(tx, batch.companyId, []);
    if (await tx.get('batchImports', batch.id)) reject('invalid');
    await assertAccount(tx, batch.companyId, batch.accountKind, batch.accountId);
    // SPEC §9 upload cooldown: the device's import dialog decides it where the person acts;
    // the server enforces it by its own clock (device clocks can be set at will) as a delay of
    // the push, never a refusal: a push arrives late by nature, and refusing it then would take
    // back an import the person saw finish (decision 054).
    if (tx.location === 'server') {
      // Listing stores the push's pending writes first: a batch created earlier in the same push counts.
      await tx.list('batchImports', 'companyId', batch.companyId);
      const left = await tx.checks.importCooldownLeft(batch.companyId);
      if (left > 0) defer(left);
    }
    await tx.put('batchImports', { ...batch, status: 'notStarted', processedCount: 0, result: null, rowErrors: [], updatedAt: batch.createdAt });
  },
  { reads: ({ id: importId }) => [['batchImports', importId]] },
);

/** Ends a batch import: completed, failed or cancelled, with its result and row errors. */
export const finishBatchImport = defineMutator(
  'finishBatchImport',
  batchImportSchema.pick({ id: true, processedCount: true, result: true, rowErrors: true, updatedAt: true }).extend({
    status: z.enum(['completed', 'failed', 'cancelled']),
  }),
  async (tx, { id: importId, ...update }) => {
    const batch = await tx.get('batchImports', importId);
    if (!batch) reject('not_found');
    if (!canTransition(batch.status, update.status)) reject('invalid');
    await assertCompanyOpen(tx, batch.companyId, []);
    await tx.put('batchImports', { ...batch, ...update, processedCount: Math.max(batch.processedCount, update.processedCount) });
  },
  { reads: ({ id: importId }) => [['batchImports', importId]] },
);

/**
 * Takes an import back whole: its batch and every transaction it added (decision 054). Queued
 * by the device when the server refused part of the import, so no half of it stays, and after
 * it a retry may send the same batch again. Doing it twice, or for an import never stored (or
 * in a company no longer the caller's: nothing of it is visible), changes nothing. It is refused
 * when one of its rows is in a year whose declaration is sent: what was declared is not rewritten.
 */
export const discardBatchImport = defineMutator(
  'discardBatchImport',
  z.strictObject({ id }),
  async (tx, { id: importId }) => {
    const batch = await tx.get('batchImports', importId);
    const rows = await tx.list('transactions', 'importId', importId);
    const companyId = batch?.companyId ?? rows[0]?.companyId;
    if (companyId === undefined) return;
    if (rows.some((row) => row.companyId !== companyId)) reject('invalid');
    await assertCompanyOpen(
      tx,
      companyId,
      rows.map((row) => yearOf(row.date)),
    );
    for (const row of rows) await tx.delete('transactions', row.id);
    if (batch) await tx.delete('batchImports', importId);
  },
  { reads: ({ id: importId }) => [['batchImports', importId]] },
);
