import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMutatorArgs } from '@sync/mutator';
import { findMutator } from '@sync/mutators';
import { syncCycle } from '@sync/client/cycle';
import { AppDB } from '@sync/client/db';
import { Replica } from '@sync/client/replica';
import { MemorySyncServer } from '@sync/testing/memory-server';
import { runImport, type ImportCsvRequest } from './run-import';

/**
 * The import worker's job on a real Dexie database (fake-indexeddb) with the real replica:
 * chunks and their outbox mutations, dedupe against stored rows, row errors with line
 * numbers, and the server's copy after a push.
 */

const fixtures = path.resolve(__dirname, '../../tests/fixtures/csv');
const userId = randomUUID();
const companyId = randomUUID();
const accountId = randomUUID();
const opened: AppDB[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

async function openDb() {
  const db = new AppDB(userId, { indexedDB: new IDBFactory(), IDBKeyRange });
  opened.push(db);
  // The import goes into an existing manual account of the company.
  await new Replica(db, userId).mutate('createManualAccount', { id: accountId, companyId, name: 'Chase checking', createdAt: '2026-11-21T10:00:00.000Z' });
  return db;
}

const request = (file: string, overrides: Partial<ImportCsvRequest> = {}): ImportCsvRequest => ({
  userId,
  file: new Blob([readFileSync(path.join(fixtures, file))]),
  fileName: file,
  companyId,
  accountKind: 'manual',
  accountId,
  language: 'en',
  ...overrides,
});

describe('import worker job (Dexie + outbox)', () => {
  it('imports a file, and importing it again adds nothing while still reporting the bad lines', async () => {
    const db = await openDb();
    const syncRequests: number[] = [];
    const first = await runImport(db, request('bank-en-us.csv'), { requestSync: () => syncRequests.push(1) });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.result).toMatchObject({ importedCount: 8, duplicateCount: 0, errorCount: 3 });
    expect(first.rowErrors.map((error) => error.line)).toEqual([7, 10, 12]);
    expect(await db.transactions.count()).toBe(8);
    expect(await db.batchImports.get(first.importId)).toMatchObject({
      status: 'completed',
      processedCount: 11,
      fileName: 'bank-en-us.csv',
      rowErrors: first.rowErrors,
    });
    // One outbox mutation per chunk, between the batch's creation and its end.
    expect((await db.outbox.orderBy('id').toArray()).map((entry) => entry.name)).toEqual([
      'createManualAccount',
      'createBatchImport',
      'importTransactions',
      'finishBatchImport',
    ]);
    expect(syncRequests.length).toBe(3);

    // Within the SPEC §9 cooldown a second import of the company does not start.
    expect(await runImport(db, request('bank-en-us.csv'))).toEqual({ ok: false, code: 'cooldown', importId: null });
    // Later (the first batch as if started a minute ago) it does, and adds nothing.
    await db.batchImports.update(first.importId, { createdAt: new Date(Date.now() - 60_000).toISOString() });
    const second = await runImport(db, request('bank-en-us.csv'));
    expect(second.ok && second.result).toMatchObject({ importedCount: 0, duplicateCount: 8, errorCount: 3 });
    expect(second.ok && second.rowErrors.map((error) => `${error.line}:${error.field}`)).toEqual(['7:date', '10:description', '12:amount']);
    expect(await db.transactions.count()).toBe(8);
    expect((await db.outbox.orderBy('id').toArray()).slice(4).map((entry) => entry.name)).toEqual(['createBatchImport', 'finishBatchImport']);
    expect(await db.batchImports.count()).toBe(2);
  });

  it('writes one outbox mutation per chunk (the first one small, so IndexedDB starts early), its undo log one list of the ids it inserted', async () => {
    const db = await openDb();
    const rows = Array.from({ length: 5100 }, (_, i) => `2026-01-${String((i % 28) + 1).padStart(2, '0')},Payment ${i},-${i + 1}.00`);
    const file = new Blob([`Date,Description,Amount\n${rows.join('\n')}\n`]);
    const outcome = await runImport(db, request('bank-en-us.csv', { fileName: 'big.csv', file }));
    expect(outcome.ok && outcome.result.importedCount).toBe(5100);
    const chunks = (await db.outbox.where('id').above(0).toArray()).filter((entry) => entry.name === 'importTransactions');
    expect(chunks.map((entry) => (entry.args as { rows: unknown[] }).rows.length)).toEqual([250, 2500, 2350]);
    // Each chunk's undo log: one list of the rows it inserted, then the batch's pre-image.
    expect(chunks.map((entry) => entry.undo.map((undo) => ('inserted' in undo ? undo.inserted.length : undo.table)))).toEqual([
      [250, 'batchImports'],
      [2500, 'batchImports'],
      [2350, 'batchImports'],
    ]);
  });

  it('queues chunks that parsing would not change: the replica does not parse them again', async () => {
    const db = await openDb();
    // Cells a bank really writes: padding, a tab inside a quoted description, a control
    // character, a merchant column, money in and out, a well-known merchant and an unknown one.
    const file = new Blob([
      'Date,Description,Merchant,Amount\n' +
        '2026-01-02,"  AWS   invoice\tJAN  ",,-120.00\n' +
        '2026-01-03,Pago cliente\u0007 ACME,"  ACME Corp ",1500.25\n' +
        '2026-01-04,  Transferencia entre cuentas  ,,-10.00\n' +
        '2026-01-05,Café de la esquina,  Café Pepe  ,-3.50\n',
    ]);
    const outcome = await runImport(db, request('bank-en-us.csv', { fileName: 'padded.csv', file }));
    expect(outcome.ok && outcome.result.importedCount).toBe(4);
    const [chunk] = (await db.outbox.toArray()).filter((entry) => entry.name === 'importTransactions');
    expect(parseMutatorArgs(findMutator('importTransactions')!, chunk!.args)).toEqual({ data: chunk!.args });
    expect(
      (chunk!.args as { rows: { description: string; merchant: string | null }[] }).rows.map(({ description, merchant }) => [description, merchant]),
    ).toEqual([
      ['AWS   invoice JAN', 'AWS'],
      ['Pago cliente  ACME', 'ACME Corp'],
      ['Transferencia entre cuentas', null],
      ['Café de la esquina', 'Café Pepe'],
    ]);
  });

  it('reaches the server as the same rows', async () => {
    const db = await openDb();
    const server = new MemorySyncServer();
    server.addToCompany(companyId, userId, 'owner');
    const replica = new Replica(db, userId);
    await runImport(db, request('banco-es.csv', { language: 'es' }));
    const failure = await syncCycle(replica, {
      push: async (push) => ({ ok: true, value: await server.push(userId, structuredClone(push)) }),
      pull: async (pull) => ({ ok: true, value: structuredClone(await server.pull(userId, pull)) }),
    });
    expect(failure).toBeNull();
    expect(await db.outbox.count()).toBe(0);
    const sortById = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
    expect(sortById(server.snapshot(userId).transactions as { id: string }[])).toEqual(sortById(await db.transactions.toArray()));
    expect(server.snapshot(userId).transactions).toHaveLength(7);
  });
});
