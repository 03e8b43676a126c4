import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTransaction } from '@domain/transaction-fixture';
import { protocolVersion, type Mutation } from '@sync/protocol';
import type { Database } from '../db/client';
import { declarations, transactions } from '../db/schema/bookkeeping';
import { syncClients } from '../db/schema/sync';
import { createTestApp, type TestApp } from '../test/harness';
import { createBatchedTx } from './batched-tx';
import { applyPull } from './pull';
import { applyPush } from './push';
import { companyRolesOf } from './scope';
import { createServerStore } from './server-tx';
import { insertTestCompany, insertTestUser } from './test-fixtures';

/**
 * Pushes run batched (rows read ahead, writes stored at the end in multi-row statements, no
 * savepoints) and fall back to one savepoint per mutation when a failure cannot be pinned on
 * one mutation otherwise. Both ways must keep every guarantee: exactly once, a refusal loses
 * only its own effects and still advances `lastMutationId`, versions in the order of writes.
 */

let t: TestApp;
let database: Database;
beforeAll(async () => {
  t = await createTestApp();
  database = t.database;
  // Every stored change of a transaction row: a mutation applied twice would write twice.
  await database.db.execute(sql`create table test_transaction_writes (id bigserial primary key, row_id uuid, op text)`);
  await database.db.execute(sql`
    create function test_log_transaction_write() returns trigger language plpgsql as $$
    begin
      insert into test_transaction_writes (row_id, op) values (coalesce(new.id, old.id), tg_op);
      return null;
    end $$`);
  await database.db.execute(
    sql`create trigger test_log_transaction_write after insert or update or delete on transactions for each row execute function test_log_transaction_write()`,
  );
});
afterAll(() => t.close());

const at = '2026-11-21T10:00:00.000Z';
const mutation = (id: number, name: string, args: unknown): Mutation => ({ id, name, args, createdAt: at });

async function seed(companyId: string, dates: string[]) {
  const ids = dates.map(() => randomUUID());
  await database.db
    .insert(transactions)
    .values(
      dates.map((date, i) =>
        testTransaction({ id: ids[i]!, companyId, date, description: `Line ${i}`, amountCents: -100 * (i + 1), createdAt: at, updatedAt: at }),
      ),
    );
  return ids;
}

async function writesOf(ids: string[]) {
  const result = (await database.db.execute(sql`select row_id, op from test_transaction_writes where row_id in ${ids} and op = 'UPDATE' order by id`)) as {
    rows: { row_id: string; op: string }[];
  };
  return result.rows;
}

async function notesOf(ids: string[]) {
  const rows = await database.db.select({ id: transactions.id, note: transactions.note }).from(transactions).where(inArray(transactions.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.note]));
}

describe('batched push', () => {
  it('applies the mutations around a refused one exactly once, and acknowledges the whole batch', async () => {
    const owner = await insertTestUser(database.db);
    const companyId = await insertTestCompany(database.db, owner);
    const [a, b, c, blocked, locked] = await seed(companyId, ['2026-01-05', '2026-02-05', '2026-03-05', '2026-04-05', '2025-11-05']);
    await database.db.update(transactions).set({ blocked: true }).where(eq(transactions.id, blocked!));
    await database.db.insert(declarations).values({ companyId, year: 2025, sentAt: new Date() });
    const setupWrites = (await writesOf([a!, b!, c!, blocked!, locked!])).length;
    const clientId = randomUUID();
    const note = (id: number, row: string, text: string) => mutation(id, 'setTransactionNote', { id: row, note: text, updatedAt: at });
    const batch = [
      note(1, a!, 'a1'),
      note(2, b!, 'b2'),
      note(3, blocked!, 'refused: blocked'),
      note(4, c!, 'c4'),
      note(5, locked!, 'refused: declaration sent'),
      note(6, randomUUID(), 'refused: not found'),
      mutation(7, 'setTransactionNote', { id: a!, note: 'x'.repeat(5000), updatedAt: at }),
      note(8, a!, 'a8'),
      mutation(9, 'renameEverything', {}),
      note(10, b!, 'b10'),
    ];
    const expected = {
      lastMutationId: 10,
      rejections: [
        { mutationId: 3, code: 'blocked' },
        { mutationId: 5, code: 'declaration_sent' },
        { mutationId: 6, code: 'not_found' },
        { mutationId: 7, code: 'invalid' },
        { mutationId: 9, code: 'unknown_mutator' },
      ],
    };
    expect(await applyPush(database.db, owner, { clientId, protocolVersion, mutations: batch })).toEqual(expected);
    expect(await notesOf([a!, b!, c!, blocked!, locked!])).toEqual({ [a!]: 'a8', [b!]: 'b10', [c!]: 'c4', [blocked!]: '', [locked!]: '' });
    // Every accepted write is stored, in the order it was made (triggers see each state); refused ones not at all.
    const writes = (await writesOf([a!, b!, c!, blocked!, locked!])).slice(setupWrites);
    expect(writes.map((write) => write.row_id)).toEqual([a, b, c, a, b]);

    // The response was lost: the same batch again, and a retry of its tail, change nothing.
    expect(await applyPush(database.db, owner, { clientId, protocolVersion, mutations: batch })).toEqual(expected);
    expect(await applyPush(database.db, owner, { clientId, protocolVersion, mutations: batch.slice(4) })).toEqual({
      lastMutationId: 10,
      rejections: expected.rejections.slice(1),
    });
    expect(await writesOf([a!, b!, c!, blocked!, locked!])).toHaveLength(setupWrites + 5);
    const [client] = await database.db.select().from(syncClients).where(eq(syncClients.clientId, clientId));
    expect(client!.lastMutationId).toBe(10);

    // A pull sees the rows in the order of their last write.
    const pulled = await applyPull(database.db, owner, { clientId, protocolVersion, cursor: null, lastMutationId: 0 });
    const order = (pulled.changes.transactions?.puts ?? []).map((row) => String(row.id));
    expect(order.filter((id) => [a, b, c].some((mine) => mine === id))).toEqual([c, a, b]);
  });

  it('pins a write it cannot store batched (an id of another company) on its mutation, with savepoints', async () => {
    const owner = await insertTestUser(database.db);
    const stranger = await insertTestUser(database.db);
    const companyId = await insertTestCompany(database.db, owner);
    const strangersCompany = await insertTestCompany(database.db, stranger);
    const [mine] = await seed(companyId, ['2026-01-05']);
    const [theirs] = await seed(strangersCompany, ['2026-01-05']);
    const form = { date: '2026-03-02', description: 'Taken', amountCents: -1, accountKind: null, accountId: null, category: null, merchant: null, note: '' };
    const result = await applyPush(database.db, owner, {
      clientId: randomUUID(),
      protocolVersion,
      mutations: [
        mutation(1, 'setTransactionNote', { id: mine!, note: 'before', updatedAt: at }),
        // Invisible to the owner, so it looks new; storing it meets the stranger's row.
        mutation(2, 'createTransaction', { id: theirs!, companyId, createdAt: at, transaction: form }),
        mutation(3, 'setTransactionChecked', { id: mine!, checked: true, updatedAt: at }),
      ],
    });
    expect(result).toEqual({ lastMutationId: 3, rejections: [{ mutationId: 2, code: 'forbidden' }] });
    const rows = await database.db
      .select()
      .from(transactions)
      .where(inArray(transactions.id, [mine!, theirs!]));
    expect(rows.find((row) => row.id === mine)).toMatchObject({ note: 'before', checked: true });
    expect(rows.find((row) => row.id === theirs)).toMatchObject({ companyId: strangersCompany, description: 'Line 0' });
  });

  it('reads a sent declaration once per company and push, and still refuses every edit of that year', async () => {
    const owner = await insertTestUser(database.db);
    const companyId = await insertTestCompany(database.db, owner);
    const ids = await seed(companyId, ['2024-02-01', '2025-02-01', '2024-03-01', '2026-02-01', '2025-03-01']);
    await database.db.insert(declarations).values([
      { companyId, year: 2024, sentAt: new Date() },
      { companyId, year: 2025 },
    ]);
    const result = await applyPush(database.db, owner, {
      clientId: randomUUID(),
      protocolVersion,
      mutations: ids.map((id, i) => mutation(i + 1, 'setTransactionChecked', { id, checked: true, updatedAt: at })),
    });
    expect(result.rejections).toEqual([
      { mutationId: 1, code: 'declaration_sent' },
      { mutationId: 3, code: 'declaration_sent' },
    ]);
  });

  it('says when a refused mutation had already reached the database, which only a savepoint can undo', async () => {
    const owner = await insertTestUser(database.db);
    const companyId = await insertTestCompany(database.db, owner);
    const [row] = await seed(companyId, ['2026-01-05']);
    await database.db
      .transaction(async (tx) => {
        const store = createServerStore(tx, owner, await companyRolesOf(tx, owner), new Set());
        const batched = createBatchedTx(store);
        const stored = (await batched.tx.get('transactions', row!))!;
        // Staged only: dropping it is the whole rollback.
        await batched.tx.put('transactions', { ...stored, note: 'staged' });
        expect(batched.discard()).toBe(true);
        // A list must see the mutation's own writes, so they are stored first.
        await batched.tx.put('transactions', { ...stored, note: 'stored' });
        expect(await batched.tx.list('transactions', 'companyId', companyId)).toMatchObject([{ note: 'stored' }]);
        expect(batched.discard()).toBe(false);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message.includes('Rollback'))) throw error;
      });
    expect(await notesOf([row!])).toEqual({ [row!]: '' });
  });
});
