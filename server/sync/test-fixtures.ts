import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { protocolVersion, type Mutation } from '@sync/protocol';
import type { Database, Db } from '../db/client';
import { createTestApp, type TestApp } from '../test/harness';
import { applyPull } from './pull';
import { applyPush } from './push';

/** The device clock sync tests send with mutations and rows (shown, never compared). */
export const testTimestamp = '2026-11-21T10:00:00.000Z';

/**
 * The real app and database of a sync test file (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL). `useSyncTestApp()` at the top of the file opens them before its tests
 * and closes them after; `t` and `database` are live bindings, so tests read them directly.
 */
export let t: TestApp;
export let database: Database;

export function useSyncTestApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    database = t.database;
  });
  afterAll(() => t.close());
}

/**
 * A device of `userId` on the test database: pushes batches with consecutive mutation ids,
 * pulls (from scratch unless given a cursor), and `replay(n)` sends its n-th batch again, like a retried request.
 */
export function testDevice(userId: string) {
  const clientId = randomUUID();
  let next = 1;
  const sent: Mutation[][] = [];
  return {
    clientId,
    push(...mutations: [name: string, args: unknown][]) {
      const batch: Mutation[] = mutations.map(([name, args]) => ({ id: next++, name, args, createdAt: testTimestamp }));
      sent.push(batch);
      return applyPush(database.db, userId, { clientId, protocolVersion, mutations: batch });
    },
    replay: (index: number) => applyPush(database.db, userId, { clientId, protocolVersion, mutations: sent[index]! }),
    pull: (cursor: string | null = null, pageSize?: number) =>
      applyPull(database.db, userId, { clientId, protocolVersion, cursor, lastMutationId: 0 }, pageSize),
  };
}

/** A user row for sync tests (accounts are not what these tests are about). */
export async function insertTestUser(db: Db, name = 'Ana'): Promise<string> {
  const id = randomUUID();
  await db.execute(sql`insert into users (id, email, first_name, last_name) values (${id}, ${`${name.toLowerCase()}-${id}@example.com`}, ${name}, 'Test')`);
  return id;
}

/** A company owned by `ownerId`, with optional teammates. */
export async function insertTestCompany(db: Db, ownerId: string, teammates: string[] = []): Promise<string> {
  const id = randomUUID();
  // Raw SQL: only the columns the sync scope depends on, whatever else companies grows.
  await db.execute(sql`insert into companies (id, owner_id, type, name_option_1) values (${id}, ${ownerId}, 'LLC', 'Acme')`);
  for (const userId of teammates) await db.execute(sql`insert into company_members (company_id, user_id) values (${id}, ${userId})`);
  return id;
}

/** A company of an owner with a teammate, and a stranger who belongs to neither (bookkeeping scope tests). */
export async function insertTestTeam(db: Db) {
  const owner = await insertTestUser(db, 'Olga');
  const teammate = await insertTestUser(db, 'Tomas');
  const stranger = await insertTestUser(db, 'Sara');
  const companyId = await insertTestCompany(db, owner, [teammate]);
  return { owner, teammate, stranger, companyId };
}

export function draftRow(
  overrides: Partial<{ id: string; kind: string; companyId: string | null; step: number; data: Record<string, unknown>; updatedAt: string }> = {},
) {
  return {
    id: randomUUID(),
    kind: 'companyCreation',
    companyId: null,
    step: 1,
    data: { name: 'Acme' },
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

export { transactionForm } from '@domain/transaction-fixture';

/** Resolves once a transaction of this test's database waits for a scope's write lock (PostgreSQL only: PGlite runs one at a time). */
export async function untilSomeoneWaitsForAScope(db: Db): Promise<void> {
  for (let waiting = false; !waiting;) {
    const result = (await db.execute(
      sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`,
    )) as { rows: { n: number }[] };
    waiting = result.rows[0]!.n > 0;
  }
}
