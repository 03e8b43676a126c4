import { z } from 'zod';
import {
  batchImportSchema,
  categoriserRuleSchema,
  canTransition,
  categorySchema,
  manualAccountSchema,
  merchantSchema,
  noteSchema,
  inboxReceiptSchema,
  receiptSchema,
  transactionFormSchema,
  transactionSchema,
  type Transaction,
} from '@domain/bookkeeping';
import { defer, defineMutator, reject, type MutatorTx, type RowRef } from '../mutator';

/**
 * Bookkeeping mutators (SPEC §3 transactions, manual accounts, receipts, batch imports).
 * Timestamps come in the arguments (the device's clock: shown, never compared), so the
 * client, the server and every replay compute the same rows. Refusals:
 *
 * - `blocked`: the transaction is blocked (checked on both sides: the device has the flag).
 * - `declaration_sent`: the company's declaration for the transaction's year is sent, so
 *   the year's transactions are locked (the device checks the synced `lockedYears`, the
 *   server its declarations).
 * - `forbidden`: the company is not the caller's (server only: memberships are not synced).
 * - `not_found` / `invalid`: the row is absent or the change contradicts it.
 *
 * Nothing here is refused for when it arrives: the SPEC §9 import cooldown delays a push
 * (`defer`) instead of refusing an import the person saw finish (decision 054).
 */

const id = z.uuid();
const timestamp = z.iso.datetime({ offset: true });
const yearOf = (date: string) => Number(date.slice(0, 4));

/** Refuses for good when the company is not the caller's or its declaration of `year` is sent. */
async function assertCompanyOpen(tx: MutatorTx, companyId: string, years: Iterable<number>) {
  const asked = new Set(years);
  if (tx.location === 'client') {
    // The device knows the years locked when it last pulled (synced `lockedYears`), so an edit
    // there is refused at once instead of after the round trip; the server has the final word.
    if (asked.size === 0) return;
    const locked = await tx.list('lockedYears', 'companyId', companyId);
    if (locked.some((row) => asked.has(row.year))) reject('declaration_sent');
    return;
  }
  // Only the server knows memberships and the declarations sent this very moment.
  if ((await tx.checks.companyRole(companyId)) === null) reject('forbidden');
  for (const year of asked) {
    if (await tx.checks.declarationSent(companyId, year)) reject('declaration_sent');
  }
}

/** The transaction a change is about, if the company may still change it. */
async function editableTransaction(tx: MutatorTx, transactionId: string): Promise<Transaction> {
  const transaction = await tx.get('transactions', transactionId);
  if (!transaction) reject('not_found');
  if (transaction.blocked) reject('blocked');
  await assertCompanyOpen(tx, transaction.companyId, [yearOf(transaction.date)]);
  return transaction;
}

/** The row of a change to one transaction: read ahead by the server for a whole push batch. */
const readsTransaction = ({ id: transactionId }: { id: string }): readonly RowRef[] => [['transactions', transactionId]];

/** A manual account named by a new transaction or import must exist in the same company. */
async function assertAccount(tx: MutatorTx, companyId: string, accountKind: 'manual' | 'linked' | null, accountId: string | null) {
  if (accountKind !== 'manual' || accountId === null) return;
  const account = await tx.get('manualAccounts', accountId);
  if (!account || account.companyId !== companyId) reject('invalid');
}

/** Creates a transaction typed by hand. */
export const createTransaction = defineMutator(
  'createTransaction',
  z.strictObject({ id, companyId: id, createdAt: timestamp, transaction: transactionFormSchema }),
  async (tx, { id: transactionId, companyId, createdAt, transaction }) => {
    await assertCompanyOpen(tx, companyId, [yearOf(transaction.date)]);
    if (await tx.get('transactions', transactionId)) reject('invalid');
    await assertAccount(tx, companyId, transaction.accountKind, transaction.accountId);
    await tx.put('transactions', {
      ...transaction,
      id: transactionId,
      companyId,
      checked: false,
      receipt: null,
      blocked: false,
      importId: null,
      createdAt,
      updatedAt: createdAt,
    });
  },
  { reads: ({ id: transactionId }) => [['transactions', transactionId]] },
);

/** One line of an import chunk: what differs per transaction (the rest comes from the batch). */
const importedTransactionSchema = transactionSchema.pick({ id: true, date: true, description: true, amountCents: true, category: true, merchant: true });

/** Most rows one `importTransactions` mutation may carry (the worker writes chunks of 2,500). */
export const maxImportChunkRows = 5000;

/**
 * Stores one chunk of a CSV import and the batch's progress. Imported ids are derived from
 * their bank line, so a row that already exists (the same file imported again, here or on
 * another device) is skipped, never overwritten: the person's category, note and check stay.
 */
export const importTransactions = defineMutator(
  'importTransactions',
  z.strictObject({
    importId: id,
    processedCount: z.int().min(0),
    updatedAt: timestamp,
    rows: z.array(importedTransactionSchema).min(1).max(maxImportChunkRows),
  }),
  async (tx, { importId, processedCount, updatedAt, rows }) => {
    const batch = await tx.get('batchImports', importId);
    if (!batch) reject('not_found');
    if (!canTransition(batch.status, 'processing')) reject('invalid');
    await assertCompanyOpen(tx, batch.companyId, rows.map((row) => yearOf(row.date)));
    await tx.insertAbsent(
      'transactions',
      rows.map((row) => ({
        ...row,
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
        Array.from({ length: Math.ceil(args.rows.length / size) }, (_, index) => {
          const rows = args.rows.slice(index * size, (index + 1) * size);
          return { ...args, rows, processedCount: Math.max(0, args.processedCount - (args.rows.length - Math.min(args.rows.length, (index + 1) * size))) };
        }),
    },
  },
);

/** Sets or clears a transaction's category. */
export const setTransactionCategory = defineMutator(
  'setTransactionCategory',
  z.strictObject({ id, category: categorySchema.nullable(), updatedAt: timestamp }),
  async (tx, { id: transactionId, category, updatedAt }) => {
    const transaction = await editableTransaction(tx, transactionId);
    await tx.put('transactions', { ...transaction, category, updatedAt });
  },
  { reads: readsTransaction },
);

/** Sets a transaction's note. */
export const setTransactionNote = defineMutator(
  'setTransactionNote',
  z.strictObject({ id, note: noteSchema, updatedAt: timestamp }),
  async (tx, { id: transactionId, note, updatedAt }) => {
    const transaction = await editableTransaction(tx, transactionId);
    await tx.put('transactions', { ...transaction, note, updatedAt });
  },
  { reads: readsTransaction },
);

/** Marks a transaction as checked by the person keeping the books, or not. */
export const setTransactionChecked = defineMutator(
  'setTransactionChecked',
  z.strictObject({ id, checked: z.boolean(), updatedAt: timestamp }),
  async (tx, { id: transactionId, checked, updatedAt }) => {
    const transaction = await editableTransaction(tx, transactionId);
    await tx.put('transactions', { ...transaction, checked, updatedAt });
  },
  { reads: readsTransaction },
);

/** Sets or clears a transaction's merchant (an empty name clears it). */
export const setTransactionMerchant = defineMutator(
  'setTransactionMerchant',
  z.strictObject({ id, merchant: merchantSchema.nullable(), updatedAt: timestamp }),
  async (tx, { id: transactionId, merchant, updatedAt }) => {
    const transaction = await editableTransaction(tx, transactionId);
    await tx.put('transactions', { ...transaction, merchant: merchant || null, updatedAt });
  },
  { reads: readsTransaction },
);

/** Most transactions one bulk change (categorise, check, delete, restore) may name. */
export const maxBulkTransactions = 5000;

const bulkIds = z.array(id).min(1).max(maxBulkTransactions);
const readsTransactions = ({ ids }: { ids: readonly string[] }): readonly RowRef[] => ids.map((transactionId) => ['transactions', transactionId] as const);

/**
 * The transactions a bulk change is about, all editable, or a refusal of the whole change:
 * a selection is one action for the person who made it, so it applies whole or not at all.
 */
async function editableTransactions(tx: MutatorTx, ids: readonly string[]): Promise<Transaction[]> {
  const found = await tx.getMany('transactions', ids);
  const rows: Transaction[] = [];
  for (const transaction of found) {
    if (!transaction) reject('not_found');
    if (transaction.blocked) reject('blocked');
    rows.push(transaction);
  }
  const byCompany = new Map<string, number[]>();
  for (const row of rows) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), yearOf(row.date)]);
  for (const [companyId, years] of byCompany) await assertCompanyOpen(tx, companyId, years);
  return rows;
}

/** Sets or clears the category of many transactions at once (bulk categorise, undo). */
export const setTransactionsCategory = defineMutator(
  'setTransactionsCategory',
  z.strictObject({ ids: bulkIds, category: categorySchema.nullable(), updatedAt: timestamp }),
  async (tx, { ids, category, updatedAt }) => {
    const rows = await editableTransactions(tx, ids);
    await tx.putMany('transactions', rows.map((row) => ({ ...row, category, updatedAt })));
  },
  { reads: readsTransactions },
);

/** Marks many transactions as checked, or not (bulk check, undo). */
export const setTransactionsChecked = defineMutator(
  'setTransactionsChecked',
  z.strictObject({ ids: bulkIds, checked: z.boolean(), updatedAt: timestamp }),
  async (tx, { ids, checked, updatedAt }) => {
    const rows = await editableTransactions(tx, ids);
    await tx.putMany('transactions', rows.map((row) => ({ ...row, checked, updatedAt })));
  },
  { reads: readsTransactions },
);

/** Deletes many transactions at once. */
export const deleteTransactions = defineMutator(
  'deleteTransactions',
  z.strictObject({ ids: bulkIds }),
  async (tx, { ids }) => {
    await editableTransactions(tx, ids);
    for (const transactionId of ids) await tx.delete('transactions', transactionId);
  },
  { reads: readsTransactions },
);

/**
 * Puts back transactions the person just deleted (undo). They come back as they were except
 * the receipt: its file left storage with the deletion, and a key could otherwise be used to
 * attach a file that was never checked for this company.
 */
export const restoreTransactions = defineMutator(
  'restoreTransactions',
  z.strictObject({ transactions: z.array(transactionSchema).min(1).max(maxBulkTransactions) }),
  async (tx, { transactions }) => {
    const existing = await tx.getMany('transactions', transactions.map((transaction) => transaction.id));
    if (existing.some((row) => row !== undefined)) reject('invalid');
    const byCompany = new Map<string, number[]>();
    for (const row of transactions) {
      if (row.blocked) reject('invalid');
      byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), yearOf(row.date)]);
    }
    for (const [companyId, years] of byCompany) await assertCompanyOpen(tx, companyId, years);
    for (const row of transactions) await assertAccount(tx, row.companyId, row.accountKind, row.accountId);
    await tx.putMany('transactions', transactions.map((row) => ({ ...row, receipt: null })));
  },
  { reads: ({ transactions }) => transactions.map((row) => ['transactions', row.id] as const) },
);

/** Deletes a transaction. */
export const deleteTransaction = defineMutator(
  'deleteTransaction',
  z.strictObject({ id }),
  async (tx, { id: transactionId }) => {
    await editableTransaction(tx, transactionId);
    await tx.delete('transactions', transactionId);
  },
  { reads: readsTransaction },
);

/**
 * Attaches an uploaded receipt (its key comes from `POST /api/v1/uploads/complete`). The
 * server accepts only a verified receipt upload of the transaction's own company, with the
 * metadata it recorded: a key cannot be borrowed from another company or invented.
 */
export const attachReceipt = defineMutator(
  'attachReceipt',
  z.strictObject({ id, receipt: receiptSchema, updatedAt: timestamp }),
  async (tx, { id: transactionId, receipt, updatedAt }) => {
    const transaction = await editableTransaction(tx, transactionId);
    await assertVerifiedReceipt(tx, transaction.companyId, receipt);
    await tx.put('transactions', { ...transaction, receipt, updatedAt });
  },
  { reads: readsTransaction },
);

/** Detaches a transaction's receipt. */
export const removeReceipt = defineMutator(
  'removeReceipt',
  z.strictObject({ id, updatedAt: timestamp }),
  async (tx, { id: transactionId, updatedAt }) => {
    const transaction = await editableTransaction(tx, transactionId);
    await tx.put('transactions', { ...transaction, receipt: null, updatedAt });
  },
  { reads: readsTransaction },
);

/** Adds a categoriser rule made by the person from a correction; it follows them to every device of the company. */
export const createCategoriserRule = defineMutator(
  'createCategoriserRule',
  categoriserRuleSchema,
  async (tx, rule) => {
    await assertCompanyOpen(tx, rule.companyId, []);
    if (await tx.get('categoriserRules', rule.id)) reject('invalid');
    await tx.put('categoriserRules', rule);
  },
  { reads: ({ id: ruleId }) => [['categoriserRules', ruleId]] },
);

/** The server accepts only a verified receipt upload of the company, with the metadata it recorded. */
async function assertVerifiedReceipt(tx: MutatorTx, companyId: string, receipt: z.output<typeof receiptSchema>) {
  if (!receipt.key.startsWith(`receipts/${companyId}/`)) reject('invalid');
  if (tx.location !== 'server') return;
  // Only the server knows what was really uploaded and checked.
  const upload = await tx.checks.verifiedUpload(receipt.key);
  if (
    !upload ||
    upload.companyId !== companyId ||
    upload.uploadType !== 'transactionReceipt' ||
    upload.size !== receipt.size ||
    upload.contentType !== receipt.contentType ||
    upload.fileName !== receipt.name
  ) {
    reject('invalid');
  }
}

/** Puts an uploaded receipt in the company's inbox, for any of its devices to match with a transaction. */
export const addInboxReceipt = defineMutator(
  'addInboxReceipt',
  inboxReceiptSchema,
  async (tx, inboxReceipt) => {
    await assertCompanyOpen(tx, inboxReceipt.companyId, []);
    if (await tx.get('inboxReceipts', inboxReceipt.id)) reject('invalid');
    await assertVerifiedReceipt(tx, inboxReceipt.companyId, inboxReceipt.receipt);
    await tx.put('inboxReceipts', inboxReceipt);
  },
  { reads: ({ id: inboxId }) => [['inboxReceipts', inboxId]] },
);

/** Gives an inbox receipt its transaction (of the same company): it becomes the transaction's receipt and leaves the inbox. */
export const attachInboxReceipt = defineMutator(
  'attachInboxReceipt',
  z.strictObject({ inboxId: id, transactionId: id, updatedAt: timestamp }),
  async (tx, { inboxId, transactionId, updatedAt }) => {
    const inboxReceipt = await tx.get('inboxReceipts', inboxId);
    if (!inboxReceipt) reject('not_found');
    const transaction = await editableTransaction(tx, transactionId);
    if (transaction.companyId !== inboxReceipt.companyId) reject('invalid');
    await tx.put('transactions', { ...transaction, receipt: inboxReceipt.receipt, updatedAt });
    await tx.delete('inboxReceipts', inboxId);
  },
  { reads: ({ inboxId, transactionId }) => [['inboxReceipts', inboxId], ['transactions', transactionId]] },
);

/** Throws an inbox receipt away (its file then leaves storage). */
export const deleteInboxReceipt = defineMutator(
  'deleteInboxReceipt',
  z.strictObject({ id }),
  async (tx, { id: inboxId }) => {
    const inboxReceipt = await tx.get('inboxReceipts', inboxId);
    if (!inboxReceipt) reject('not_found');
    await assertCompanyOpen(tx, inboxReceipt.companyId, []);
    await tx.delete('inboxReceipts', inboxId);
  },
  { reads: ({ id: inboxId }) => [['inboxReceipts', inboxId]] },
);

/** Creates a manual account (SPEC §5: the name is required). */
export const createManualAccount = defineMutator(
  'createManualAccount',
  manualAccountSchema.pick({ id: true, companyId: true, name: true, createdAt: true }),
  async (tx, { id: accountId, companyId, name, createdAt }) => {
    await assertCompanyOpen(tx, companyId, []);
    if (await tx.get('manualAccounts', accountId)) reject('invalid');
    await tx.put('manualAccounts', { id: accountId, companyId, name, createdAt, updatedAt: createdAt });
  },
  { reads: ({ id: accountId }) => [['manualAccounts', accountId]] },
);

/** Renames a manual account (SPEC §5: the name is required). */
export const renameManualAccount = defineMutator(
  'renameManualAccount',
  manualAccountSchema.pick({ id: true, name: true, updatedAt: true }),
  async (tx, { id: accountId, name, updatedAt }) => {
    const account = await tx.get('manualAccounts', accountId);
    if (!account) reject('not_found');
    await assertCompanyOpen(tx, account.companyId, []);
    await tx.put('manualAccounts', { ...account, name, updatedAt });
  },
  { reads: ({ id: accountId }) => [['manualAccounts', accountId]] },
);

/** Deletes a manual account that holds no transactions (they would lose their account otherwise). */
export const deleteManualAccount = defineMutator(
  'deleteManualAccount',
  z.strictObject({ id }),
  async (tx, { id: accountId }) => {
    const account = await tx.get('manualAccounts', accountId);
    if (!account) reject('not_found');
    await assertCompanyOpen(tx, account.companyId, []);
    if ((await tx.list('transactions', 'accountId', accountId)).length > 0) reject('invalid');
    await tx.delete('manualAccounts', accountId);
  },
  { reads: ({ id: accountId }) => [['manualAccounts', accountId]] },
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
    await assertCompanyOpen(tx, companyId, rows.map((row) => yearOf(row.date)));
    for (const row of rows) await tx.delete('transactions', row.id);
    if (batch) await tx.delete('batchImports', importId);
  },
  { reads: ({ id: importId }) => [['batchImports', importId]] },
);
