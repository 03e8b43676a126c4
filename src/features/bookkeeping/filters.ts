import { maxAmountCents } from '@domain/amounts';
import { categoryKeys, type CategoryKey } from '@domain/bookkeeping-terms';

/**
 * The bookkeeping list's filters and sort as URL state (so a filtered view can be linked,
 * bookmarked and restored with the back button). Parsing is defensive: a hand-edited URL
 * yields the nearest valid filters, never an error. The days a period covers are in
 * `periods.ts`; the pass that applies the filters to the rows is `filter-engine.ts`.
 */

/** SPEC §2 periods: last month, 3, 6, 12 months, previous year; `custom` uses `from`/`to`. */
export const periods = ['lastMonth', 'last3Months', 'last6Months', 'last12Months', 'previousYear', 'custom'] as const;
export type Period = (typeof periods)[number];

export type CategoryFilter = CategoryKey | 'uncategorised';

export interface TransactionFilters {
  period: Period | null;
  /** Inclusive calendar days of a custom period. */
  from: string | null;
  to: string | null;
  /** A manual or linked account id, or `none` for transactions without one. */
  account: string | null;
  category: CategoryFilter | null;
  checked: 'checked' | 'unchecked' | null;
  receipt: 'with' | 'without' | null;
  direction: 'in' | 'out' | null;
  /** Bounds on the amount's magnitude, in cents, inclusive. */
  minCents: number | null;
  maxCents: number | null;
  /** Words searched in the description, merchant and note (accents and case ignored). */
  query: string;
  sort: 'date' | 'amount';
  order: 'asc' | 'desc';
}

export const noFilters: TransactionFilters = {
  period: null,
  from: null,
  to: null,
  account: null,
  category: null,
  checked: null,
  receipt: null,
  direction: null,
  minCents: null,
  maxCents: null,
  query: '',
  sort: 'date',
  order: 'desc',
};

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** Dollars as written in the URL (`12.5`) to cents; null when absent or not a plain amount. */
function centsOf(value: string | null): number | null {
  if (value === null || !/^\d{1,11}(\.\d{1,2})?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents <= maxAmountCents ? cents : null;
}

const dollarsOf = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** The filters a URL's query string describes. */
export function parseFilters(params: URLSearchParams): TransactionFilters {
  const period = oneOf(periods, params.get('period'));
  const from = params.get('from');
  const to = params.get('to');
  return {
    period,
    from: period === 'custom' && from && isoDay.test(from) ? from : null,
    to: period === 'custom' && to && isoDay.test(to) ? to : null,
    account: params.get('account')?.slice(0, 64) || null,
    category: oneOf<CategoryFilter>([...categoryKeys, 'uncategorised'], params.get('category')),
    checked: oneOf(['checked', 'unchecked'] as const, params.get('status')),
    receipt: oneOf(['with', 'without'] as const, params.get('receipt')),
    direction: oneOf(['in', 'out'] as const, params.get('type')),
    minCents: centsOf(params.get('min')),
    maxCents: centsOf(params.get('max')),
    query: (params.get('q') ?? '').slice(0, 200),
    sort: oneOf(['date', 'amount'] as const, params.get('sort')) ?? 'date',
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? 'desc',
  };
}

/**
 * Writes the filters into a query string, keeping the parameters that are not filters
 * (the company) and leaving out defaults so plain views have plain URLs.
 */
export function writeFilters(filters: TransactionFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  const set = (key: string, value: string | null) => (value === null || value === '' ? params.delete(key) : params.set(key, value));
  set('period', filters.period);
  set('from', filters.period === 'custom' ? filters.from : null);
  set('to', filters.period === 'custom' ? filters.to : null);
  set('account', filters.account);
  set('category', filters.category);
  set('status', filters.checked);
  set('receipt', filters.receipt);
  set('type', filters.direction);
  set('min', filters.minCents === null ? null : dollarsOf(filters.minCents));
  set('max', filters.maxCents === null ? null : dollarsOf(filters.maxCents));
  set('q', filters.query.trim() || null);
  set('sort', filters.sort === 'date' ? null : filters.sort);
  set('order', filters.order === 'desc' ? null : filters.order);
  return params;
}

/** How many filters narrow the list (sort excluded), for the "clear filters" button. */
export function activeFilterCount(filters: TransactionFilters): number {
  const { period, account, category, checked, receipt, direction, minCents, maxCents, query } = filters;
  return [period, account, category, checked, receipt, direction, minCents, maxCents, query.trim() || null].filter((value) => value !== null).length;
}
