import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importTransactions } from '@sync/mutators/bookkeeping-imports';
import { protocolVersion, type Mutation } from '@sync/protocol';
import { batchImports, transactions } from '../db/schema/bookkeeping';
import { syncClients } from '../db/schema/sync';
import { ProblemError } from '../lib/problem';
import { createUser, signIn } from '../test/accounts';
import { applyPush, planPush } from './push';
import { database, insertTestCompany, testTimestamp as at, t, useSyncTestApp } from './test-fixtures';

/**
 * A push is applied in short transactions (`pushStepRows`): a 5,000-line import chunk is cut
 * into parts, each committed on its own, exactly once and resumable after a crash between
 * them; meanwhile other people's requests keep being answered.
 */

useSyncTestApp();

const importLines = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    date: '2026-02-01',
    description: `Card payment ${index}`,
    amountCents: -(index + 1),
    category: null,
    merchant: null,
  }));

/** A company with a manual account and an import batch in progress, ready for `importTransactions`. */
async function importSetUp(userId: string) {
  const companyId = await insertTestCompany(database.db, userId);
  const accountId = randomUUID();
  const importId = randomUUID();
  const clientId = randomUUID();
  const setUp: Mutation[] = [
    { id: 1, name: 'createManualAccount', args: { id: accountId, companyId, name: 'Chase', createdAt: at }, createdAt: at },
    {
      id: 2,
      name: 'createBatchImport',
      args: { id: importId, companyId, accountKind: 'manual', accountId, fileName: 'chase.csv', fileSize: 1, createdAt: at },
      createdAt: at,
    },
  ];
  await applyPush(database.db, userId, { clientId, protocolVersion, mutations: setUp });
  const importing = (rows: ReturnType<typeof importLines>): Mutation => ({
    id: 3,
    name: 'importTransactions',
    args: { importId, processedCount: rows.length, updatedAt: at, rows },
    createdAt: at,
  });
  return { companyId, importId, clientId, importing };
}

const countImported = async (importId: string) =>
  ((await database.db.execute(sql`select count(*)::int as count from transactions where import_id = ${importId}`)) as { rows: { count: number }[] }).rows[0]!
    .count;

describe('push steps', () => {
  it('finishes an import cut short by a crash between its parts when the push is retried, storing each line once', async () => {
    const user = await createUser(t);
    const { importId, clientId, importing } = await importSetUp(user.id);
    const lines = importLines(5_000);
    // The server "dies" (a transient failure) in the part holding line 3,000: the parts before it are committed.
    await database.db.execute(sql`create function test_crash() returns trigger language plpgsql as $$
      begin
        if new.description = 'Card payment 3000' and exists (select 1 from test_crash_armed) then raise exception 'crash' using errcode = '57P01'; end if;
        return new;
      end $$`);
    await database.db.execute(sql`create table test_crash_armed (armed boolean)`);
    await database.db.execute(sql`insert into test_crash_armed values (true)`);
    await database.db.execute(sql`create trigger test_crash before insert on transactions for each row execute function test_crash()`);
    const push = () => applyPush(database.db, user.id, { clientId, protocolVersion, mutations: [importing(lines)] });
    try {
      await expect(push()).rejects.toSatisfy((error) => error instanceof ProblemError && error.status === 503);
      expect(await countImported(importId)).toBe(3_000);
      const [client] = await database.db.select().from(syncClients).where(eq(syncClients.clientId, clientId));
      expect(client!.lastMutationId).toBe(2);

      // Meanwhile the person categorises an imported line: the retry must not overwrite it.
      await database.db.update(transactions).set({ category: 'software' }).where(eq(transactions.id, lines[10]!.id));
      await database.db.execute(sql`delete from test_crash_armed`);
      expect(await push()).toEqual({ lastMutationId: 3, rejections: [] });
    } finally {
      await database.db.execute(sql`drop trigger test_crash on transactions`);
    }
    expect(await countImported(importId)).toBe(5_000);
    const [kept] = await database.db.select().from(transactions).where(eq(transactions.id, lines[10]!.id));
    expect(kept!.category).toBe('software');
    const [batch] = await database.db.select().from(batchImports).where(eq(batchImports.id, importId));
    expect(batch).toMatchObject({ status: 'processing', processedCount: 5_000 });
    // Acknowledged once: pushing it again changes nothing.
    expect(await push()).toEqual({ lastMutationId: 3, rejections: [] });
    expect(await countImported(importId)).toBe(5_000);
  }, 120_000);

  // On embedded PGlite one transaction used to stop every request (issue 9): another person's
  // request then waited for the whole import. Applied in bounded steps, the import lets other
  // requests through between its steps. (How long they wait is a figure of
  // `npm run bench -- import-latency`, not a timed test: it depends on the machine's load.)
  it("keeps answering another person's requests between the steps of a 5,000-line import", async () => {
    const importer = await createUser(t);
    const other = await createUser(t);
    const [importerCookies, otherCookies] = [await signIn(t, importer.email), await signIn(t, other.email)];
    const { importId, clientId, importing } = await importSetUp(importer.id);
    const body = { clientId, protocolVersion, mutations: [importing(importLines(5_000))] };

    let done = false;
    const pushed = t.request('/api/v1/sync/push', { method: 'POST', json: body, cookies: importerCookies }).finally(() => (done = true));
    let answeredDuringImport = 0;
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const response = await t.request('/api/v1/users/me', { cookies: otherCookies });
      expect(response.status).toBe(200);
      if (!done) answeredDuringImport++;
    }
    expect((await pushed).status).toBe(200);
    expect(await countImported(importId)).toBe(5_000);
    // One transaction for the whole import would let none through before it ends.
    expect(answeredDuringImport).toBeGreaterThanOrEqual(3);
  }, 120_000);

  // Parsing a 1,000-line chunk took 35–75 ms of the one thread every request shares: the
  // longest wait another request met during an import. A chunk is parsed in pieces of 200 lines.
  it('gives other requests a turn of the event loop before parsing each 200 lines of an import chunk', async () => {
    const chunk = (id: number): Mutation => ({
      id,
      name: 'importTransactions',
      args: { importId: randomUUID(), processedCount: 1_000, updatedAt: at, rows: importLines(1_000) },
      createdAt: at,
    });
    let turns = 0;
    let planning = true;
    const turn = () => {
      turns++;
      if (planning) setImmediate(turn);
    };
    setImmediate(turn);
    const plan = await planPush([chunk(1), chunk(2), chunk(3)], 1_000);
    planning = false;
    expect(plan.steps).toHaveLength(3);
    expect(plan.steps.map((step) => (step.parsed[0]!.data as { rows: unknown[] }).rows.length)).toEqual([1_000, 1_000, 1_000]);
    expect(turns).toBeGreaterThanOrEqual(15);
  });

  it('refuses a whole import chunk when one piece of it is refused, storing none of its lines', async () => {
    const user = await createUser(t);
    const { importId, clientId, importing } = await importSetUp(user.id);
    const lines = importLines(1_000);
    const last = lines.at(-1)!;
    const chunk = (args: Record<string, unknown>) => ({ ...importing(lines), args });
    const valid = { importId, processedCount: lines.length, updatedAt: at, rows: lines };
    for (const [mutationId, args] of [
      // A bad line in the last piece only.
      [3, { ...valid, rows: [...lines.slice(0, -1), { ...last, amountCents: 'ten' }] }],
      // A key the chunk does not have: every piece carries it.
      [4, { ...valid, source: 'bank' }],
      // More lines than a chunk may carry, though each piece would pass.
      [5, { ...valid, rows: importLines(5_001) }],
    ] as const) {
      const response = await applyPush(database.db, user.id, { clientId, protocolVersion, mutations: [{ ...chunk(args), id: mutationId }] });
      expect(response).toEqual({ lastMutationId: mutationId, rejections: [{ mutationId, code: 'invalid' }] });
    }
    expect(await countImported(importId)).toBe(0);
    // Only arguments with a chunk's own fields are cut: each piece copies them, so a flood of
    // other keys would be copied and walked once per piece. Those go whole to the parse.
    expect(importTransactions.parts!.cut(valid, 200)).toHaveLength(5);
    expect(importTransactions.parts!.cut({ ...valid, source: 'bank' }, 200)).toBeNull();
  }, 60_000);

  it("answers 429 with Retry-After once a user's pushes exceed the rate limit, and only for that user", async () => {
    const [greedy, other] = [await createUser(t), await createUser(t)];
    const [greedyCookies, otherCookies] = [await signIn(t, greedy.email), await signIn(t, other.email)];
    // 5,000 lines are 50 pieces of the bucket (500), though refused at once (no such import).
    const push = (cookies: string) =>
      t.request('/api/v1/sync/push', {
        method: 'POST',
        cookies,
        json: {
          clientId: randomUUID(),
          protocolVersion,
          mutations: [
            {
              id: 1,
              name: 'importTransactions',
              args: { importId: randomUUID(), processedCount: 5_000, updatedAt: at, rows: importLines(5_000) },
              createdAt: at,
            },
          ],
        },
      });
    for (let i = 0; i < 10; i++) expect((await push(greedyCookies)).status).toBe(200);
    const refused = await push(greedyCookies);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBe(5);
    expect((await push(otherCookies)).status).toBe(200);
    t.clock.advance(5_000);
    expect((await push(greedyCookies)).status).toBe(200);
  }, 120_000);
});
