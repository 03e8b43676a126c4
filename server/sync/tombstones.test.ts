import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { drafts } from '../db/schema/drafts';
import { syncTombstones } from '../db/schema/sync';
import { database, insertTestCompany, insertTestUser, testTimestamp, useSyncTestApp } from './test-fixtures';

// The tombstone triggers of migrations 0012 and 0040 (decision 105), on the database itself:
// what every writer gets, through the sync routes or not.
useSyncTestApp();

/** Inserts transactions of `companyId` with these ids, in one statement. */
async function insertTransactions(db: Db, companyId: string, ids: string[]) {
  const rows = ids.map((id) => sql`(${id}, ${companyId}, '2026-02-01', 'Coffee', -450, ${testTimestamp}, ${testTimestamp})`);
  await db.execute(sql`insert into transactions (id, company_id, date, description, amount_cents, created_at, updated_at) values ${sql.join(rows, sql`, `)}`);
}

async function tombstoned(ids: string[]): Promise<{ rowId: string; scopeId: string }[]> {
  return database.db
    .select({ rowId: syncTombstones.rowId, scopeId: syncTombstones.scopeId })
    .from(syncTombstones)
    .where(inArray(syncTombstones.rowId, ids))
    .orderBy(syncTombstones.rowId);
}

describe("a deleted row's tombstone", () => {
  it('goes for every row one statement writes again into its scope, and stays for the others', async () => {
    const companyId = await insertTestCompany(database.db, await insertTestUser(database.db));
    const ids = [randomUUID(), randomUUID(), randomUUID()].sort();
    await insertTransactions(database.db, companyId, ids);
    await database.db.execute(sql`delete from transactions where id in ${ids}`);
    expect(await tombstoned(ids)).toHaveLength(3);

    await insertTransactions(database.db, companyId, ids.slice(0, 2));
    expect(await tombstoned(ids)).toEqual([{ rowId: ids[2], scopeId: companyId }]);
  });

  it("goes when a user's draft is written again, by the user whose draft it was", async () => {
    const ana = await insertTestUser(database.db);
    const bruno = await insertTestUser(database.db, 'Bruno');
    const draft = { id: randomUUID(), kind: 'companyCreation' as const, step: 1, data: {}, updatedAt: testTimestamp };
    await database.db.insert(drafts).values({ ...draft, userId: ana });
    await database.db.delete(drafts).where(eq(drafts.id, draft.id));

    await database.db.insert(drafts).values({ ...draft, userId: bruno });
    expect(await tombstoned([draft.id])).toEqual([{ rowId: draft.id, scopeId: ana }]);
    await database.db.delete(drafts).where(eq(drafts.id, draft.id));
    await database.db.insert(drafts).values({ ...draft, userId: ana });
    expect(await tombstoned([draft.id])).toEqual([{ rowId: draft.id, scopeId: bruno }]);
  });

  it('goes when an update moves the row back into the scope it left', async () => {
    const owner = await insertTestUser(database.db);
    const [first, second] = [await insertTestCompany(database.db, owner), await insertTestCompany(database.db, owner)];
    const id = randomUUID();
    await insertTransactions(database.db, first, [id]);
    await database.db.execute(sql`update transactions set company_id = ${second} where id = ${id}`);
    expect(await tombstoned([id])).toEqual([{ rowId: id, scopeId: first }]);

    await database.db.execute(sql`update transactions set company_id = ${first} where id = ${id}`);
    expect(await tombstoned([id])).toEqual([{ rowId: id, scopeId: second }]);
  });

  it('is looked for by its key: an insert reads each tombstone at most once, however many its scope has', async () => {
    const companyId = await insertTestCompany(database.db, await insertTestUser(database.db));
    await database.db.execute(
      sql`insert into sync_tombstones (table_name, row_id, scope_id, version) select 'transactions', gen_random_uuid()::text, ${companyId}, nextval('sync_version') from generate_series(1, 200)`,
    );
    const rows = 20;
    // This transaction's own reads of the table, by scan or index (`pg_stat_xact_user_tables`).
    const reads = async (tx: Db) => {
      const result = (await tx.execute(
        sql`select (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::int as n from pg_stat_xact_user_tables where relname = 'sync_tombstones'`,
      )) as { rows: { n: number }[] };
      return result.rows[0]?.n ?? 0;
    };
    await database.db.transaction(async (tx) => {
      const total = ((await tx.execute(sql`select count(*)::int as n from sync_tombstones`)) as { rows: { n: number }[] }).rows[0]!.n;
      const before = await reads(tx);
      await insertTransactions(
        tx,
        companyId,
        Array.from({ length: rows }, () => randomUUID()),
      );
      // Looked for row by row through the scope's index, it read 20 × 200.
      expect((await reads(tx)) - before).toBeLessThanOrEqual(total);
    });
  });
});
