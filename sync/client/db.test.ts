import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { AppDB, databaseName, readOutboxAfter, type OutboxEntry } from './db';
import { countOutboxReads, useTestDatabases } from './test-databases';

/**
 * A device that last ran an older app still has its database at an older version, with changes
 * waiting in the outbox. Opening it with the current `AppDB` must upgrade it in place: nothing
 * lost (above all the outbox), the newer stores and indexes there. The old schemas are written
 * out here as they shipped, on purpose: they are what devices hold, whatever db.ts says today.
 */

const userId = '0f5a7c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b';

// As shipped on 2026-11-21 (version 1), 2026-11-22 (version 2) and 2026-11-23 (version 3).
const shipped = {
  1: { profile: 'key', pageCache: 'key' },
  2: { outbox: 'id', syncMeta: 'key', rejectedChanges: '++seq', drafts: 'id, kind, companyId' },
  3: {
    transactions: 'id, companyId, [companyId+date], importId, accountId',
    manualAccounts: 'id, companyId',
    batchImports: 'id, companyId, [companyId+createdAt]',
    receiptFiles: 'id, transactionId, status',
  },
  4: { categoriserRules: 'id, companyId' },
  5: { companies: 'id, position' },
  6: { linkedAccounts: 'id, companyId' },
  7: { documentFiles: 'key, companyId', documentUploads: 'id, companyId, status' },
  8: { lockedYears: 'id, companyId', inboxReceipts: 'id, companyId' },
  9: { categoriserCorrections: 'id, companyId' },
  10: { heldImports: 'id, companyId' },
} as const;

function openOld(factory: IDBFactory, version: 1 | 2 | 3 | 5 | 10): Dexie {
  const db = new Dexie(databaseName(userId), { indexedDB: factory, IDBKeyRange });
  db.version(1).stores(shipped[1]);
  if (version >= 2) db.version(2).stores(shipped[2]);
  if (version >= 3) db.version(3).stores(shipped[3]);
  if (version >= 5) {
    db.version(4).stores(shipped[4]);
    db.version(5).stores(shipped[5]);
  }
  if (version >= 10) for (const later of [6, 7, 8, 9, 10] as const) db.version(later).stores(shipped[later]);
  return db;
}

const profile = { key: 'me', user: { id: userId, email: 'ana@example.com' }, cachedAt: '2026-11-21T09:00:00.000Z' };
const outboxEntry = {
  id: 7,
  name: 'saveDraft',
  args: { id: 'd1' },
  createdAt: '2026-11-22T10:00:00.000Z',
  undo: [{ table: 'drafts', id: 'd1', before: null }],
};
const meta = { key: 'state', clientId: 'c1', cursor: '42', lastMutationId: 6, nextMutationId: 8, lastSyncedAt: '2026-11-22T09:59:00.000Z' };
const draftRow = { id: 'd1', kind: 'kyb', companyId: null, step: 2, data: { name: 'Acme' }, updatedAt: '2026-11-22T10:00:00.000Z' };

const indexNames = (db: Dexie, table: string) =>
  db
    .table(table)
    .schema.indexes.map((index) => index.name)
    .sort();

describe('AppDB schema upgrades', () => {
  it('upgrades a version-2 database without losing the outbox, the sync position or the data', async () => {
    const factory = new IDBFactory();
    const old = openOld(factory, 2);
    await old.table('profile').put(profile);
    await old.table('outbox').put(outboxEntry);
    await old.table('syncMeta').put(meta);
    await old.table('drafts').put(draftRow);
    await old.table('rejectedChanges').add({ mutationId: 5, name: 'saveDraft', args: {}, code: 'forbidden', rejectedAt: '2026-11-22T09:00:00.000Z' });
    expect(old.verno).toBe(2);
    old.close();

    const db = new AppDB(userId, { indexedDB: factory, IDBKeyRange });
    await db.open();
    try {
      expect(db.verno).toBe(11);
      expect(await db.outbox.toArray()).toEqual([outboxEntry]);
      expect(await db.syncMeta.get('state')).toEqual(meta);
      expect(await db.drafts.where('kind').equals('kyb').toArray()).toEqual([draftRow]);
      expect(await db.profile.get('me')).toEqual(profile);
      expect(await db.rejectedChanges.count()).toBe(1);
      // The new version's stores exist with their indexes, and take rows.
      expect(indexNames(db, 'transactions')).toEqual(['[companyId+date]', 'accountId', 'companyId', 'importId']);
      expect(indexNames(db, 'batchImports')).toEqual(['[companyId+createdAt]', 'companyId']);
      expect(indexNames(db, 'receiptFiles')).toEqual(['status', 'transactionId']);
      expect(indexNames(db, 'categoriserRules')).toEqual(['companyId']);
      expect(indexNames(db, 'linkedAccounts')).toEqual(['companyId']);
      expect(indexNames(db, 'documentUploads')).toEqual(['companyId', 'status']);
      expect(indexNames(db, 'lockedYears')).toEqual(['companyId']);
      expect(indexNames(db, 'inboxReceipts')).toEqual(['companyId']);
      expect(indexNames(db, 'categoriserCorrections')).toEqual(['companyId']);
      expect(indexNames(db, 'heldImports')).toEqual(['companyId']);
      await db.table('transactions').put({ id: 't1', companyId: 'c', date: '2026-11-01', importId: null, accountId: 'a' });
      expect(await db.table('transactions').where('[companyId+date]').equals(['c', '2026-11-01']).count()).toBe(1);
    } finally {
      db.close();
    }

    // The upgrade happened in the IndexedDB itself: a plain open sees the last version with every store.
    const raw = await new Dexie(databaseName(userId), { indexedDB: factory, IDBKeyRange }).open();
    expect(raw.verno).toBe(11);
    expect(raw.tables.map((table) => table.name).sort()).toEqual(
      [
        'batchImports',
        'categoriserCorrections',
        'categoriserRules',
        'companies',
        'documentFiles',
        'documentUploads',
        'drafts',
        'heldImports',
        'inboxReceipts',
        'linkedAccounts',
        'lockedYears',
        'manualAccounts',
        'outbox',
        'pageCache',
        'profile',
        'pulledPages',
        'receiptFiles',
        'rejectedChanges',
        'syncMeta',
        'transactions',
      ].sort(),
    );
    raw.close();
  });

  it('shares what a version-5 device kept to itself: its categoriser rules queued after its waiting changes, its inbox files to upload', async () => {
    const factory = new IDBFactory();
    const old = openOld(factory, 5);
    await old.table('outbox').put(outboxEntry);
    await old.table('syncMeta').put(meta);
    const rule = { id: 'r1', companyId: 'c', contains: 'aws', category: 'software', createdAt: '2026-11-22T11:00:00.000Z' };
    await old.table('categoriserRules').put(rule);
    await old.table('receiptFiles').put({ id: 'f1', transactionId: '', companyId: 'c', status: 'inbox' });
    old.close();

    const db = new AppDB(userId, { indexedDB: factory, IDBKeyRange });
    await db.open();
    try {
      expect(await db.categoriserRules.toArray()).toEqual([rule]);
      expect(await db.outbox.toArray()).toEqual([
        outboxEntry,
        { id: 8, name: 'createCategoriserRule', args: rule, createdAt: rule.createdAt, undo: [{ table: 'categoriserRules', id: 'r1', before: null }] },
      ]);
      expect(await db.syncMeta.get('state')).toEqual({ ...meta, nextMutationId: 9 });
      // The inbox file kept here now uploads to the company inbox.
      expect(await db.receiptFiles.get('f1')).toMatchObject({ status: 'pending', transactionId: '' });
    } finally {
      db.close();
    }
  });

  it('upgrades a version-1 database (before sync) keeping its cached profile, with empty sync stores', async () => {
    const factory = new IDBFactory();
    const old = openOld(factory, 1);
    await old.table('profile').put(profile);
    await old.table('pageCache').put({ key: 'companies', value: [{ id: 'c' }], cachedAt: '2026-11-21T09:00:00.000Z' });
    old.close();

    const db = new AppDB(userId, { indexedDB: factory, IDBKeyRange });
    try {
      expect(await db.profile.get('me')).toEqual(profile);
      expect(await db.pageCache.get('companies')).toMatchObject({ value: [{ id: 'c' }] });
      expect(await db.outbox.count()).toBe(0);
      expect(await db.syncMeta.get('state')).toBeUndefined();
      expect(indexNames(db, 'drafts')).toEqual(['companyId', 'kind']);
    } finally {
      db.close();
    }
  });

  it('upgrades a version-3 database (bookkeeping) keeping its transactions and outbox, with an empty companies cache', async () => {
    const factory = new IDBFactory();
    const old = openOld(factory, 3);
    await old.table('outbox').put(outboxEntry);
    await old.table('transactions').put({ id: 't1', companyId: 'c', date: '2026-11-01', importId: null, accountId: 'a' });
    old.close();

    const db = new AppDB(userId, { indexedDB: factory, IDBKeyRange });
    try {
      expect(await db.outbox.toArray()).toEqual([outboxEntry]);
      expect(await db.transactions.count()).toBe(1);
      expect(await db.companies.count()).toBe(0);
      expect(indexNames(db, 'companies')).toEqual(['position']);
    } finally {
      db.close();
    }
  });
});

describe('readOutboxAfter', () => {
  const openDb = useTestDatabases();
  const at = '2026-11-27T00:00:00.000Z';
  const chunk = (id: number): OutboxEntry => ({
    id,
    name: 'importTransactions',
    args: {},
    createdAt: at,
    undo: [{ table: 'transactions', inserted: Array.from({ length: 2_500 }, (_, line) => `${id}-${line}`) }],
  });
  const note = (id: number): OutboxEntry => ({
    id,
    name: 'setTransactionNote',
    args: {},
    createdAt: at,
    undo: [{ table: 'transactions', id: `t${id}`, before: null }],
  });

  it('reads every entry after the one named, in order, an import chunk to a request and small entries thousands to one', async () => {
    const db = openDb();
    const outbox = countOutboxReads(db);
    await db.outbox.bulkAdd([...Array.from({ length: 10 }, (_, i) => chunk(i + 1)), ...Array.from({ length: 6_000 }, (_, i) => note(i + 11))]);

    outbox.reads = [];
    const entries = await db.transaction('r', db.outbox, () => readOutboxAfter(db.outbox, 0));
    expect(entries.map((entry) => entry.id)).toEqual(Array.from({ length: 6_010 }, (_, i) => i + 1));
    // The ten chunks of 2,500 lines: one a request.
    expect(outbox.reads.slice(0, 10)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(outbox.reads.length).toBeLessThan(40);

    outbox.reads = [];
    expect((await readOutboxAfter(db.outbox, 6_005)).map((entry) => entry.id)).toEqual([6_006, 6_007, 6_008, 6_009, 6_010]);
    expect(await readOutboxAfter(db.outbox, 6_010)).toEqual([]);
  });

  it('upgrades a version-10 database to the current one without running version 8’s upgrade again', async () => {
    const factory = new IDBFactory();
    const old = openOld(factory, 10);
    await old.table('outbox').put(outboxEntry);
    await old.table('syncMeta').put(meta);
    await old.table('categoriserRules').put({ id: 'r1', companyId: 'c', contains: 'uber', category: 'travel', createdAt: '2026-11-24T10:00:00.000Z' });
    await old.table('heldImports').put({ id: 'h1', companyId: 'c' });
    old.close();

    const db = new AppDB(userId, { indexedDB: factory, IDBKeyRange });
    try {
      // The rule was shared by version 8's upgrade when this device reached it: not queued twice.
      expect(await db.outbox.toArray()).toEqual([outboxEntry]);
      expect(await db.syncMeta.get('state')).toEqual(meta);
      expect(await db.heldImports.count()).toBe(1);
      expect(await db.pulledPages.count()).toBe(0);
      expect(db.verno).toBe(11);
    } finally {
      db.close();
    }
  });
});
