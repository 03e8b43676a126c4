import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protocolVersion, type Mutation, type PullResponse } from '@sync/protocol';
import { MemorySyncServer } from '@sync/testing/memory-server';
import { createApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { createUser, signIn } from '../test/accounts';
import { readEventStream } from '../test/event-stream';
import { createTestApp, serveOverHttp, type TestApp } from '../test/harness';
import { applyPull } from './pull';
import { applyPush } from './push';
import { draftRow, insertTestCompany, insertTestUser, testTimestamp } from './test-fixtures';

/**
 * Two Alta instances on one PostgreSQL, as behind a load balancer: pushes of the same
 * client racing on both never apply a mutation twice, pushes to different companies commit
 * in parallel without a pull ever skipping a row, and a change made through one instance
 * pokes event streams held by the other (LISTEN/NOTIFY). Runs only with TEST_DATABASE_URL
 * (CI starts PostgreSQL).
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('two server instances on one PostgreSQL', () => {
  let first: TestApp;
  let secondDatabase: Database;
  let second: ReturnType<typeof createApp>;
  let cookies: string;
  let userId: string;

  beforeAll(async () => {
    first = await createTestApp({ SYNC_HEARTBEAT_MS: '1000' });
    // The second instance: its own pool and LISTEN connection on the same database.
    const { rows } = await (first.database.db as unknown as { $client: pg.Pool }).$client.query('select current_database() as name');
    const secondUrl = new URL(url!);
    secondUrl.pathname = `/${rows[0].name}`;
    secondDatabase = await openDatabase({ databaseUrl: secondUrl.toString(), dataDir: null });
    second = createApp(
      { env: first.env, database: secondDatabase, mailer: { send: async () => {} }, now: () => first.clock.now },
      { clientRoot: '/nonexistent' },
    );
    const user = await createUser(first);
    userId = user.id;
    cookies = await signIn(first, user.email);
    // Every write of a draft row, whoever makes it: a mutation applied twice writes twice.
    await first.database.db.execute(sql`create table test_draft_writes (id bigserial primary key, draft_id uuid, op text)`);
    await first.database.db.execute(sql`
      create function test_log_draft_write() returns trigger language plpgsql as $$
      begin
        insert into test_draft_writes (draft_id, op) values (coalesce(new.id, old.id), tg_op);
        return null;
      end $$`);
    await first.database.db.execute(
      sql`create trigger test_log_draft_write after insert or update or delete on drafts for each row execute function test_log_draft_write()`,
    );
  });
  afterAll(async () => {
    await secondDatabase?.close();
    await first?.close();
  });

  const instances = () => [first.app, second];
  const countWrites = async () => {
    const result = (await first.database.db.execute(sql`select count(*)::int as count from test_draft_writes`)) as { rows: { count: number }[] };
    return result.rows[0]!.count;
  };
  const push = async (instance: number, body: unknown) =>
    instances()[instance]!.request('/api/v1/sync/push', {
      method: 'POST',
      headers: { cookie: cookies, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('never applies a mutation twice when the same batches race on both instances', async () => {
    const clientId = randomUUID();
    const ids = Array.from({ length: 4 }, () => randomUUID());
    const mutations: Mutation[] = Array.from({ length: 24 }, (_, i) => {
      const id = ids[i % ids.length]!;
      const args = i % 5 === 4 ? { id } : draftRow({ id, step: i });
      return { id: i + 1, name: i % 5 === 4 ? 'deleteDraft' : 'saveDraft', args, createdAt: '2026-11-21T10:00:00.000Z' };
    });
    // What applying each mutation exactly once, in order, gives.
    const model = new MemorySyncServer();
    await model.push(userId, { clientId, protocolVersion, mutations });
    const writesBefore = await countWrites();

    // Retries, a lost response and a second tab: overlapping batches, all at once, on both instances.
    const batches = [8, 16, 24, 24, 12, 24, 16, 24, 24, 20].map((end, i) => ({
      instance: i % 2,
      mutations: mutations.slice(i % 3 === 0 ? 0 : Math.max(0, end - 12), end),
    }));
    const responses = await Promise.all(batches.map(({ instance, mutations: batch }) => push(instance, { clientId, protocolVersion, mutations: batch })));
    // A batch that started beyond what was processed at that moment is a gap (409) and changed nothing; the rest succeeded.
    for (const response of responses) expect([200, 409]).toContain(response.status);
    const finish = await push(1, { clientId, protocolVersion, mutations });
    expect(await finish.json()).toMatchObject({ lastMutationId: 24 });

    expect((await countWrites()) - writesBefore).toBe(model.log.length - deletesOfAbsentRows(mutations));

    const pulled = await instances()[0]!.request('/api/v1/sync/pull', {
      method: 'POST',
      headers: { cookie: cookies, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId, protocolVersion, cursor: null, lastMutationId: 0 }),
    });
    const rows = ((await pulled.json()).changes.drafts?.puts ?? []) as { id: string }[];
    expect(rows.filter((row) => ids.includes(row.id as never)).sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(model.snapshot(userId).drafts);
  });

  it('commits a push to one company while a push to another is held open, and a pull in between skips neither', async () => {
    const db = first.database.db;
    const [ana, bea, caro] = [await insertTestUser(db, 'Ana'), await insertTestUser(db, 'Bea'), await insertTestUser(db, 'Caro')];
    // Ana and Bea each own a company; Caro keeps the books of both.
    const [acme, bolt] = [await insertTestCompany(db, ana, [caro]), await insertTestCompany(db, bea, [caro])];
    // A gate inside Acme's push, after its row drew its version and before it commits: a
    // trigger waiting on an advisory lock that this test's own connection holds.
    const gate = 4_242_001;
    await db.execute(sql`create function test_gate() returns trigger language plpgsql as $$
      begin perform pg_advisory_xact_lock_shared(${sql.raw(String(gate))}); return null; end $$`);
    await db.execute(
      sql`create trigger test_gate after insert on transactions for each row when (new.company_id = ${sql.raw(`'${acme}'`)}) execute function test_gate()`,
    );
    const gatekeeper = new pg.Client({ connectionString: (first.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString });
    await gatekeeper.connect();
    await gatekeeper.query('select pg_advisory_lock($1)', [gate]);

    const create = (companyId: string) => ({
      id: randomUUID(),
      companyId,
      createdAt: testTimestamp,
      transaction: { date: '2026-03-15', description: 'Line', amountCents: 100, accountKind: null, accountId: null, category: null, merchant: null, note: '' },
    });
    const acmeRow = create(acme);
    const boltRow = create(bolt);
    const pushOne = (database: Database, userId: string, args: unknown) =>
      applyPush(database.db, userId, {
        clientId: randomUUID(),
        protocolVersion,
        mutations: [{ id: 1, name: 'createTransaction', args, createdAt: testTimestamp }],
      });
    try {
      const held = pushOne(first.database, ana, acmeRow);
      await expect
        .poll(async () => (await gatekeeper.query("select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted")).rows[0].n)
        .toBe(1);

      // Bolt's push through the other instance does not wait for Acme's (with one server-wide lock it would).
      const started = Date.now();
      await pushOne(secondDatabase, bea, boltRow);
      expect(Date.now() - started).toBeLessThan(2_000);

      const caroPull = (cursor: string | null) => applyPull(db, caro, { clientId: randomUUID(), protocolVersion, cursor, lastMutationId: 0 });
      const before = await caroPull(null);
      const pulledIds = (page: PullResponse) => (page.changes.transactions?.puts ?? []).map((row) => row.id);
      expect(pulledIds(before)).toEqual([boltRow.id]);

      await gatekeeper.query('select pg_advisory_unlock($1)', [gate]);
      await held;
      // Acme's row carries the lower version but committed last: Caro's next pull still gets it.
      const versions = (await db.execute(sql`select id, version from transactions where id in (${acmeRow.id}, ${boltRow.id})`)) as {
        rows: { id: string; version: string }[];
      };
      const versionOf = (id: string) => Number(versions.rows.find((row) => row.id === id)!.version);
      expect(versionOf(acmeRow.id)).toBeLessThan(versionOf(boltRow.id));
      expect(pulledIds(await caroPull(before.cursor))).toEqual([acmeRow.id]);
    } finally {
      await gatekeeper.end();
      await db.execute(sql`drop trigger test_gate on transactions`);
    }
  });

  it('pokes an event stream held by the other instance, also after a stream replaced another there', async () => {
    const served = await serveOverHttp(second);
    const open = async () => readEventStream(await fetch(`${served.base}/api/v1/sync/events`, { headers: { cookie: cookies } }));
    const clientId = randomUUID();
    let next = 1;
    const change = () =>
      push(0, { clientId, protocolVersion, mutations: [{ id: next++, name: 'saveDraft', args: draftRow(), createdAt: '2026-11-21T10:00:00.000Z' }] });
    try {
      // A tab reloads on the second instance: stream X opens and is aborted, stream Y replaces it.
      const x = await open();
      await x.until('ready');
      await x.cancel();
      const y = await open();
      await y.until('ready');
      await change();
      await y.until('poke', 1);
      expect(y.received).toContain(clientId);
      // After X's loop woke and ended on the second instance, changes made through the first still reach Y.
      await y.until('heartbeat', 1);
      await change();
      await y.until('poke', 2);
      await y.cancel();
    } finally {
      await served.close();
    }
  });
});

/** Deletes of a row that is already gone write nothing (the model logs them as processed all the same). */
function deletesOfAbsentRows(mutations: Mutation[]): number {
  const live = new Set<string>();
  let absent = 0;
  for (const mutation of mutations) {
    const id = (mutation.args as { id: string }).id;
    if (mutation.name === 'saveDraft') live.add(id);
    else if (!live.delete(id)) absent++;
  }
  return absent;
}
