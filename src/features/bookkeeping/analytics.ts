import type { Transaction } from '@domain/bookkeeping';
import { categoryOf, type CategoryKey } from '@domain/bookkeeping-terms';
import type { Period } from './filters';
import { periodRange } from './periods';

/**
 * The accounting home's figures, from the company's transactions on this device: income,
 * expenses and profit per month of a SPEC period, the top expense categories, the latest
 * transactions and what still needs the bookkeeper. Money moved between own accounts or by
 * the owner (transfers, contributions, draws, loans) is neither income nor expense.
 */

export const homePeriods = ['lastMonth', 'last3Months', 'last6Months', 'last12Months', 'previousYear'] as const satisfies readonly Period[];
export type HomePeriod = (typeof homePeriods)[number];

export interface MonthFigures {
  /** `YYYY-MM`. */
  month: string;
  incomeCents: number;
  /** Money out as a positive number. */
  expensesCents: number;
  profitCents: number;
}

export interface Analytics {
  from: string;
  to: string;
  months: MonthFigures[];
  incomeCents: number;
  expensesCents: number;
  profitCents: number;
  topCategories: { category: CategoryKey | null; cents: number; share: number }[];
  recent: Transaction[];
  uncategorisedCount: number;
  uncheckedCount: number;
}

/** Whether a transaction counts as income or expense (not capital, not a transfer). */
function operating(row: Transaction): boolean {
  if (row.category === null) return true;
  const kind = categoryOf(row.category)?.kind;
  return kind === 'income' || kind === 'expense';
}

/** Every month from `from` to `to`, as `YYYY-MM`. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (let guard = 0; guard < 240; guard++) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) break;
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
  }
  return months;
}

/** The figures of `rows` (one company, newest first) over `period` seen from `today`. */
export function analyticsOf(rows: readonly Transaction[], period: HomePeriod, today: string, topCount = 5): Analytics {
  const range = periodRange({ period, from: null, to: null }, today);
  const from = range.from!;
  const to = range.to!;
  const months = new Map(monthsBetween(from, to).map((month) => [month, { month, incomeCents: 0, expensesCents: 0, profitCents: 0 }]));
  const byCategory = new Map<CategoryKey | null, number>();
  const recent: Transaction[] = [];
  let uncategorisedCount = 0;
  let uncheckedCount = 0;
  for (const row of rows) {
    if (row.date < from || row.date > to) continue;
    if (recent.length < 6) recent.push(row);
    if (row.category === null) uncategorisedCount++;
    if (!row.checked) uncheckedCount++;
    if (!operating(row)) continue;
    const figures = months.get(row.date.slice(0, 7))!;
    if (row.amountCents >= 0) figures.incomeCents += row.amountCents;
    else {
      figures.expensesCents -= row.amountCents;
      byCategory.set(row.category, (byCategory.get(row.category) ?? 0) - row.amountCents);
    }
  }
  let incomeCents = 0;
  let expensesCents = 0;
  for (const figures of months.values()) {
    figures.profitCents = figures.incomeCents - figures.expensesCents;
    incomeCents += figures.incomeCents;
    expensesCents += figures.expensesCents;
  }
  const topCategories = [...byCategory.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, topCount)
    .map(([category, cents]) => ({ category, cents, share: expensesCents === 0 ? 0 : cents / expensesCents }));
  return {
    from,
    to,
    months: [...months.values()],
    incomeCents,
    expensesCents,
    profitCents: incomeCents - expensesCents,
    topCategories,
    recent,
    uncategorisedCount,
    uncheckedCount,
  };
}
