import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { protocolVersion, type Mutation } from '@sync/protocol';
import { drafts } from '../db/schema/drafts';
import { syncClients, syncRejections } from '../db/schema/sync';
import { applyPull } from './pull';
import { applyPush } from './push';
import {
  database,
  draftRow,
  insertTestCompany,
  insertTestUser,
  testDevice,
  testTimestamp as createdAt,
  untilSomeoneWaitsForAScope,
  useSyncTestApp,
} from './test-fixtures';

useSyncTestApp();

const mutation = (id: number, name: string, args: unknown): Mutation => ({ id, name, args, createdAt });
const push = (userId: string, clientId: string, mutations: Mutation[]) => applyPush(database.db, userId, { clientId, protocolVersion, mutations });

async function lastMutationIdOf(clientId: string) {
  const [row] = await database.db.select().from(syncClients).where(eq(syncClients.clientId, clientId));
  return row?.lastMutationId;
}

describe('push', () => {
  it('applies a mutation pushed many times exactly once, including after a lost response', async () => {
    const userId = await insertTestUser(database.db);
    const clientId = randomUUID();
    const draft = draftRow({ step: 1 });
    const batch = [mutation(1, 'saveDraft', draft), mutation(2, 'saveDraft', { ...draft, step: 2 })];
    // The server commits, the response is lost, the client pushes the same batch again, twice.
    expect(await push(userId, clientId, batch)).toEqual({ lastMutationId: 2, rejections: [] });
    const [afterFirst] = await database.db.select().from(drafts).where(eq(drafts.id, draft.id));
    expect(await push(userId, clientId, batch)).toEqual({ lastMutationId: 2, rejections: [] });
    expect(await push(userId, clientId, [batch[1]!])).toEqual({ lastMutationId: 2, rejections: [] });
    const [afterRetries] = await database.db.select().from(drafts).where(eq(drafts.id, draft.id));
    expect(afterRetries!.step).toBe(2);
    // Not even re-stamped: a skipped mutation writes nothing.
    expect(afterRetries!.version).toBe(afterFirst!.version);
  });

  it('refuses deleting a draft the caller cannot see with not_found, and treats deleting their own deleted draft as done', async () => {
    const ana = testDevice(await insertTestUser(database.db, 'Ana'));
    const bruno = testDevice(await insertTestUser(database.db, 'Bruno'));
    const anas = draftRow();
    await ana.push(['saveDraft', anas]);

    // Bruno aims at Ana's draft id, then at an id nobody has: refused, reported, nothing changed.
    expect(await bruno.push(['deleteDraft', { id: anas.id }], ['deleteDraft', { id: randomUUID() }])).toEqual({
      lastMutationId: 2,
      rejections: [
        { mutationId: 1, code: 'not_found' },
        { mutationId: 2, code: 'not_found' },
      ],
    });
    expect(await database.db.select({ id: drafts.id }).from(drafts).where(eq(drafts.id, anas.id))).toHaveLength(1);

    // Ana discards it on two devices: the second discard finds it already gone from her drafts.
    const anaTablet = testDevice((await database.db.select({ userId: drafts.userId }).from(drafts).where(eq(drafts.id, anas.id)))[0]!.userId!);
    expect(await ana.push(['deleteDraft', { id: anas.id }])).toEqual({ lastMutationId: 2, rejections: [] });
    expect(await anaTablet.push(['deleteDraft', { id: anas.id }])).toEqual({ lastMutationId: 1, rejections: [] });
  });

  it('refuses a gap without side effects and keeps per-client order', async () => {
    const userId = await insertTestUser(database.db);
    const clientId = randomUUID();
    await push(userId, clientId, [mutation(1, 'saveDraft', draftRow())]);
    const skipped = draftRow();
    await expect(push(userId, clientId, [mutation(3, 'saveDraft', skipped)])).rejects.toMatchObject({ status: 409, code: 'sync_mutation_gap' });
    expect(await database.db.select().from(drafts).where(eq(drafts.id, skipped.id))).toEqual([]);
    expect(await lastMutationIdOf(clientId)).toBe(1);
  });

  it('refuses a first push that does not start at 1, creating nothing', async () => {
    const userId = await insertTestUser(database.db);
    const clientId = randomUUID();
    await expect(push(userId, clientId, [mutation(2, 'saveDraft', draftRow())])).rejects.toMatchObject({ code: 'sync_mutation_gap' });
    expect(await lastMutationIdOf(clientId)).toBeUndefined();
  });

  it('advances lastMutationId past a permanent rejection, rolls back only its effects and reports its reason', async () => {
    const userId = await insertTestUser(database.db);
    const clientId = randomUUID();
    const draft = draftRow();
    const result = await push(userId, clientId, [
      mutation(1, 'saveDraft', draft),
      mutation(2, 'saveDraft', { ...draft, kind: 'kyb' }),
      mutation(3, 'saveDraft', { ...draft, step: 'three' }),
      mutation(4, 'renameEverything', {}),
      mutation(5, 'saveDraft', { ...draft, step: 5 }),
    ]);
    expect(result).toEqual({
      lastMutationId: 5,
      rejections: [
        { mutationId: 2, code: 'invalid' },
        { mutationId: 3, code: 'invalid' },
        { mutationId: 4, code: 'unknown_mutator' },
      ],
    });
    const [stored] = await database.db.select().from(drafts).where(eq(drafts.id, draft.id));
    expect(stored).toMatchObject({ kind: 'companyCreation', step: 5 });
    // A retry of the batch (response lost) still learns the reasons.
    expect((await push(userId, clientId, [mutation(4, 'renameEverything', {})])).rejections).toEqual([{ mutationId: 4, code: 'unknown_mutator' }]);
    const pulled = await applyPull(database.db, userId, { clientId, protocolVersion, cursor: null, lastMutationId: 1 });
    expect(pulled.rejections).toEqual(result.rejections);
    expect(pulled.lastMutationId).toBe(5);
  });

  it("refuses to overwrite another user's draft and to draft for a company that is not the user's", async () => {
    const ana = await insertTestUser(database.db, 'Ana');
    const bruno = await insertTestUser(database.db, 'Bruno');
    const brunosCompany = await insertTestCompany(database.db, bruno);
    const draft = draftRow();
    await push(ana, randomUUID(), [mutation(1, 'saveDraft', draft)]);
    const brunosDraft = draftRow({ kind: 'kyb', companyId: brunosCompany, data: { kind: 'business', form: {} } });
    const result = await push(bruno, randomUUID(), [
      mutation(1, 'saveDraft', { ...draft, data: { stolen: true } }),
      mutation(2, 'deleteDraft', { id: draft.id }),
      mutation(3, 'saveDraft', brunosDraft),
    ]);
    expect(result.rejections).toEqual([
      { mutationId: 1, code: 'forbidden' },
      { mutationId: 2, code: 'not_found' },
    ]);
    // The refusal came after a write attempt, so the batch ran again with savepoints: what follows still applied.
    expect(await database.db.select().from(drafts).where(eq(drafts.id, brunosDraft.id))).toMatchObject([{ userId: bruno, companyId: brunosCompany }]);
    const [stored] = await database.db.select().from(drafts).where(eq(drafts.id, draft.id));
    expect(stored).toMatchObject({ userId: ana, data: { name: 'Acme' } });
    const anaTries = await push(ana, randomUUID(), [
      mutation(1, 'saveDraft', draftRow({ kind: 'kyb', companyId: brunosCompany, data: { kind: 'business', form: {} } })),
    ]);
    expect(anaTries.rejections).toEqual([{ mutationId: 1, code: 'forbidden' }]);
  });

  it('records a rejection only once per mutation', async () => {
    const userId = await insertTestUser(database.db);
    const clientId = randomUUID();
    await push(userId, clientId, [mutation(1, 'nothing', {})]);
    await push(userId, clientId, [mutation(1, 'nothing', {})]);
    expect(await database.db.select().from(syncRejections).where(eq(syncRejections.clientId, clientId))).toHaveLength(1);
  });

  it('refuses a poison mutation on its own (absurdly nested data, a hint that throws) and applies the rest of the batch', async () => {
    const userId = await insertTestUser(database.db);
    const clientId = randomUUID();
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level++) deep = { deeper: deep };
    const after = draftRow();
    const result = await push(userId, clientId, [
      mutation(1, 'saveDraft', draftRow({ data: { deep } })),
      mutation(2, 'setTransactionNote', { id: randomUUID(), note: 'x'.repeat(100), updatedAt: createdAt, extra: deep }),
      mutation(3, 'saveDraft', after),
    ]);
    expect(result).toEqual({
      lastMutationId: 3,
      rejections: [
        { mutationId: 1, code: 'invalid' },
        { mutationId: 2, code: 'invalid' },
      ],
    });
    expect(await database.db.select({ id: drafts.id }).from(drafts).where(eq(drafts.id, after.id))).toEqual([{ id: after.id }]);
  });

  // Pushes of one client take its row, and every writer takes scope locks: the row comes after
  // the scopes, so a push waiting for a scope holds nothing another push of the client needs.
  // PostgreSQL only: embedded PGlite has one connection, so nothing runs beside the push.
  it.skipIf(!process.env.TEST_DATABASE_URL)('takes the client row only once it holds every scope lock', async () => {
    const userId = await insertTestUser(database.db);
    const clientId = randomUUID();
    expect(await push(userId, clientId, [mutation(1, 'saveDraft', draftRow())])).toEqual({ lastMutationId: 1, rejections: [] });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(sql`select sync_lock_scope(${userId})`);
      holding();
      await released;
    });
    await held;
    const pushing = push(userId, clientId, [mutation(2, 'saveDraft', draftRow())]);
    try {
      // Once the push waits for the scope (in this test's database), its client's row is free.
      await untilSomeoneWaitsForAScope(database.db);
      const row = (await database.db.execute(sql`select last_mutation_id from sync_clients where client_id = ${clientId}::uuid for update nowait`)) as {
        rows: unknown[];
      };
      expect(row.rows).toHaveLength(1);
    } finally {
      release();
      await holder;
    }
    expect(await pushing).toEqual({ lastMutationId: 2, rejections: [] });
  });
});
