import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTransaction } from '@domain/transaction-fixture';
import { protocolVersion, type Mutation } from '@sync/protocol';
import type { Database } from '../db/client';
import { batchImports, transactions } from '../db/schema/bookkeeping';
import { syncClients } from '../db/schema/sync';
import { ProblemError } from '../lib/problem';
import { createTestApp, type TestApp } from '../test/harness';
import { applyPull } from './pull';
import { applyPush, pushStepRows } from './push';
import { insertTestCompany, insertTestUser } from './test-fixtures';

/**
 * A push writes each step's rows in one statement per table (`set-writes.ts`) and its steps
 * hold up to `pushStepRows` rows. These pin what must not change with it, on PGlite and on
 * PostgreSQL (TEST_DATABASE_URL): each mutation applied once however often its batch is
 * replayed, even after a crash between two steps; writes stored, and versioned, in the order
 * of the mutations within and across batches and tables; a refusal in the middle of a batch
 * loses only its own writes; an import's lines deduplicated and its transactions bounded.
 */

let t: TestApp;
let database: Database;
beforeAll(async () => {
  t = await createTestApp();
  database = t.database;
  // Every stored write of a transaction row, with the database transaction that made it.
  await database.db.execute(sql`create table test_set_writes (id bigserial primary key, row_id uuid, op text, note text, xid bigint)`);
  await database.db.execute(sql`
    create function test_log_set_write() returns trigger language plpgsql as $$
    begin
      insert into test_set_writes (row_id, op, note, xid) values (coalesce(new.id, old.id), tg_op, new.note, txid_current());
      return null;
    end $$`);
  await database.db.execute(sql`create trigger test_log_set_write after insert or update on transactions for each row execute function test_log_set_write()`);
});
afterAll(() => t.close());

const at = '2026-11-21T10:00:00.000Z';
const mutation = (id: number, name: string, args: unknown): Mutation => ({ id, name, args, createdAt: at });
const note = (id: number, row: string, text: string) => mutation(id, 'setTransactionNote', { id: row, note: text, updatedAt: at });

async function seed(companyId: string, count: number, date = '2026-01-05') {
  const ids = Array.from({ length: count }, () => randomUUID());
  for (let start = 0; start < count; start += 1000) {
    await database.db
      .insert(transactions)
      .values(
        ids
          .slice(start, start + 1000)
          .map((id, i) =>
            testTransaction({ id, companyId, date, description: `Line ${start + i}`, amountCents: -(start + i + 1), createdAt: at, updatedAt: at }),
          ),
      );
  }
  return ids;
}

async function writesOf(ids: string[]) {
  const result = (await database.db.execute(sql`select row_id, op, note, xid::text as xid from test_set_writes where row_id in ${ids} order by id`)) as {
    rows: { row_id: string; op: string; note: string; xid: string }[];
  };
  return result.rows;
}

async function notesOf(ids: string[]) {
  const rows = await database.db.select({ id: transactions.id, note: transactions.note }).from(transactions).where(inArray(transactions.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.note]));
}

/** Transaction rows in the order of their versions (the order a pull sends them). */
async function versionOrder(ids: string[]) {
  const rows = await database.db.select({ id: transactions.id }).from(transactions).where(inArray(transactions.id, ids)).orderBy(transactions.version);
  return rows.map((row) => row.id);
}

const lastMutationIdOf = async (clientId: string) =>
  (await database.db.select().from(syncClients).where(eq(syncClients.clientId, clientId)))[0]?.lastMutationId;

describe('set-based push', () => {
  it('applies a batch of several steps once, however often it is replayed, and after a crash between its steps', async () => {
    const owner = await insertTestUser(database.db);
    const companyId = await insertTestCompany(database.db, owner);
    const count = pushStepRows + 300;
    const ids = await seed(companyId, count);
    const clientId = randomUUID();
    const batch = ids.map((row, i) => note(i + 1, row, `n${i + 1}`));
    // The database "dies" on the last note's write: the steps before the last are committed, the last is not.
    const committed = Math.floor((count - 1) / pushStepRows) * pushStepRows;
    await database.db.execute(sql`create table test_crash_armed (armed boolean)`);
    await database.db.execute(sql`insert into test_crash_armed values (true)`);
    await database.db.execute(sql`create function test_crash() returns trigger language plpgsql as $$
      begin
        if new.note = ${sql.raw(`'n${count}'`)} and exists (select 1 from test_crash_armed) then raise exception 'crash' using errcode = '57P01'; end if;
        return new;
      end $$`);
    await database.db.execute(sql`create trigger test_crash before update on transactions for each row execute function test_crash()`);
    try {
      await expect(applyPush(database.db, owner, { clientId, protocolVersion, mutations: batch })).rejects.toSatisfy(
        (error) => error instanceof ProblemError && error.status === 503,
      );
      expect(await lastMutationIdOf(clientId)).toBe(committed);
      expect((await writesOf(ids)).filter((write) => write.op === 'UPDATE')).toHaveLength(committed);

      await database.db.execute(sql`delete from test_crash_armed`);
      // The device sends the whole batch again: the committed notes are acknowledged, not applied again.
      expect(await applyPush(database.db, owner, { clientId, protocolVersion, mutations: batch })).toEqual({ lastMutationId: count, rejections: [] });
      // Its answer was lost too: the same batch once more changes nothing.
      expect(await applyPush(database.db, owner, { clientId, protocolVersion, mutations: batch })).toEqual({ lastMutationId: count, rejections: [] });
    } finally {
      await database.db.execute(sql`drop trigger test_crash on transactions`);
    }
    const updates = (await writesOf(ids)).filter((write) => write.op === 'UPDATE');
    expect(updates.map((write) => write.row_id)).toEqual(ids);
    expect(Object.values(await notesOf(ids)).sort()).toEqual(ids.map((_, i) => `n${i + 1}`).sort());
    expect(await versionOrder(ids)).toEqual(ids);
  });

  it('stores and versions writes in the order of the mutations, within a batch, across tables and across batches', async () => {
    const owner = await insertTestUser(database.db);
    const companyId = await insertTestCompany(database.db, owner);
    const [a, b, c] = await seed(companyId, 3);
    const clientId = randomUUID();
    const accountId = randomUUID();
    const created = randomUUID();
    const form = { date: '2026-03-02', description: 'By hand', amountCents: -5, accountKind: 'manual', accountId, category: null, merchant: null, note: '' };
    const seeded = (await writesOf([a!, b!, c!])).length;
    expect(
      await applyPush(database.db, owner, {
        clientId,
        protocolVersion,
        mutations: [
          note(1, c!, 'c1'),
          mutation(2, 'createManualAccount', { id: accountId, companyId, name: 'Chase', createdAt: at }),
          note(3, a!, 'a3'),
          mutation(4, 'createTransaction', { id: created, companyId, createdAt: at, transaction: form }),
          note(5, b!, 'b5'),
          note(6, c!, 'c6'),
        ],
      }),
    ).toEqual({ lastMutationId: 6, rejections: [] });
    // Each write reached the triggers in order, the row written twice in both of its states.
    expect((await writesOf([a!, b!, c!, created])).slice(seeded).map((write) => [write.row_id, write.note])).toEqual([
      [c, 'c1'],
      [a, 'a3'],
      [created, ''],
      [b, 'b5'],
      [c, 'c6'],
    ]);
    expect(await versionOrder([a!, b!, c!, created])).toEqual([a, created, b, c]);

    // A second batch continues the order.
    expect(await applyPush(database.db, owner, { clientId, protocolVersion, mutations: [note(7, a!, 'a7'), note(8, created, 'x8')] })).toEqual({
      lastMutationId: 8,
      rejections: [],
    });
    expect(await versionOrder([a!, b!, c!, created])).toEqual([b, c, a, created]);
    // A pull pages in that order too: a page of two carries the two oldest changes.
    const page = await applyPull(database.db, owner, { clientId, protocolVersion, cursor: null, lastMutationId: 0 }, 3);
    expect((page.changes.transactions?.puts ?? []).map((row) => row.id)).toEqual([b, c]);
    expect((page.changes.manualAccounts?.puts ?? []).map((row) => row.id)).toEqual([accountId]);
  });

  it('refuses a mutation in the middle of a batch alone: the ones after it see the scope without its writes', async () => {
    const owner = await insertTestUser(database.db);
    const companyId = await insertTestCompany(database.db, owner);
    const [existing] = await seed(companyId, 1);
    const fresh = randomUUID();
    const clientId = randomUUID();
    const restored = testTransaction({ id: fresh, companyId, date: '2026-02-01', description: 'Restored', amountCents: -7, createdAt: at, updatedAt: at });
    const stored = (await database.db.select().from(transactions).where(eq(transactions.id, existing!)))[0]!;
    const { version: _version, ...existingRow } = stored;
    const form = { date: '2026-03-02', description: 'Typed', amountCents: -5, accountKind: null, accountId: null, category: null, merchant: null, note: '' };
    const result = await applyPush(database.db, owner, {
      clientId,
      protocolVersion,
      mutations: [
        note(1, existing!, 'before'),
        // Refused whole (one of its rows exists): its other row must not be stored either.
        mutation(2, 'restoreTransactions', { transactions: [restored, existingRow] }),
        // So this one finds the id free and creates it, and the note after it applies to it.
        mutation(3, 'createTransaction', { id: fresh, companyId, createdAt: at, transaction: form }),
        note(4, fresh, 'after'),
        note(5, existing!, 'last'),
      ],
    });
    expect(result).toEqual({ lastMutationId: 5, rejections: [{ mutationId: 2, code: 'invalid' }] });
    expect(await notesOf([existing!, fresh])).toEqual({ [existing!]: 'last', [fresh]: 'after' });
    const [created] = await database.db.select().from(transactions).where(eq(transactions.id, fresh));
    expect(created).toMatchObject({ description: 'Typed', amountCents: -5 });
    expect((await writesOf([existing!, fresh])).map((write) => [write.row_id, write.op, write.note])).toEqual([
      [existing, 'INSERT', ''],
      [existing, 'UPDATE', 'before'],
      [fresh, 'INSERT', ''],
      [fresh, 'UPDATE', 'after'],
      [existing, 'UPDATE', 'last'],
    ]);
  });

  it('imports a chunk in bounded transactions, keeping the first of repeated lines and every line stored before', async () => {
    const owner = await insertTestUser(database.db);
    const companyId = await insertTestCompany(database.db, owner);
    const accountId = randomUUID();
    const importId = randomUUID();
    const clientId = randomUUID();
    expect(
      await applyPush(database.db, owner, {
        clientId,
        protocolVersion,
        mutations: [
          mutation(1, 'createManualAccount', { id: accountId, companyId, name: 'Chase', createdAt: at }),
          mutation(2, 'createBatchImport', { id: importId, companyId, accountKind: 'manual', accountId, fileName: 'chase.csv', fileSize: 1, createdAt: at }),
        ],
      }),
    ).toEqual({ lastMutationId: 2, rejections: [] });
    const lines = Array.from({ length: 2 * pushStepRows + 500 }, (_, i) => ({
      id: randomUUID(),
      date: '2026-02-01',
      description: `Card payment ${i}`,
      amountCents: -(i + 1),
      category: null,
      merchant: null,
    }));
    // A line imported before and categorised since; a line repeated within the chunk.
    const [kept] = await seed(companyId, 1, '2026-02-01');
    await database.db.update(transactions).set({ category: 'software' }).where(eq(transactions.id, kept!));
    lines[10] = { ...lines[10]!, id: kept! };
    lines[pushStepRows + 20] = { ...lines[pushStepRows + 20]!, id: lines[5]!.id, description: 'Repeated' };
    const push = () =>
      applyPush(database.db, owner, {
        clientId,
        protocolVersion,
        mutations: [mutation(3, 'importTransactions', { importId, processedCount: lines.length, updatedAt: at, rows: lines })],
      });
    expect(await push()).toEqual({ lastMutationId: 3, rejections: [] });
    expect(await push()).toEqual({ lastMutationId: 3, rejections: [] });

    const ids = [...new Set(lines.map((line) => line.id))];
    const stored = await database.db.select().from(transactions).where(inArray(transactions.id, ids));
    expect(stored).toHaveLength(lines.length - 1);
    expect(stored.find((row) => row.id === kept)).toMatchObject({ category: 'software', importId: null, description: 'Line 0' });
    expect(stored.find((row) => row.id === lines[5]!.id)).toMatchObject({ description: 'Card payment 5', importId });
    // Bounded: each transaction of the import inserted at most `pushStepRows` lines, in as few transactions as that allows.
    const inserts = (await writesOf(ids)).filter((write) => write.op === 'INSERT' && write.row_id !== kept);
    const perTransaction = new Map<string, number>();
    for (const write of inserts) perTransaction.set(write.xid, (perTransaction.get(write.xid) ?? 0) + 1);
    const counts = [...perTransaction.values()];
    expect(Math.max(...counts)).toBeLessThanOrEqual(pushStepRows);
    expect(counts).toHaveLength(Math.ceil(lines.length / pushStepRows));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(lines.length - 2);
    const [batch] = await database.db.select().from(batchImports).where(eq(batchImports.id, importId));
    expect(batch).toMatchObject({ status: 'processing', processedCount: lines.length });
  });
});
