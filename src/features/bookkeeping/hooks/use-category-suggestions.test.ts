import { describe, expect, it } from 'vitest';
import { categoryKeys, type Transaction } from '@domain/bookkeeping';
import { testTransaction } from '@domain/transaction-fixture';
import { useTestDatabases } from '@sync/client/test-databases';
import { TransactionStore } from '../db/transaction-store';
import { mergeSuggestions } from '@src/features/categoriser/use-row-suggestions';
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

  it('after a merge marks the rows it added, the others keeping their marks at their new places; after an answer that only added suggestions, their rows', async () => {
    const older = testTransaction({ companyId, date: '2026-03-01', category: null });
    const newer = testTransaction({ companyId, date: '2026-03-05', category: null });
    const middle = testTransaction({ companyId, date: '2026-03-03', category: null });
    const newest = testTransaction({ companyId, date: '2026-03-09', category: null });
    const answer = (rows: Transaction[]) => ({
      ids: rows.map((row) => row.id),
      categories: Uint8Array.from(rows, () => categoryKeys.indexOf('meals')),
      confidences: Float32Array.from(rows, () => 0.9),
    });
    const db = openDb();
    await db.transactions.bulkPut([older, newer]);
    const store = new TransactionStore(db, companyId);
    await store.settled();
    const suggestions = mergeSuggestions(new Map(), answer([older, newer, middle]));
    const noLocks = new Set<number>();
    const first = markAcceptable(store.getSnapshot(), suggestions, 0.8, noLocks, null);
    expect([...first.marks]).toEqual([1, 1]);

    // Planted marks show which rows are marked again: newer (0) planted unmarked.
    const planted = { ...first, marks: Uint8Array.from([0, 1]) };
    await db.transactions.bulkPut([middle, newest]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await store.settled();
    const merged = store.getSnapshot();
    expect(merged.rows.map((row) => row.id)).toEqual([newest.id, newer.id, middle.id, older.id]);
    expect([...merged.sourceOf!]).toEqual([-1, 0, -1, 1]);
    const afterMerge = markAcceptable(merged, suggestions, 0.8, noLocks, planted);
    expect([...afterMerge.marks]).toEqual([0, 0, 1, 1]);

    // The categoriser's next answer adds newest's suggestion: only its row is marked again.
    const answered = mergeSuggestions(suggestions, answer([older, newer, middle, newest]));
    expect([...markAcceptable(merged, answered, 0.8, noLocks, { ...afterMerge, marks: Uint8Array.from([0, 0, 0, 1]) }).marks]).toEqual([1, 0, 0, 1]);
    // Without the previous marks, every row is marked.
    expect([...markAcceptable(merged, answered, 0.8, noLocks, null).marks]).toEqual([1, 1, 1, 1]);
    store.close();
  });
});
