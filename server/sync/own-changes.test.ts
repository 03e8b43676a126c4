import { randomUUID } from 'node:crypto';
import { getTableName, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tableNames } from '@sync/tables';
import { applyPull } from './pull';
import { purgeSyncHistory, syncRetentionDays } from './retention';
import { serverTables } from './tables';
import { database, insertTestTeam, testDevice, testTimestamp as at, untilSomeoneWaitsForAScope, useSyncTestApp } from './test-fixtures';

useSyncTestApp();

/**
 * Decision 091: a pull whose changes since the cursor are all the puller's own mirrored
 * mutations answers `ownChangesOnly` without the rows; anything else written in its scopes
 * since the cursor brings every row back as before.
 */

const day = 24 * 60 * 60 * 1000;

async function team() {
  const { owner, teammate, companyId } = await insertTestTeam(database.db);
  return { owner: testDevice(owner), ownerId: owner, teammate: testDevice(teammate), companyId };
}

const created = (companyId: string, id = randomUUID()) =>
  [
    'createTransaction',
    {
      id,
      companyId,
      createdAt: at,
      transaction: {
        date: '2026-03-02',
        description: `Purchase ${id.slice(0, 8)}`,
        amountCents: -2_500,
        accountKind: null,
        accountId: null,
        category: null,
        merchant: null,
        note: '',
      },
    },
  ] as [string, unknown];
const noted = (id: string, note: string): [string, unknown] => ['setTransactionNote', { id, note, updatedAt: at }];
const puts = (response: { changes: Record<string, { puts: Record<string, unknown>[] }> }) => (response.changes.transactions?.puts ?? []).map((row) => row.id);

describe('a pull of only the puller’s own changes', () => {
  it('answers without the rows and moves the cursor past them; the next change of someone else comes as usual', async () => {
    const { owner, ownerId, teammate, companyId } = await team();
    const start = await owner.pull(null);
    const [chair, desk] = [randomUUID(), randomUUID()];
    await owner.push(created(companyId, chair), created(companyId, desk), noted(chair, 'For the new hire'));

    const own = await owner.pull(start.cursor);
    expect(own).toMatchObject({ ownChangesOnly: true, changes: {}, hasMore: false, lastMutationId: 3, rejections: [] });
    // Nothing is left after that cursor: the own changes are behind it.
    const after = await owner.pull(own.cursor);
    expect(after).toMatchObject({ cursor: own.cursor, changes: {}, hasMore: false });
    expect(after.ownChangesOnly).toBeUndefined();

    await teammate.push(noted(desk, 'Standing desk'));
    const theirs = await owner.pull(own.cursor);
    expect(theirs.ownChangesOnly).toBeUndefined();
    expect(theirs.changes.transactions!.puts).toEqual([expect.objectContaining({ id: desk, note: 'Standing desk' })]);

    // A client of an earlier protocol gets its own rows back, as before.
    const older = await applyPull(database.db, ownerId, { clientId: owner.clientId, protocolVersion: 2, cursor: start.cursor, lastMutationId: 0 });
    expect(older.ownChangesOnly).toBeUndefined();
    expect(puts(older).sort()).toEqual([chair, desk].sort());
  });

  it('sends every row when someone else wrote the scope since the cursor, even before the own changes', async () => {
    const { owner, teammate, companyId } = await team();
    const [chair, desk] = [randomUUID(), randomUUID()];
    await owner.push(created(companyId, chair), created(companyId, desk));
    const synced = await owner.pull(null);

    await teammate.push(noted(desk, 'Theirs'));
    await owner.push(noted(chair, 'Mine'));
    const both = await owner.pull(synced.cursor);
    expect(both.ownChangesOnly).toBeUndefined();
    expect(puts(both).sort()).toEqual([chair, desk].sort());

    // A write outside the sync routes (the server's own) counts as someone else's.
    await owner.push(noted(chair, 'Mine again'));
    await database.db.execute(sql`update transactions set category = 'software' where id = ${desk}`);
    const withServer = await owner.pull(both.cursor);
    expect(withServer.ownChangesOnly).toBeUndefined();
    expect(puts(withServer).sort()).toEqual([chair, desk].sort());
  });

  it('sends the rows of a push that ran a mutator the server may not run as the device did, or refused one', async () => {
    const { owner, companyId } = await team();
    const [chair, desk] = [randomUUID(), randomUUID()];
    await owner.push(created(companyId, chair), created(companyId, desk));
    const synced = await owner.pull(null);

    // A deletion is not mirrored: its tombstone and the note come back.
    await owner.push(['deleteTransaction', { id: desk }], noted(chair, 'Kept'));
    const deleted = await owner.pull(synced.cursor);
    expect(deleted.ownChangesOnly).toBeUndefined();
    expect(deleted.changes.transactions).toEqual({ puts: [expect.objectContaining({ id: chair, note: 'Kept' })], deletes: [desk] });

    // A refused mutation in the push: the device must take it back, so the rows come.
    await owner.push(noted(randomUUID(), 'Nowhere'), noted(chair, 'After a refusal'));
    const refused = await owner.pull(deleted.cursor);
    expect(refused.ownChangesOnly).toBeUndefined();
    expect(refused.rejections).toEqual([expect.objectContaining({ code: 'not_found' })]);
    expect(puts(refused)).toEqual([chair]);
  });

  it('sends the rows when the own change wrote over someone else’s, and leaves nothing out in the middle of a pull', async () => {
    const { owner, ownerId, teammate, companyId } = await team();
    const chair = randomUUID();
    await owner.push(created(companyId, chair));
    const synced = await owner.pull(null);

    // The teammate's category, then the owner's note on the same row: only the note's version is left on it.
    await teammate.push(['setTransactionCategory', { id: chair, category: 'software', updatedAt: at }]);
    await owner.push(noted(chair, 'Mine'));
    const both = await owner.pull(synced.cursor);
    expect(both.ownChangesOnly).toBeUndefined();
    expect(both.changes.transactions!.puts).toEqual([expect.objectContaining({ id: chair, category: 'software', note: 'Mine' })]);

    // A resync of a new device of the owner's, page by page, after its own pushes.
    const desk = randomUUID();
    const fresh = testDevice(ownerId);
    await fresh.push(created(companyId, desk), noted(desk, 'New'));
    let page = await fresh.pull(null, 1);
    const seen = puts(page);
    while (page.hasMore) {
      page = await fresh.pull(page.cursor, 1);
      expect(page.ownChangesOnly).toBeUndefined();
      seen.push(...puts(page));
    }
    expect(seen).toContain(desk);
  });

  it('sends the rows again once the record of the own writes is past the retention window', async () => {
    const { owner, companyId } = await team();
    const chair = randomUUID();
    await owner.push(created(companyId, chair));
    const synced = await owner.pull(null);
    await owner.push(noted(chair, 'Old news'));
    await purgeSyncHistory(database.db, new Date(Date.now() + (syncRetentionDays + 1) * day));
    const late = await owner.pull(synced.cursor);
    expect(late.ownChangesOnly).toBeUndefined();
    expect(puts(late)).toEqual([chair]);
  });

  // PostgreSQL only: embedded PGlite has one connection, so nothing commits while a push waits.
  it.skipIf(!process.env.TEST_DATABASE_URL)('counts a write committed while the push waited for the scope as one it built on', async () => {
    const { owner, companyId } = await team();
    const chair = randomUUID();
    await owner.push(created(companyId, chair));
    const synced = await owner.pull(null);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    // Someone else's write, holding the company's lock until released.
    const writer = database.db.transaction(async (tx) => {
      await tx.execute(sql`update transactions set category = 'software' where id = ${chair}`);
      holding();
      await released;
    });
    await held;
    const pushing = owner.push(noted(chair, 'Mine'));
    try {
      await untilSomeoneWaitsForAScope(database.db);
    } finally {
      release();
      await writer;
    }
    await pushing;
    const both = await owner.pull(synced.cursor);
    expect(both.ownChangesOnly).toBeUndefined();
    expect(both.changes.transactions!.puts).toEqual([expect.objectContaining({ id: chair, category: 'software', note: 'Mine' })]);
  });

  it('reads the last version of every synced table of a scope when a push takes its lock (a new synced table must be added there)', async () => {
    const result = (await database.db.execute(sql`select pg_get_functiondef('sync_scope_last_version(text, boolean)'::regprocedure) as source`)) as {
      rows: { source: string }[];
    };
    for (const table of tableNames) {
      const spec = serverTables[table];
      expect(result.rows[0]!.source).toContain(`FROM ${getTableName(spec.table)} WHERE ${spec.scope.name} = scope::uuid`);
    }
  });
});
