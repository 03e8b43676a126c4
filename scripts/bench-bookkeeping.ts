// Bookkeeping list: how long a filter change takes to compute over 50,000 transactions
// (the work the list does before React paints the visible rows), next to the raw limit of
// one plain loop over the same rows in the same run. Node, no browser: paint and scrolling
// are not measured here.
import { performance } from 'node:perf_hooks';
import { demoBooks } from '../domain/demo-books';
import type { Transaction } from '../domain/bookkeeping';
import { compareTransactions, filterTransactions, searchTextOf } from '../src/features/bookkeeping/filter-engine';
import { noFilters, type TransactionFilters } from '../src/features/bookkeeping/filters';

const companyId = '00000000-0000-4000-8000-0000000000c0';
const rows: Transaction[] = [];
for (let year = 0; rows.length < 50_000; year++) {
  const end = `${2026 - (year % 40)}-11-22`;
  for (const row of demoBooks(companyId, end).transactions) rows.push({ ...row, id: `${row.id.slice(0, 30)}${String(rows.length).padStart(6, '0')}` });
}
rows.length = 50_000;
rows.sort(compareTransactions);
const started = performance.now();
// As the list's store holds them: the layout stays while edits keep the order and amounts.
const source = { rows, search: rows.map(searchTextOf), layout: {} };
const indexMs = performance.now() - started;
// The first amount sort of a layout computes its order; later filter changes reuse it.
const firstAmountSort = performance.now();
filterTransactions({ ...source, layout: {} }, { ...noFilters, sort: 'amount' }, '2026-11-22');
const firstAmountSortMs = performance.now() - firstAmountSort;

const changes: Partial<TransactionFilters>[] = [
  {},
  { query: 'amazon' },
  { query: 'cafe central bogota' },
  { category: 'uncategorised' },
  { checked: 'unchecked', direction: 'out' },
  { period: 'last3Months', minCents: 10_000 },
  { sort: 'amount', order: 'desc' },
  { query: 'payment', sort: 'amount', order: 'asc', period: 'previousYear' },
];
const times: number[] = [];
for (let round = 0; round < 20; round++) {
  for (const change of changes) {
    const t0 = performance.now();
    filterTransactions(source, { ...noFilters, ...change }, '2026-11-22');
    times.push(performance.now() - t0);
  }
}
times.sort((a, b) => a - b);
const raw: number[] = [];
for (let round = 0; round < 50; round++) {
  const t0 = performance.now();
  let sum = 0;
  for (const row of rows) if (row.amountCents < 0) sum += row.amountCents;
  raw.push(performance.now() - t0 + (sum === 1 ? 1 : 0));
}
raw.sort((a, b) => a - b);
const pct = (list: number[], p: number) => list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))]!.toFixed(2);
console.log(`rows: ${rows.length}; search text built once in ${indexMs.toFixed(1)} ms; first amount sort of a layout ${firstAmountSortMs.toFixed(1)} ms`);
console.log(`filter change (compute): p50 ${pct(times, 50)} ms, p95 ${pct(times, 95)} ms, max ${pct(times, 100)} ms (goal ≤ 50 ms incl. paint)`);
console.log(`raw limit, one loop over the rows: p50 ${pct(raw, 50)} ms, p95 ${pct(raw, 95)} ms`);
