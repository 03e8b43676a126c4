import { describe, expect, it } from 'vitest';
import { testTransaction } from '@domain/transaction-fixture';
import { useTestDatabases } from '@sync/client/test-databases';
import { TransactionStore } from '../db/transaction-store';
import { markAcceptable } from './use-category-suggestions';

const openDb = useTestDatabases();
const companyId = '00000000-0000-4000-8000-0000000000c0';

describe('the rows "accept all above" would change', () => {
  it('marks uncategorised, writable rows at the threshold or more, and after an edit in place only the rows it changed', async () => {
    const sure = testTransaction({ companyId, date: '2026-03-05', category: null });
    const unsure = testTransaction({ companyId, date: '2026-03-04', category: null });
    const categorised = testTransaction({ companyId, date: '2026-03-03', category: 'travel' });
    const locked = testTransaction({ companyId, date: '2025-03-02', category: null });
    const blocked = testTransaction({ companyId, date: '2026-03-01', category: null, blocked: true });
    const db = openDb();
    await db.transactions.bulkPut([sure, unsure, categorised, locked, blocked]);
    const store = new TransactionStore(db, companyId);
    await store.settled();
    const suggestions = new Map(
      [sure, unsure, categorised, locked, blocked].map((row) => [row.id, { category: 'meals' as const, confidence: row === unsure ? 0.5 : 0.9 }]),
    );
    const lockedYears = new Set([2025]);
    const first = markAcceptable(store.getSnapshot(), suggestions, 0.8, lockedYears, null);
    expect([...first.marks]).toEqual([1, 0, 0, 0, 0]);
    expect([...markAcceptable(store.getSnapshot(), suggestions, 0.5, lockedYears, first).marks]).toEqual([1, 1, 0, 0, 0]);

    // An edit in place: the edited row is marked again, the others are kept as they were marked.
    const planted = { ...first, marks: Uint8Array.from([1, 0, 0, 1, 0]) };
    store.preview([{ ...sure, category: 'meals' }]);
    expect(store.getSnapshot().changed).toEqual([0]);
    expect([...markAcceptable(store.getSnapshot(), suggestions, 0.8, lockedYears, planted).marks]).toEqual([0, 0, 0, 1, 0]);
    // Anything else (here a snapshot two changes on) marks every row again.
    store.preview([{ ...unsure, note: 'x' }]);
    expect([...markAcceptable(store.getSnapshot(), suggestions, 0.8, lockedYears, planted).marks]).toEqual([0, 0, 0, 0, 0]);
    store.close();
  });
});
