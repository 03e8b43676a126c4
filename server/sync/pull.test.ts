import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { PullResponse } from '@sync/protocol';
import { drafts } from '../db/schema/drafts';
import { syncTombstones } from '../db/schema/sync';
import { decodeCursor } from './cursor';
import { purgeSyncHistory, syncRetentionDays } from './retention';
import { database, draftRow, insertTestCompany, insertTestUser, testDevice, useSyncTestApp } from './test-fixtures';

useSyncTestApp();

const day = 24 * 60 * 60 * 1000;

describe('pull', () => {
  it('returns the changes after the cursor, deletes as tombstones, with lastMutationId', async () => {
    const ana = testDevice(await insertTestUser(database.db));
    const first = draftRow();
    const second = draftRow({ kind: 'companyMigration' });
    await ana.push(['saveDraft', first], ['saveDraft', second]);
    const initial = await ana.pull(null);
    expect(initial).toMatchObject({ lastMutationId: 2, hasMore: false, resync: true, rejections: [] });
    expect(initial.changes.drafts!.puts).toEqual([first, second]);

    await ana.push(['deleteDraft', { id: first.id }], ['saveDraft', { ...second, step: 3 }]);
    const delta = await ana.pull(initial.cursor);
    expect(delta.resync).toBeUndefined();
    expect(delta.lastMutationId).toBe(4);
    expect(delta.changes.drafts).toEqual({ puts: [{ ...second, step: 3 }], deletes: [first.id] });

    const nothing = await ana.pull(delta.cursor);
    expect(nothing).toMatchObject({ cursor: delta.cursor, changes: {}, hasMore: false });
  });

  it("never shows another user's drafts or tombstones", async () => {
    const ana = testDevice(await insertTestUser(database.db));
    const bruno = testDevice(await insertTestUser(database.db));
    const start = await bruno.pull(null);
    const anas = draftRow();
    await ana.push(['saveDraft', anas], ['deleteDraft', { id: anas.id }], ['saveDraft', draftRow()]);
    expect((await bruno.pull(start.cursor)).changes).toEqual({});
  });

  it('pages in version order until hasMore is false', async () => {
    const ana = testDevice(await insertTestUser(database.db));
    const rows = Array.from({ length: 7 }, (_, i) => draftRow({ step: i }));
    await ana.push(...rows.map((row): [string, unknown] => ['saveDraft', row]));
    const seen: unknown[] = [];
    let page: PullResponse | null = null;
    let pages = 0;
    do {
      page = await ana.pull(page?.cursor ?? null, 3);
      seen.push(...(page.changes.drafts?.puts ?? []));
      pages++;
    } while (page.hasMore);
    expect(pages).toBe(3);
    expect(seen).toEqual(rows);
  });

  it('resyncs in full when the user gains or loses a company', async () => {
    const anaId = await insertTestUser(database.db);
    const ana = testDevice(anaId);
    await ana.push(['saveDraft', draftRow()]);
    const before = await ana.pull(null);
    const companyId = await insertTestCompany(database.db, anaId);
    const after = await ana.pull(before.cursor);
    expect(after.resync).toBe(true);
    expect(after.changes.drafts!.puts).toHaveLength(1);
    expect(decodeCursor(after.cursor)!.fingerprint).not.toBe(decodeCursor(before.cursor)!.fingerprint);
    expect((await ana.pull(after.cursor)).resync).toBeUndefined();
    await database.db.execute(sql`delete from companies where id = ${companyId}`);
    expect((await ana.pull(after.cursor)).resync).toBe(true);
  });

  it('resyncs a cursor older than the purged tombstones, and only that one', async () => {
    const ana = testDevice(await insertTestUser(database.db));
    const old = draftRow();
    await ana.push(['saveDraft', old]);
    const stale = await ana.pull(null);
    await ana.push(['deleteDraft', { id: old.id }]);
    const fresh = await ana.pull(stale.cursor);
    expect(fresh.changes.drafts!.deletes).toEqual([old.id]);

    expect(await database.db.select().from(syncTombstones).where(eq(syncTombstones.rowId, old.id))).toHaveLength(1);
    await purgeSyncHistory(database.db, new Date(Date.now() + (syncRetentionDays + 1) * day));
    expect(await database.db.select().from(syncTombstones).where(eq(syncTombstones.rowId, old.id))).toEqual([]);

    const afterPurge = await ana.pull(stale.cursor);
    expect(afterPurge.resync).toBe(true);
    expect(afterPurge.changes).toEqual({});
    expect((await ana.pull(fresh.cursor)).resync).toBeUndefined();
  });

  it('purges tombstones in bounded batches, each raising the threshold of the scopes it purged', async () => {
    const ana = testDevice(await insertTestUser(database.db));
    const bruno = testDevice(await insertTestUser(database.db, 'Bruno'));
    const [first, second, third] = [draftRow(), draftRow(), draftRow()];
    await ana.push(['saveDraft', first], ['saveDraft', second]);
    await bruno.push(['saveDraft', third]);
    const [anaStale, brunoStale] = [await ana.pull(null), await bruno.pull(null)];
    await ana.push(['deleteDraft', { id: first.id }], ['deleteDraft', { id: second.id }]);
    await bruno.push(['deleteDraft', { id: third.id }]);
    const anaFresh = await ana.pull(anaStale.cursor);

    // Every tombstone due (other tests' too) goes, two at a time, and all are counted.
    const due = (await database.db.select().from(syncTombstones)).length;
    const transactions = vi.spyOn(database.db, 'transaction');
    const purged = await purgeSyncHistory(database.db, new Date(Date.now() + (syncRetentionDays + 1) * day), 2);
    // One transaction per two tombstones (and one for the rest): in one, it held them all at once.
    expect(transactions.mock.calls.length).toBeGreaterThan(due / 2);
    transactions.mockRestore();
    expect(purged.tombstones).toBe(due);
    expect(await database.db.select().from(syncTombstones)).toEqual([]);
    expect((await ana.pull(anaStale.cursor)).resync).toBe(true);
    expect((await bruno.pull(brunoStale.cursor)).resync).toBe(true);
    expect((await ana.pull(anaFresh.cursor)).resync).toBeUndefined();
  });

  it('keeps tombstones within the retention window', async () => {
    const ana = testDevice(await insertTestUser(database.db));
    const row = draftRow();
    await ana.push(['saveDraft', row], ['deleteDraft', { id: row.id }]);
    await purgeSyncHistory(database.db, new Date(Date.now() + (syncRetentionDays - 1) * day));
    expect(await database.db.select().from(syncTombstones).where(eq(syncTombstones.rowId, row.id))).toHaveLength(1);
  });

  it('stamps writes made outside the sync routes too (triggers), so pulls see them', async () => {
    const anaId = await insertTestUser(database.db);
    const ana = testDevice(anaId);
    const row = draftRow();
    await ana.push(['saveDraft', row]);
    const start = await ana.pull(null);
    await database.db.update(drafts).set({ step: 9 }).where(eq(drafts.id, row.id));
    expect((await ana.pull(start.cursor)).changes.drafts!.puts).toEqual([{ ...row, step: 9 }]);
  });

  it("still tells a user's devices about a deletion when another user then reuses the id", async () => {
    const ana = testDevice(await insertTestUser(database.db));
    const bruno = testDevice(await insertTestUser(database.db));
    const row = draftRow();
    await ana.push(['saveDraft', row]);
    const anaSeen = await ana.pull(null);
    await ana.push(['deleteDraft', { id: row.id }]);
    await bruno.push(['saveDraft', { ...row, data: { bruno: true } }]);
    expect((await ana.pull(anaSeen.cursor)).changes).toEqual({ drafts: { puts: [], deletes: [row.id] } });
    expect((await bruno.pull(null)).changes.drafts!.puts).toEqual([{ ...row, data: { bruno: true } }]);
  });

  it("shows a company's rows to its owner and teammates only, and drops them when a teammate leaves", async () => {
    const ownerId = await insertTestUser(database.db);
    const teammateId = await insertTestUser(database.db);
    const strangerId = await insertTestUser(database.db);
    const companyId = await insertTestCompany(database.db, ownerId, [teammateId]);
    const owner = testDevice(ownerId);
    const teammate = testDevice(teammateId);
    const stranger = testDevice(strangerId);
    const account = { id: randomUUID(), companyId, name: 'Petty cash', createdAt: '2026-11-21T10:00:00.000Z' };
    const teammateSeen = await teammate.pull(null);
    await owner.push(['createManualAccount', account]);
    expect((await teammate.pull(teammateSeen.cursor)).changes.manualAccounts!.puts).toEqual([{ ...account, updatedAt: account.createdAt }]);
    expect((await stranger.pull(null)).changes).toEqual({});
    // A stranger cannot write into the company either.
    expect((await stranger.push(['createManualAccount', { ...account, id: randomUUID(), name: 'Mine now' }])).rejections).toEqual([
      { mutationId: 1, code: 'forbidden' },
    ]);

    const before = await teammate.pull(null);
    expect((await owner.push(['deleteManualAccount', { id: account.id }])).rejections).toEqual([]);
    // Under the registry's name (`manualAccounts`), not the SQL table's (`manual_accounts`).
    expect((await teammate.pull(before.cursor)).changes).toEqual({ manualAccounts: { puts: [], deletes: [account.id] } });

    await owner.push(['createManualAccount', { ...account, id: randomUUID(), name: 'Bank' }]);
    const withCompany = await teammate.pull(null);
    expect(withCompany.changes.manualAccounts!.puts).toHaveLength(1);
    await database.db.execute(sql`delete from company_members where company_id = ${companyId} and user_id = ${teammateId}`);
    const gone = await teammate.pull(withCompany.cursor);
    expect(gone.resync).toBe(true);
    expect(gone.changes).toEqual({});
  });

  it('treats an unreadable cursor as a first pull', async () => {
    const ana = testDevice(await insertTestUser(database.db));
    expect((await ana.pull('not-a-cursor')).resync).toBe(true);
  });
});
