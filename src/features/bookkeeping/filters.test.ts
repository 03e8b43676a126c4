import { describe, expect, it } from 'vitest';
import { maxAmountCents } from '@domain/amounts';
import type { Transaction } from '@domain/bookkeeping';
import { compareTransactions, filterTransactions, filtersAfterEdit, patchView, searchTextOf, uncategorisedCount, viewAfterMerge } from './filter-engine';
import { activeFilterCount, noFilters, parseFilters, writeFilters, type TransactionFilters } from './filters';
import { periodRange } from './periods';
import { testTransaction } from '@domain/transaction-fixture';

const account = '00000000-0000-4000-8000-00000000000a';
const rows: Transaction[] = [
  testTransaction({
    id: 'a',
    date: '2026-11-20',
    description: 'Stripe payout',
    amountCents: 250_000,
    category: 'sales',
    checked: true,
    accountId: account,
    accountKind: 'manual',
  }),
  testTransaction({ id: 'b', date: '2026-11-02', description: 'Café Martínez', merchant: 'Martínez', amountCents: -1_850, category: 'meals' }),
  testTransaction({
    id: 'c',
    date: '2026-09-15',
    description: 'AWS invoice',
    amountCents: -12_345,
    note: 'hosting for the API',
    receipt: { key: 'receipts/x/y.pdf', name: 'y.pdf', size: 10, contentType: 'application/pdf' },
  }),
  testTransaction({ id: 'd', date: '2025-12-31', description: 'Google Ads', amountCents: -50_000, category: 'advertising', checked: true }),
  testTransaction({ id: 'e', date: '2025-01-01', description: 'Owner contribution', amountCents: 1_000_000, category: 'ownerContribution' }),
].sort(compareTransactions);
const source = { rows, search: rows.map(searchTextOf) };
const today = '2026-11-22';
const ids = (filters: Partial<TransactionFilters>) =>
  [...filterTransactions(source, { ...noFilters, ...filters }, today).order].map((index) => rows[index]!.id);

describe('bookkeeping filters', () => {
  it('lists everything newest first without filters, with the totals of the whole set', () => {
    const view = filterTransactions(source, noFilters, today);
    expect([...view.order].map((index) => rows[index]!.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(view.totals).toEqual({ count: 5, incomeCents: 1_250_000, expensesCents: -64_195, netCents: 1_185_805 });
  });

  it('rolls the last-N-months periods back from today and takes the whole previous calendar year', () => {
    expect(periodRange({ period: 'lastMonth', from: null, to: null }, today)).toEqual({ from: '2026-10-23', to: today });
    expect(periodRange({ period: 'last3Months', from: null, to: null }, today)).toEqual({ from: '2026-08-23', to: today });
    expect(periodRange({ period: 'last12Months', from: null, to: null }, today)).toEqual({ from: '2025-11-23', to: today });
    expect(periodRange({ period: 'previousYear', from: null, to: null }, today)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    // 31 May minus 3 months has no 31 February: the window starts after its last day.
    expect(periodRange({ period: 'last3Months', from: null, to: null }, '2026-05-31')).toEqual({ from: '2026-03-01', to: '2026-05-31' });
    expect(ids({ period: 'lastMonth' })).toEqual(['a', 'b']);
    expect(ids({ period: 'previousYear' })).toEqual(['d', 'e']);
    expect(ids({ period: 'custom', from: '2025-06-01', to: null })).toEqual(['a', 'b', 'c', 'd']);
  });

  it('composes account, category, uncategorised, checked, receipt, direction and amount range', () => {
    expect(ids({ account })).toEqual(['a']);
    expect(ids({ account: 'none' })).toEqual(['b', 'c', 'd', 'e']);
    expect(ids({ category: 'uncategorised' })).toEqual(['c']);
    expect(ids({ category: 'meals' })).toEqual(['b']);
    expect(ids({ checked: 'checked' })).toEqual(['a', 'd']);
    expect(ids({ checked: 'unchecked', direction: 'out' })).toEqual(['b', 'c']);
    expect(ids({ receipt: 'with' })).toEqual(['c']);
    expect(ids({ receipt: 'without', direction: 'in' })).toEqual(['a', 'e']);
    // Bounds apply to the amount's size, in and out alike, inclusive.
    expect(ids({ minCents: 12_345, maxCents: 500_000 })).toEqual(['a', 'c', 'd']);
    expect(filterTransactions(source, { ...noFilters, direction: 'out', period: 'last3Months' }, today).totals).toEqual({
      count: 2,
      incomeCents: 0,
      expensesCents: -14_195,
      netCents: -14_195,
    });
  });

  it('searches description, merchant and note by every word, ignoring case and accents', () => {
    expect(ids({ query: 'cafe martinez' })).toEqual(['b']);
    expect(ids({ query: 'HOSTING' })).toEqual(['c']);
    expect(ids({ query: 'martinez  ' })).toEqual(['b']);
    expect(ids({ query: 'aws nothing' })).toEqual([]);
    // Every row holding the word, the first and the last included, and never a match across two rows.
    expect(ids({ query: 'o' })).toEqual(['a', 'c', 'd', 'e']);
    expect(ids({ query: 'n' })).toEqual(['b', 'c', 'e']);
    expect(ids({ query: `payout${'\u0000'.repeat(2)}${'\u0001'}cafe` })).toEqual([]);
  });

  it('sorts by amount either way and by date oldest first', () => {
    expect(ids({ sort: 'amount', order: 'asc' })).toEqual(['d', 'c', 'b', 'a', 'e']);
    expect(ids({ sort: 'amount', order: 'desc' })).toEqual(['e', 'a', 'b', 'c', 'd']);
    expect(ids({ order: 'asc' })).toEqual(['e', 'd', 'c', 'b', 'a']);
  });

  it('sorts by amount through an order cached per layout, ties newest first, also for amounts too far apart to pack', () => {
    const naive = (rows: Transaction[], descending: boolean) =>
      rows
        .map((row, index) => ({ row, index }))
        .sort((a, b) => (descending ? b.row.amountCents - a.row.amountCents : a.row.amountCents - b.row.amountCents) || a.index - b.index)
        .map(({ row }) => row.id);
    for (const spread of [500, maxAmountCents]) {
      let seed = 7;
      const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      const rows = Array.from({ length: 1000 }, (_, index) =>
        testTransaction({ id: `t${String(index).padStart(3, '0')}`, date: '2026-05-01', amountCents: Math.round((random() * 2 - 1) * spread) }),
      );
      const source = { rows, search: rows.map(searchTextOf), layout: {} };
      for (const order of ['asc', 'desc'] as const) {
        const view = filterTransactions(source, { ...noFilters, sort: 'amount', order }, today);
        expect([...view.order].map((index) => rows[index]!.id)).toEqual(naive(rows, order === 'desc'));
      }
      // An edit in place keeps the layout: the cached order is walked again, not recomputed.
      const edited = rows.map((row) => ({ ...row, category: 'software' as const }));
      const again = filterTransactions(
        { rows: edited, search: source.search, layout: source.layout },
        { ...noFilters, sort: 'amount', order: 'asc', category: 'software' },
        today,
      );
      expect([...again.order].map((index) => edited[index]!.id)).toEqual(naive(rows, false));
    }
  });

  it('patches a view after edits in place unless an edited row enters or leaves it', () => {
    const filters = { ...noFilters, checked: 'unchecked' as const };
    const view = filterTransactions(source, filters, today);
    const edit = (index: number, change: Partial<Transaction>) => {
      const next = rows.slice();
      next[index] = { ...rows[index]!, ...change };
      return { rows: next, search: next.map(searchTextOf) };
    };
    const b = rows.findIndex((row) => row.id === 'b');
    // A category changes; row b stays unchecked: the same order and totals, no pass over the rows.
    const recategorised = patchView(view, edit(b, { category: 'travel' }), [b], filters, today);
    expect(recategorised && [...recategorised.order]).toEqual([...view.order]);
    expect(recategorised?.totals).toEqual(view.totals);
    // Checking b takes it out of the unchecked view: the caller must filter again.
    expect(patchView(view, edit(b, { checked: true }), [b], filters, today)).toBeNull();
  });

  it('carries a view over a merge: the carried rows keep their place in or out, the added and edited rows are tested, as filtering afresh finds', () => {
    const byId = (id: string) => rows.find((row) => row.id === id)!;
    const before = rows.filter((row) => row.id !== 'b');
    // b added, e deleted, c re-read with a new note: the rows of `after` come from `before` except those.
    const edited = { ...byId('c'), note: 'cloud hosting, café' };
    const after = [byId('a'), byId('b'), edited, byId('d')];
    const sourceOf = Int32Array.from(after, (row) => before.indexOf(row));
    expect([...sourceOf]).toEqual([0, -1, -1, 2]);
    const beforeSource = { rows: before, search: before.map(searchTextOf) };
    const afterSource = { rows: after, search: after.map(searchTextOf) };
    const filterSets: Partial<TransactionFilters>[] = [
      {},
      { query: 'café' },
      { query: 'hosting' },
      { category: 'uncategorised' },
      { direction: 'out', query: 'a' },
      { sort: 'amount' },
      { sort: 'amount', order: 'asc' },
      { order: 'asc', checked: 'unchecked' },
    ];
    for (const partial of filterSets) {
      const filters = { ...noFilters, ...partial };
      const carried = viewAfterMerge(filterTransactions(beforeSource, filters, today), afterSource, sourceOf, filters, today);
      const afresh = filterTransactions({ rows: [...after], search: [...afterSource.search] }, filters, today);
      expect({ order: [...carried.order], member: [...carried.member], totals: carried.totals }).toEqual({
        order: [...afresh.order],
        member: [...afresh.member],
        totals: afresh.totals,
      });
    }
    // A carried row keeps what the view decided for it (here planted: every row in), untested again.
    const planted = { ...filterTransactions(beforeSource, { ...noFilters, query: 'aws' }, today) };
    planted.member = planted.member.map(() => 1);
    expect([...viewAfterMerge(planted, afterSource, sourceOf, { ...noFilters, query: 'aws' }, today).order]).toEqual([0, 2, 3]);
  });

  it('carries the filter columns over edits in place, and builds them afresh when an edit moved an account', () => {
    const idsOf = (list: Transaction[], filters: Partial<TransactionFilters>) =>
      [...filterTransactions({ rows: list, search: list.map(searchTextOf) }, { ...noFilters, ...filters }, today).order].map((index) => list[index]!.id);
    expect(idsOf(rows, { checked: 'checked' })).toEqual(['a', 'd']);
    const b = rows.findIndex((row) => row.id === 'b');
    const edited = rows.slice();
    edited[b] = { ...rows[b]!, category: null, checked: true, receipt: rows.find((row) => row.id === 'c')!.receipt };
    filtersAfterEdit({ rows, search: rows.map(searchTextOf) }, { rows: edited, search: edited.map(searchTextOf) }, [b]);
    expect(idsOf(edited, { category: 'uncategorised' })).toEqual(['b', 'c']);
    expect(uncategorisedCount(edited)).toBe(2);
    expect(idsOf(edited, { checked: 'checked', receipt: 'with' })).toEqual(['b']);
    expect(idsOf(edited, { category: 'meals' })).toEqual([]);
    const moved = rows.slice();
    moved[b] = { ...rows[b]!, accountId: account };
    filtersAfterEdit({ rows, search: rows.map(searchTextOf) }, { rows: moved, search: moved.map(searchTextOf) }, [b]);
    expect(idsOf(moved, { account })).toEqual(['a', 'b']);
    expect(idsOf(moved, { account: 'none' })).toEqual(['c', 'd', 'e']);
    expect(idsOf(moved, { account: '00000000-0000-4000-8000-0000000000ff' })).toEqual([]);
  });

  it('carries the joined search text over an edit that kept the texts, and searches the new text after one that did not', () => {
    const search = (source: { rows: Transaction[]; search: string[] }, query: string) =>
      [...filterTransactions(source, { ...noFilters, query }, today).order].map((index) => source.rows[index]!.id);
    const before = { rows, search: rows.map(searchTextOf) };
    expect(search(before, 'hosting')).toEqual(['c']);
    const b = rows.findIndex((row) => row.id === 'b');
    const checked = { rows: rows.slice(), search: before.search.slice() };
    checked.rows[b] = { ...rows[b]!, checked: true };
    filtersAfterEdit(before, checked, [b]);
    expect(search(checked, 'hosting')).toEqual(['c']);
    const noted = { rows: checked.rows.slice(), search: checked.search.slice() };
    noted.rows[b] = { ...checked.rows[b], note: 'hosting too' };
    noted.search[b] = searchTextOf(noted.rows[b]);
    filtersAfterEdit(checked, noted, [b]);
    expect(search(noted, 'hosting')).toEqual(['b', 'c']);
  });

  it('round-trips through the URL, keeping other parameters and leaving defaults out', () => {
    const filters: TransactionFilters = {
      ...noFilters,
      period: 'custom',
      from: '2026-01-01',
      to: '2026-03-31',
      category: 'uncategorised',
      checked: 'unchecked',
      minCents: 1_050,
      maxCents: 20_000,
      query: 'aws',
      sort: 'amount',
      order: 'asc',
    };
    const params = writeFilters(filters, new URLSearchParams('company=abc&period=lastMonth'));
    expect(params.toString()).toBe(
      'company=abc&period=custom&from=2026-01-01&to=2026-03-31&category=uncategorised&status=unchecked&min=10.50&max=200&q=aws&sort=amount&order=asc',
    );
    expect(parseFilters(params)).toEqual(filters);
    expect(writeFilters(noFilters).toString()).toBe('');
    expect(activeFilterCount(filters)).toBe(6);
  });

  it('reads hostile URLs as the nearest valid filters', () => {
    const parsed = parseFilters(
      new URLSearchParams('period=__proto__&category=constructor&status=1&min=-5&max=1e9&sort=random&order=up&from=2026-01-01&q=' + 'x'.repeat(5000)),
    );
    expect(parsed).toMatchObject({ period: null, from: null, category: null, checked: null, minCents: null, maxCents: null, sort: 'date', order: 'desc' });
    expect(parsed.query).toHaveLength(200);
    expect(parseFilters(new URLSearchParams('max=99999999999.99')).maxCents).toBe(9_999_999_999_999);
    expect(parseFilters(new URLSearchParams('max=999999999999')).maxCents).toBeNull();
  });
});
