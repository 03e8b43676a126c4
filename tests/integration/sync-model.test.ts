import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { MemoryServerError } from '@sync/testing/memory-server';
import { checkSyncModel, memberships, type ScenarioCast, type ScenarioServer } from '@sync/client/sync-model';
import type { Row } from '@sync/tables';
import { syncClients, syncRejections } from '@server/db/schema/sync';
import { ProblemError } from '@server/lib/problem';
import { applyPull } from '@server/sync/pull';
import { applyPush } from '@server/sync/push';
import { companyRolesOf } from '@server/sync/scope';
import { serverTables } from '@server/sync/tables';
import { insertTestCompany, insertTestUser } from '@server/sync/test-fixtures';
import { createTestApp, type TestApp } from '@server/test/harness';

/**
 * The model-based sync test (`sync/client/sync-model.ts`) against the real server: PGlite in
 * the first pass of `npm test`, PostgreSQL in CI's second. On PostgreSQL a burst of requests
 * runs as concurrent transactions on the pool, so pushes to different companies commit in
 * parallel, in any order of their versions, while pulls read: every device must still end up
 * with exactly the server's rows (a pull that skipped a row would leave a device short).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A fresh cast per scenario (the database is shared by every run): three users, three companies, fresh row ids. */
async function realServer(): Promise<{ server: ScenarioServer; cast: ScenarioCast }> {
  const db = t.database.db;
  const users = [await insertTestUser(db, 'Ana'), await insertTestUser(db, 'Bea'), await insertTestUser(db, 'Caro')] as const;
  const owner = (company: number) => users[memberships.find((m) => m.company === company && m.role === 'owner')!.user];
  const teammates = (company: number) => memberships.filter((m) => m.company === company && m.role === 'teammate').map((m) => users[m.user]);
  const companies = [
    await insertTestCompany(db, owner(0), teammates(0)),
    await insertTestCompany(db, owner(1), teammates(1)),
    await insertTestCompany(db, owner(2), teammates(2)),
  ] as const;
  const cast: ScenarioCast = {
    users,
    companies,
    transactionIds: [randomUUID(), randomUUID(), randomUUID()],
    draftIds: [randomUUID(), randomUUID(), randomUUID()],
  };

  const server: ScenarioServer = {
    async push(userId, request) {
      try {
        return await applyPush(db, userId, request);
      } catch (error) {
        if (error instanceof ProblemError && error.code === 'sync_mutation_gap') throw new MemoryServerError('sync_mutation_gap');
        throw error;
      }
    },
    pull: (userId, request, pageSize) => applyPull(db, userId, request, pageSize),
    async snapshot(userId) {
      const companyIds = [...(await companyRolesOf(db, userId)).keys()];
      const drafts = serverTables.drafts;
      const transactions = serverTables.transactions;
      const [draftRows, transactionRows] = await Promise.all([
        db.select(drafts.rowColumns).from(drafts.table).where(eq(drafts.scope, userId)).orderBy(asc(drafts.id)),
        companyIds.length === 0
          ? []
          : db.select(transactions.rowColumns).from(transactions.table).where(inArray(transactions.scope, companyIds)).orderBy(asc(transactions.id)),
      ]);
      return { drafts: draftRows, transactions: transactionRows as Row<'transactions'>[] };
    },
    async processed(clientId) {
      const [client] = await db.select({ last: syncClients.lastMutationId }).from(syncClients).where(eq(syncClients.clientId, clientId));
      const rejections = await db
        .select({ mutationId: syncRejections.mutationId, code: syncRejections.code })
        .from(syncRejections)
        .where(and(eq(syncRejections.clientId, clientId)));
      const codes = new Map(rejections.map(({ mutationId, code }) => [mutationId, code]));
      return Array.from({ length: client?.last ?? 0 }, (_, index) => ({ mutationId: index + 1, rejection: (codes.get(index + 1) ?? null) as never }));
    },
  };
  return { server, cast };
}

describe('sync model on the real server', () => {
  it('converges every device under a hostile network and concurrent pushes to overlapping scopes, applying each mutation once', async () => {
    await checkSyncModel(realServer, Number(process.env.SYNC_MODEL_DB_RUNS ?? (process.env.TEST_DATABASE_URL ? 60 : 20)));
  }, 600_000);
});
