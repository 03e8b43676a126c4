import type { Transaction } from '@domain/bookkeeping';
import { categoryKeys } from '@domain/bookkeeping-terms';
import type { TransactionFilters } from './filters';
import { finish } from '@src/lib/slices';
import { periodRange } from './periods';

/**
 * The column query engine of the bookkeeping list: the company's transactions as packed
 * columns and one joined search text, filtered and sorted in one pass, with their totals.
 * Pure functions; the store keeps what they build for the next filter change.
 */

/** Lower case without accents: "Café" and "cafe" find each other. */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The text the search box looks through for one transaction. */
export const searchTextOf = (transaction: Pick<Transaction, 'description' | 'merchant' | 'note'>) =>
  searchable(`${transaction.description}\u0000${transaction.merchant ?? ''}\u0000${transaction.note}`);

export interface Totals {
  count: number;
  /** Money in (positive amounts) and money out (negative amounts, as a negative number), in cents. */
  incomeCents: number;
  expensesCents: number;
  netCents: number;
}

export interface FilteredView {
  /** Positions in the source array, in display order. */
  order: Uint32Array;
  /** 1 at each source position the view keeps: an edit in place is checked against it. */
  member: Uint8Array;
  totals: Totals;
}

/** What a view filters: the company's transactions and the search text of each, same order. */
export interface TransactionSource {
  rows: readonly Transaction[];
  search: readonly string[];
  /**
   * Replaced only when the rows' order or amounts change (an edit of a category or a check
   * keeps it), so the amount orders computed for it serve every later filter change. `rows`
   * when absent.
   */
  layout?: object;
}

/**
 * The fields the filters test, one typed array each in the rows' order, so a filter pass reads
 * a few packed arrays in sequence instead of 50,000 objects across the heap (about five times
 * less work). Dates, amounts and accounts never change in place (an edit that moves one
 * rebuilds the rows); categories, checks and receipts do, and `filtersAfterEdit` patches them.
 * A merge of added or removed rows copies them (`filtersAfterMerge`).
 */
interface Columns {
  /** The day as the number YYYYMMDD. */
  day: Int32Array;
  amount: Float64Array;
  /** 1 + the category's index in `categoryKeys`; 0 when uncategorised. */
  category: Uint8Array;
  /** `checkedFlag` and `receiptFlag`. */
  flags: Uint8Array;
  /** The account's index in `accounts`; -1 without an account. */
  account: Int32Array;
  accounts: Map<string, number>;
}

const checkedFlag = 1;
const receiptFlag = 2;
const categoryCode = new Map<string, number>(categoryKeys.map((key, index) => [key, index + 1]));
const dayNumber = (day: string) => Number(day.slice(0, 4)) * 10_000 + Number(day.slice(5, 7)) * 100 + Number(day.slice(8, 10));
const categoryOf = (row: Transaction) => (row.category === null ? 0 : (categoryCode.get(row.category) ?? 255));
const flagsOf = (row: Transaction) => (row.checked ? checkedFlag : 0) | (row.receipt !== null ? receiptFlag : 0);

const columnsByRows = new WeakMap<readonly Transaction[], Columns>();

const emptyColumns = (n: number, accounts: Map<string, number>): Columns => ({
  day: new Int32Array(n),
  amount: new Float64Array(n),
  category: new Uint8Array(n),
  flags: new Uint8Array(n),
  account: new Int32Array(n),
  accounts,
});

function fillColumns(columns: Columns, index: number, row: Transaction): void {
  columns.day[index] = dayNumber(row.date);
  columns.amount[index] = row.amountCents;
  columns.category[index] = categoryOf(row);
  columns.flags[index] = flagsOf(row);
  if (row.accountId === null) columns.account[index] = -1;
  else {
    let code = columns.accounts.get(row.accountId);
    if (code === undefined) columns.accounts.set(row.accountId, (code = columns.accounts.size));
    columns.account[index] = code;
  }
}

function columnsOf(rows: readonly Transaction[]): Columns {
  const cached = columnsByRows.get(rows);
  if (cached) return cached;
  const columns = emptyColumns(rows.length, new Map());
  for (let index = 0; index < rows.length; index++) fillColumns(columns, index, rows[index]!);
  columnsByRows.set(rows, columns);
  return columns;
}

/** How many of the rows have no category, counted in their filter column (a pass over 100,000 row objects took up to 45 ms). */
export function uncategorisedCount(rows: readonly Transaction[]): number {
  const { category } = columnsOf(rows);
  let count = 0;
  for (let index = 0; index < category.length; index++) if (category[index] === 0) count++;
  return count;
}

/**
 * Makes for `after`, rows merged from `before`, what the filters built for `before`, so the
 * next filter change finds it ready. It yields every few thousand rows, so the caller can run
 * it in slices:
 * - the filter columns, carried: `sourceOf[i]` is the position in `before` of the unchanged row
 *   at `i` in `after`, or -1 for a row added or edited. Copying 100,000 rows' columns takes a
 *   millisecond or two where building them again took about 50;
 * - the joined search text, joined again when `before`'s was (the person has searched): while
 *   sync drained an import, a search after each merge joined 100,000 texts in the filter's task.
 */
export function* filtersAfterMerge(before: TransactionSource, after: TransactionSource, sourceOf: Int32Array): Generator<void, void> {
  if (searchTexts.has(before.search)) yield* joinSearchTexts(after.search);
  const columns = columnsByRows.get(before.rows);
  if (!columns) return;
  const merged = emptyColumns(after.rows.length, new Map(columns.accounts));
  for (let index = 0; index < sourceOf.length; index++) {
    if ((index & 4095) === 4095) yield;
    const source = sourceOf[index]!;
    if (source < 0) {
      fillColumns(merged, index, after.rows[index]!);
      continue;
    }
    merged.day[index] = columns.day[source]!;
    merged.amount[index] = columns.amount[source]!;
    merged.category[index] = columns.category[source]!;
    merged.flags[index] = columns.flags[source]!;
    merged.account[index] = columns.account[source]!;
  }
  columnsByRows.set(after.rows, merged);
}

/**
 * Carries what the filters built for `before` over to `after`, the same rows with those at
 * `changed` edited in place, instead of building it again at the next filter change:
 * - the filter columns, two small arrays copied; not when an edit moved a date, an amount or
 *   an account;
 * - the joined search text, as it is, when the edited rows' search texts stayed the same (a
 *   category or a check).
 */
export function filtersAfterEdit(before: TransactionSource, after: TransactionSource, changed: readonly number[]): void {
  const joined = searchTexts.get(before.search);
  if (joined && changed.every((index) => after.search[index] === before.search[index])) searchTexts.set(after.search, joined);
  const columns = columnsByRows.get(before.rows);
  if (!columns || before.rows.length !== after.rows.length) return;
  const category = columns.category.slice();
  const flags = columns.flags.slice();
  for (const index of changed) {
    const row = after.rows[index]!;
    const was = before.rows[index]!;
    // Anything else moved: the next filter builds the columns afresh.
    if (row.date !== was.date || row.amountCents !== was.amountCents || row.accountId !== was.accountId) return;
    category[index] = categoryOf(row);
    flags[index] = flagsOf(row);
  }
  columnsByRows.set(after.rows, { ...columns, category, flags });
}

/** Amount orders per layout: every position of the rows, ascending and descending, ties newest first. */
const amountOrders = new WeakMap<object, { asc?: Uint32Array; desc?: Uint32Array }>();

/**
 * Every position of `rows` by amount (ties keep the rows' order: newest first). Each position
 * is packed with its amount into one exact number, `(amount − lowest) × n + position`, so the
 * typed array's native numeric sort does the work (a few milliseconds for 50,000 rows, where
 * a comparator sort took tens); amounts too far apart to pack below 2^53 use the comparator.
 */
function sortedByAmount(rows: readonly Transaction[], descending: boolean): Uint32Array {
  const n = rows.length;
  const order = new Uint32Array(n);
  let lowest = 0;
  let highest = 0;
  for (let index = 0; index < n; index++) {
    const amount = rows[index]!.amountCents;
    if (index === 0 || amount < lowest) lowest = amount;
    if (index === 0 || amount > highest) highest = amount;
  }
  if ((highest - lowest + 1) * n <= Number.MAX_SAFE_INTEGER) {
    const keys = new Float64Array(n);
    for (let index = 0; index < n; index++) keys[index] = (descending ? highest - rows[index]!.amountCents : rows[index]!.amountCents - lowest) * n + index;
    keys.sort();
    for (let index = 0; index < n; index++) order[index] = keys[index]! % n;
    return order;
  }
  for (let index = 0; index < n; index++) order[index] = index;
  const sign = descending ? -1 : 1;
  return order.sort((a, b) => sign * (rows[a]!.amountCents - rows[b]!.amountCents) || a - b);
}

function amountOrder(source: TransactionSource, descending: boolean): Uint32Array {
  const layout = source.layout ?? source.rows;
  let orders = amountOrders.get(layout);
  if (!orders) amountOrders.set(layout, (orders = {}));
  return descending ? (orders.desc ??= sortedByAmount(source.rows, true)) : (orders.asc ??= sortedByAmount(source.rows, false));
}

/**
 * The transactions that pass every filter, sorted, with their totals. `source.rows` must be
 * sorted by date, newest first (the store keeps them so), which the date sort reuses; the
 * amount sort walks the layout's cached amount order. Two passes over packed columns, no sort:
 * 50,000 rows take a few milliseconds.
 */
export function filterTransactions(source: TransactionSource, filters: TransactionFilters, today: string): FilteredView {
  const words = searchWords(filters.query);
  const found = words.length === 0 ? null : rowsContaining(source.search, words);
  const passes = rowFilter(columnsOf(source.rows), filters, today, found ? (index) => found[index] === 1 : null);
  const member = new Uint8Array(source.rows.length);
  for (let index = 0; index < member.length; index++) if (passes(index)) member[index] = 1;
  return viewOf(source, member, filters);
}

/**
 * The view after a merge added, removed or moved rows (`sourceOf`, as `filtersAfterMerge`
 * takes it), from the view of the rows before it with the same filters: each carried row keeps
 * its place in or out of the view, and only the rows the merge added or edited are tested. No
 * search of every row's text: while sync drained an import, each merge's render searched and
 * filtered 100,000 rows again.
 */
export function viewAfterMerge(view: FilteredView, source: TransactionSource, sourceOf: Int32Array, filters: TransactionFilters, today: string): FilteredView {
  const passes = rowTest(source, filters, today);
  const member = new Uint8Array(source.rows.length);
  for (let index = 0; index < member.length; index++) {
    const from = sourceOf[index]!;
    member[index] = from >= 0 ? view.member[from]! : passes(index) ? 1 : 0;
  }
  return viewOf(source, member, filters);
}

/** The view of the rows at 1 in `member`: their display order and totals. */
function viewOf(source: TransactionSource, member: Uint8Array, filters: TransactionFilters): FilteredView {
  const amounts = columnsOf(source.rows).amount;
  const picked = new Uint32Array(member.length);
  let count = 0;
  let incomeCents = 0;
  let expensesCents = 0;
  // The rows are read in their own order (reading them in amount order, all over memory, was
  // several times slower); the amount sort then walks its cached order over the member bitmap.
  for (let index = 0; index < member.length; index++) {
    if (member[index] === 0) continue;
    picked[count++] = index;
    const amount = amounts[index]!;
    if (amount >= 0) incomeCents += amount;
    else expensesCents += amount;
  }
  let order = picked.slice(0, count);
  if (filters.sort === 'amount') {
    const walk = amountOrder(source, filters.order === 'desc');
    let next = 0;
    for (let step = 0; step < walk.length; step++) if (member[walk[step]!] === 1) order[next++] = walk[step]!;
  } else if (filters.order === 'asc') {
    order = order.reverse();
  }
  return { order, member, totals: { count, incomeCents, expensesCents, netCents: incomeCents + expensesCents } };
}

/**
 * The view after rows were edited in place (same positions, same dates and amounts: a
 * category, a check, a merchant or a note), without a pass over every row: when none of the
 * edited rows enters or leaves the view, its order and totals stand. Null when one does (the
 * caller filters again).
 */
export function patchView(
  view: FilteredView,
  source: TransactionSource,
  changed: readonly number[],
  filters: TransactionFilters,
  today: string,
): FilteredView | null {
  const passes = rowTest(source, filters, today);
  for (const index of changed) {
    if (passes(index) !== (view.member[index] === 1)) return null;
  }
  return { ...view };
}

/** The filters as one test of a row, its search text searched by itself: for a few rows, where `filterTransactions` searches them all at once. */
function rowTest(source: TransactionSource, filters: TransactionFilters, today: string): (index: number) => boolean {
  const words = searchWords(filters.query);
  return rowFilter(columnsOf(source.rows), filters, today, words.length === 0 ? null : (index) => containsAll(source.search[index]!, words));
}

/** The search box's words, as the search texts are written. */
const searchWords = (query: string) => searchable(query).split(/\s+/).filter(Boolean);

/**
 * The filters as one test of the row at a position: its columns, then `matches` (the search
 * words, null when there are none).
 */
function rowFilter(columns: Columns, filters: TransactionFilters, today: string, matches: ((index: number) => boolean) | null): (index: number) => boolean {
  const range = periodRange(filters, today);
  const from = range.from === null ? null : dayNumber(range.from);
  const to = range.to === null ? null : dayNumber(range.to);
  const { checked, receipt, direction, minCents, maxCents } = filters;
  // -2 (no account has it) keeps nothing; -1 is "without an account".
  const account = filters.account === null ? null : filters.account === 'none' ? -1 : (columns.accounts.get(filters.account) ?? -2);
  const category = filters.category === null ? null : filters.category === 'uncategorised' ? 0 : categoryCode.get(filters.category)!;
  const flagMask = (checked !== null ? checkedFlag : 0) | (receipt !== null ? receiptFlag : 0);
  const flagValue = (checked === 'checked' ? checkedFlag : 0) | (receipt === 'with' ? receiptFlag : 0);
  const { day, amount, flags } = columns;
  const accounts = columns.account;
  const categories = columns.category;
  return (index) => {
    if (from !== null && day[index]! < from) return false;
    if (to !== null && day[index]! > to) return false;
    if (account !== null && accounts[index] !== account) return false;
    if (category !== null && categories[index] !== category) return false;
    if ((flags[index]! & flagMask) !== flagValue) return false;
    const cents = amount[index]!;
    if (direction !== null && (direction === 'in' ? cents < 0 : cents >= 0)) return false;
    const magnitude = Math.abs(cents);
    if (minCents !== null && magnitude < minCents) return false;
    if (maxCents !== null && magnitude > maxCents) return false;
    return matches === null || matches(index);
  };
}

/**
 * The search texts of a list joined, a separator after each: in parts of `joinSlice` rows (one
 * text of every row was one more copy of megabytes at each merge), each row's text starting at
 * its offset counted over all the parts (part `p` starts where its first row does).
 */
interface SearchText {
  parts: string[];
  starts: Int32Array;
}

const rowSeparator = '\u0001';
const searchTexts = new WeakMap<readonly string[], SearchText>();

function searchTextOfRows(search: readonly string[]): SearchText {
  return searchTexts.get(search) ?? finish(joinSearchTexts(search));
}

/** Joins the search texts (`searchTextOfRows`) a few thousand rows at a time, yielding between. */
function* joinSearchTexts(search: readonly string[]): Generator<void, SearchText> {
  const starts = new Int32Array(search.length + 1);
  const parts: string[] = [];
  let offset = 0;
  for (let from = 0; from < search.length; from += joinSlice) {
    const slice = search.slice(from, from + joinSlice);
    for (let index = 0; index < slice.length; index++) {
      starts[from + index] = offset;
      offset += slice[index]!.length + 1;
    }
    parts.push(slice.join(rowSeparator) + rowSeparator);
    yield;
  }
  starts[search.length] = offset;
  const joined = { parts, starts };
  searchTexts.set(search, joined);
  return joined;
}

const joinSlice = 8192;

/** The row whose text holds the character at `offset` (the last start at or before it). */
function rowAt(starts: Int32Array, offset: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * 1 at each row whose search text contains every word. The longest word (the rarest, most
 * likely) is looked for in all the rows' texts joined: one native scan, which skips the rows
 * without it, instead of a test per row. The rows it finds are then tested for the others.
 */
function rowsContaining(search: readonly string[], words: readonly string[]): Uint8Array {
  const { parts, starts } = searchTextOfRows(search);
  const found = new Uint8Array(search.length);
  const [first, ...rest] = [...words].sort((a, b) => b.length - a.length) as [string, ...string[]];
  parts.forEach((text, part) => {
    const base = starts[part * joinSlice]!;
    let from = 0;
    for (;;) {
      const at = text.indexOf(first, from);
      if (at < 0) break;
      const index = rowAt(starts, base + at);
      const end = starts[index + 1]! - 1 - base;
      // A hit that spans two rows (the word holds the separator) is no match: look again one character on.
      if (at + first.length <= end) {
        if (rest.length === 0 || containsAll(search[index]!, rest)) found[index] = 1;
        from = end + 1;
      } else from = at + 1;
    }
  });
  return found;
}

/** True when `text` contains every word (a plain loop: no closure per row). */
function containsAll(text: string, words: readonly string[]): boolean {
  for (let i = 0; i < words.length; i++) if (!text.includes(words[i]!)) return false;
  return true;
}

/** Newest first, then by id so equal days keep one order on every device. */
export const compareTransactions = (a: Transaction, b: Transaction) =>
  a.date === b.date ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.date < b.date ? 1 : -1;
