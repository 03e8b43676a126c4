import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { useTestDatabases } from '@sync/client/test-databases';
import type { Transaction } from '@domain/bookkeeping';
import { testTransaction } from '@domain/transaction-fixture';
import { Replica } from '@sync/client/replica';
import { compareTransactions, filterTransactions, searchTextOf, viewAfterMerge } from '../filter-engine';
import { parseFilters } from '../filters';
import { changedKeysChannel, type ChangedKeysMessage } from '@sync/client/changed-keys';
import { TransactionStore, untoldWriteSettleMs } from './transaction-store';

const openDb = useTestDatabases();
const companyId = '00000000-0000-4000-8000-0000000000c0';
const otherCompany = '00000000-0000-4000-8000-0000000000c1';
/** A day of 2026, the year's first 200 days round. */
const dayOf = (n: number) => new Date(Date.UTC(2026, 0, 1) + (n % 200) * 86_400_000).toISOString().slice(0, 10);

/** A store of the company over `rows`, loaded. */
async function loadedStore(rows: Transaction[]) {
  const db = openDb();
  await db.transactions.bulkPut(rows);
  const store = new TransactionStore(db, companyId);
  await store.settled();
  return { db, store };
}

describe('the bookkeeping list store', () => {
  it("loads a company's transactions newest first and follows edits, additions and deletions", async () => {
    const db = openDb();
    const older = testTransaction({ date: '2026-01-05' });
    const newer = testTransaction({ date: '2026-02-05', description: 'Café' });
    await db.transactions.bulkPut([older, newer, testTransaction({ companyId: otherCompany })]);
    const store = new TransactionStore(db, companyId);
    await store.settled();
    expect(store.getSnapshot().rows.map((row) => row.id)).toEqual([newer.id, older.id]);
    expect(store.getSnapshot().search[0]).toContain('cafe');

    let notified = 0;
    store.subscribe(() => notified++);
    await db.transactions.update(older.id, { category: 'travel' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await store.settled();
    expect(store.getSnapshot().rows[1]).toMatchObject({ id: older.id, category: 'travel' });
    expect(notified).toBeGreaterThan(0);

    const added = testTransaction({ date: '2026-03-01' });
    await db.transactions.put(added);
    await db.transactions.delete(newer.id);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await store.settled();
    expect(store.getSnapshot().rows.map((row) => row.id)).toEqual([added.id, older.id]);
    expect(store.getSnapshot().byId.get(older.id)).toBe(1);
    store.close();
  });

  it('loads a company in slices of its dates: none cut off or read twice, a date fuller than a slice read whole', async () => {
    const db = openDb();
    const day = (offset: number) => new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
    // 1,995 rows over the days before, 2,003 on one day (more than a slice), 7 after; another company's in between.
    const rows = [
      ...Array.from({ length: 1_995 }, (_, n) => testTransaction({ date: day(n % 30) })),
      ...Array.from({ length: 2_003 }, () => testTransaction({ date: day(40) })),
      ...Array.from({ length: 7 }, (_, n) => testTransaction({ date: day(41 + n) })),
    ];
    await db.transactions.bulkPut([...rows, ...Array.from({ length: 50 }, (_, n) => testTransaction({ companyId: otherCompany, date: day(n) }))]);
    // Whole slices at a time: not one request per row (50,000 requests, and their listeners).
    const gets = vi.spyOn(IDBObjectStore.prototype, 'get');
    const store = new TransactionStore(db, companyId);
    await store.settled();
    expect(gets).not.toHaveBeenCalled();
    gets.mockRestore();
    const loaded = store.getSnapshot().rows;
    expect(new Set(loaded.map((row) => row.id))).toEqual(new Set(rows.map((row) => row.id)));
    expect(loaded).toHaveLength(rows.length);
    expect(loaded.map((row) => row.date)).toEqual(
      rows
        .map((row) => row.date)
        .sort()
        .reverse(),
    );
    store.close();
  }, 30_000);

  it('follows a write of thousands of rows (a pull page, an import chunk) by its keys: rows stored again unchanged repaint nothing, an edit among them is patched in place', async () => {
    const rows = Array.from({ length: 3_000 }, (_, n) => testTransaction({ date: dayOf(n) }));
    const { db, store } = await loadedStore(rows);
    const loaded = store.getSnapshot();
    const wrote = async (write: () => Promise<unknown>) => {
      await write();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await store.settled();
    };

    // The server's copy of rows the device already holds: nothing to show again.
    await wrote(() => db.transactions.bulkPut(rows.map((row) => ({ ...row }))));
    expect(store.getSnapshot()).toBe(loaded);

    // The same page with one row another device categorised: that row alone, in place.
    const edited = { ...rows[1_234]!, category: 'travel' as const };
    await wrote(() => db.transactions.bulkPut(rows.map((row) => (row.id === edited.id ? edited : { ...row }))));
    const patched = store.getSnapshot();
    const position = loaded.byId.get(edited.id)!;
    expect(patched.changed).toEqual([position]);
    expect(patched.rows[position]).toEqual(edited);
    expect(patched.byId).toBe(loaded.byId);
    expect(patched.version).toBe(loaded.version + 1);

    // A cleared table names no keys: the list is read again.
    await wrote(() => db.transactions.clear());
    expect(store.getSnapshot().rows).toEqual([]);
    store.close();
  }, 30_000);

  it('merges added, moved, edited and deleted rows into the order it shows, as a full sort would place them, and the filters see them as if built afresh', async () => {
    const db = openDb();
    const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}`;
    const account = '00000000-0000-4000-8000-0000000000a1';
    const rows = Array.from({ length: 40 }, (_, n) =>
      testTransaction({ date: day(1 + (n % 10)), category: n % 3 === 0 ? 'travel' : null, checked: n % 2 === 0, accountId: n % 4 === 0 ? account : null }),
    );
    await db.transactions.bulkPut(rows);
    const store = new TransactionStore(db, companyId);
    await store.settled();
    const filterSets = ['', 'category=travel', 'category=uncategorised', 'status=checked', `account=${account}`, 'sort=amount'].map((query) =>
      parseFilters(new URLSearchParams(query)),
    );
    // The list has filtered what it showed: its filter columns are built, and carried over by the merge.
    for (const filters of filterSets) filterTransactions(store.getSnapshot(), filters, '2026-11-25');

    const added = Array.from({ length: 60 }, (_, n) =>
      testTransaction({
        date: day(1 + ((n * 7) % 12)),
        description: `Added ${n}`,
        category: n % 2 === 0 ? 'meals' : null,
        accountId: n % 3 === 0 ? account : null,
      }),
    );
    const moved = { ...rows[3]!, date: day(12) };
    const edited = { ...rows[8]!, category: 'meals' as const, checked: !rows[8]!.checked };
    await db.transaction('rw', db.transactions, async () => {
      await db.transactions.bulkPut([...added, moved, edited]);
      await db.transactions.bulkDelete([rows[5]!.id, rows[6]!.id]);
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await store.settled();

    const expected = [...rows.filter((_, n) => n !== 3 && n !== 5 && n !== 6 && n !== 8), moved, edited, ...added].sort(compareTransactions);
    const shown = store.getSnapshot();
    expect(shown.rows).toEqual(expected);
    expect(shown.rows.every((row, index) => shown.byId.get(row.id) === index && shown.search[index] === searchTextOf(row))).toBe(true);
    expect(shown.byId.size).toBe(expected.length);
    for (const filters of filterSets) {
      const afresh = filterTransactions({ rows: [...shown.rows], search: [...shown.search] }, filters, '2026-11-25');
      const view = filterTransactions(shown, filters, '2026-11-25');
      expect([...view.order]).toEqual([...afresh.order]);
      expect(view.totals).toEqual(afresh.totals);
    }
    store.close();
  });

  it('merges a write of thousands of rows telling where each row was before, so the list carries its view over', async () => {
    const rows = Array.from({ length: 1_000 }, (_, n) => testTransaction({ date: dayOf(n * 7), category: n % 2 === 0 ? 'travel' : null }));
    const { db, store } = await loadedStore(rows);
    const before = store.getSnapshot();
    const filters = parseFilters(new URLSearchParams('category=uncategorised&q=added'));
    const view = filterTransactions(before, filters, '2026-11-25');
    const added = Array.from({ length: 9_000 }, (_, n) =>
      testTransaction({ date: dayOf(n), description: `Added ${n}`, category: n % 3 === 0 ? 'meals' : null }),
    );
    const deleted = rows[10]!;
    await db.transaction('rw', db.transactions, async () => {
      await db.transactions.bulkPut(added);
      await db.transactions.delete(deleted.id);
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await store.settled();

    const after = store.getSnapshot();
    const sourceOf = after.sourceOf!;
    expect(after.version).toBe(before.version + 1);
    expect(after.rows).toEqual([...rows.filter((row) => row !== deleted), ...added].sort(compareTransactions));
    expect(after.rows.every((row, index) => (sourceOf[index]! < 0 ? !before.byId.has(row.id) : before.rows[sourceOf[index]!] === row))).toBe(true);
    expect(sourceOf.filter((from) => from < 0).length).toBe(added.length);
    const carried = viewAfterMerge(view, after, sourceOf, filters, '2026-11-25');
    const afresh = filterTransactions({ rows: [...after.rows], search: [...after.search] }, filters, '2026-11-25');
    expect([...carried.order]).toEqual([...afresh.order]);
    expect(carried.totals).toEqual(afresh.totals);
    store.close();
  });

  it('keeps an edit shown while a merge was under way: the merge is made again from the rows then shown', async () => {
    const rows = Array.from({ length: 3_000 }, (_, n) => testTransaction({ date: dayOf(n) }));
    const { db, store } = await loadedStore(rows);
    // A clock that runs fast: every slice of a read or a merge lets the test's edits in.
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += 9));
    const added = Array.from({ length: 3_000 }, (_, n) => testTransaction({ date: dayOf(n * 3), description: `Added ${n}` }));
    await db.transactions.bulkPut(added);
    let edits = 0;
    while (store.getSnapshot().rows.length < 6_000) {
      store.preview([{ ...rows[1_500]!, note: `edit ${++edits}` }]);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await store.settled();
    clock.mockRestore();
    const shown = store.getSnapshot();
    expect(shown.rows[shown.byId.get(rows[1_500]!.id)!]!.note).toBe(`edit ${edits}`);
    expect(shown.rows).toEqual([...rows.map((row) => (row === rows[1_500] ? { ...row, note: `edit ${edits}` } : row)), ...added].sort(compareTransactions));
    store.close();
  });

  it('shows an edit from memory at once, then keeps it when the database confirms it or reads the row back when refused', async () => {
    const db = openDb();
    const row = testTransaction({ date: '2026-01-05' });
    const other = testTransaction({ date: '2026-01-04' });
    await db.transactions.bulkPut([row, other]);
    const store = new TransactionStore(db, companyId);
    await store.settled();
    const loaded = store.getSnapshot();

    store.preview([{ ...row, checked: true }]);
    const shown = store.getSnapshot();
    expect(shown.rows[0]).toMatchObject({ id: row.id, checked: true });
    expect(shown.changed).toEqual([0]);
    expect(shown.version).toBe(loaded.version + 1);
    expect(shown.rows[1]).toBe(loaded.rows[1]);

    // Refused before reaching the database: the stored row comes back.
    store.restore([row.id]);
    await store.settled();
    expect(store.getSnapshot().rows[0]).toMatchObject({ id: row.id, checked: false });

    // Confirmed: the database's row repaints only if it differs from what is shown.
    store.preview([{ ...row, category: 'travel' }]);
    const before = store.getSnapshot().version;
    await db.transactions.update(row.id, { category: 'travel' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await store.settled();
    expect(store.getSnapshot().version).toBe(before);

    // Shown as the mutation stores it (its time of change too), the confirmation repaints nothing.
    const updatedAt = '2026-02-01T10:00:00.000Z';
    store.preview([{ ...store.getSnapshot().rows[0]!, checked: true, updatedAt }]);
    const previewed = store.getSnapshot().version;
    await new Replica(db, db.userId).mutate('setTransactionChecked', { id: row.id, checked: true, updatedAt });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await store.settled();
    expect(store.getSnapshot().rows[0]).toMatchObject({ id: row.id, checked: true, updatedAt });
    expect(store.getSnapshot().version).toBe(previewed);
    store.close();
  });

  it("takes this tab's writes as written, and reads back what another tab or worker wrote", async () => {
    const db = openDb();
    const row = testTransaction({ date: '2026-01-05' });
    await db.transactions.put(row);
    const store = new TransactionStore(db, companyId);
    await store.settled();
    const bulkGet = vi.spyOn(db.transactions, 'bulkGet');

    const added = testTransaction({ date: '2026-01-06' });
    await db.transaction('rw', db.transactions, async () => {
      await db.transactions.bulkPut([added, { ...row, note: 'here' }]);
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await store.settled();
    expect(store.getSnapshot().rows).toEqual([added, { ...row, note: 'here' }]);
    expect(bulkGet).not.toHaveBeenCalled();

    // Another context's message names the key: the row is read back, as stored (its messages
    // and this tab's may arrive out of commit order).
    const written = db.backendDB().transaction('transactions', 'readwrite').objectStore('transactions');
    written.put({ ...row, note: 'there' });
    await new Promise((resolve) => (written.transaction.oncomplete = resolve));
    bulkGet.mockClear();
    const elsewhere = new BroadcastChannel(changedKeysChannel(db.name));
    elsewhere.postMessage({ from: 'a worker', changes: { transactions: [row.id] } } satisfies ChangedKeysMessage);
    elsewhere.close();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await store.settled();
    expect(bulkGet.mock.calls).toEqual([[[row.id]]]);
    expect(store.getSnapshot().rows).toEqual([added, { ...row, note: 'there' }]);
    store.close();
  });

  it('reads the list again after a write no keyed message told (a tab still on the build before an update)', async () => {
    const factory = new IDBFactory();
    const db = openDb(factory);
    const shown = testTransaction({ date: '2026-01-05' });
    await db.transactions.put(shown);
    const store = new TransactionStore(db, companyId);
    await store.settled();

    // The earlier build: Dexie on the same database, without the changed-keys middleware.
    const earlierBuild = new Dexie(db.name, { indexedDB: factory, IDBKeyRange });
    await earlierBuild.open();
    const written = testTransaction({ date: '2026-02-05' });
    await earlierBuild.table('transactions').put(written);
    // This build's own writes in the meantime are told by keys and do not hide it.
    await db.transactions.update(shown.id, { category: 'travel' });
    await new Promise((resolve) => setTimeout(resolve, untoldWriteSettleMs + 100));
    await store.settled();
    expect(store.getSnapshot().rows.map((row) => row.id)).toEqual([written.id, shown.id]);
    expect(store.getSnapshot().rows[1]).toMatchObject({ category: 'travel' });
    earlierBuild.close();
    store.close();
  });
});
