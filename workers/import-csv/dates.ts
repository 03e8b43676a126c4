import { isRealDay } from '@domain/bookkeeping';
import { isoDay } from '@domain/days';

/**
 * Dates as bank exports write them: `2026-03-31`, `31/03/2026` (es, pt), `03/31/2026`
 * (en-US), `31.03.26`, `31-mar-2026`, `Mar 31, 2026`, `31 de março de 2026`, with or
 * without a time after them. Numeric day-month order is decided per column, never per
 * cell: a column where every day is at most 12 is ambiguous and falls back to the
 * language's habit, which the import result reports.
 */

export type DateOrder = 'dmy' | 'mdy' | 'ymd';

const monthNames: Record<string, number> = {};
const monthLists = [
  ['jan', 'ene', 'janeiro', 'enero', 'january'],
  ['feb', 'fev', 'fevereiro', 'febrero', 'february'],
  ['mar', 'marco', 'marzo', 'march'],
  ['apr', 'abr', 'abril', 'april'],
  ['may', 'mai', 'maio', 'mayo'],
  ['jun', 'junho', 'junio', 'june'],
  ['jul', 'julho', 'julio', 'july'],
  ['aug', 'ago', 'agosto', 'august'],
  ['sep', 'set', 'sept', 'setembro', 'septiembre', 'setiembre', 'september'],
  ['oct', 'out', 'outubro', 'octubre', 'october'],
  ['nov', 'novembro', 'noviembre', 'november'],
  ['dec', 'dic', 'dez', 'dezembro', 'diciembre', 'december'],
];
monthLists.forEach((names, index) => names.forEach((name) => (monthNames[name] = index + 1)));

/** Two-digit years follow the POSIX convention: 00–69 are 20YY, 70–99 are 19YY. */
const fullYear = (year: string) => (year.length === 2 ? Number(year) + (Number(year) <= 69 ? 2000 : 1900) : Number(year));

function iso(year: number, month: number, day: number): string | null {
  // Checked on the numbers before any text is made: the import reads every date up to three times.
  if (!isRealDay(year, month, day)) return null;
  return isoDay(year, month, day);
}

interface NumericParts {
  kind: 'numeric';
  first: string;
  second: string;
  third: string;
}
interface NamedParts {
  kind: 'named';
  year: number;
  month: number;
  day: number;
}

/** The common case, a numeric date with nothing around it, read without folding the text first. */
const plainNumeric = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})$/;

function split(raw: string): NumericParts | NamedParts | null {
  const plain = plainNumeric.exec(raw);
  if (plain) return { kind: 'numeric', first: plain[1]!, second: plain[2]!, third: plain[3]! };
  const text = raw
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    // A time after the date (2026-03-31 10:22, 2026-03-31T10:22:00Z) is not part of the day.
    .replace(/(?:t|\s+)\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:z|[ap]\.?m\.?|[+-]\d{2}:?\d{2})?$/, '')
    .trim();
  const numeric = plainNumeric.exec(text) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (numeric) return { kind: 'numeric', first: numeric[1]!, second: numeric[2]!, third: numeric[3]! };
  // 31-mar-2026, 31 mar 2026, 31 de marzo de 2026
  const dayFirst = /^(\d{1,2})(?:[\s/.-]+de)?[\s/.-]+([a-z]+)\.?(?:[\s/.-]+de)?[\s/.,-]+(\d{2}|\d{4})$/.exec(text);
  if (dayFirst && monthNames[dayFirst[2]!]) return { kind: 'named', day: Number(dayFirst[1]), month: monthNames[dayFirst[2]!]!, year: fullYear(dayFirst[3]!) };
  // Mar 31, 2026
  const monthFirst = /^([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(text);
  if (monthFirst && monthNames[monthFirst[1]!])
    return { kind: 'named', day: Number(monthFirst[2]), month: monthNames[monthFirst[1]!]!, year: Number(monthFirst[3]) };
  return null;
}

/** Reads a date in the given numeric order into `YYYY-MM-DD`; null when it is not a real date in that order. */
export function parseDate(raw: string, order: DateOrder): string | null {
  const parts = split(raw);
  return parts && dateOf(parts, order);
}

/** The day that split parts name in the given order, or null. */
function dateOf(parts: NumericParts | NamedParts, order: DateOrder): string | null {
  if (parts.kind === 'named') return iso(parts.year, parts.month, parts.day);
  const { first, second, third } = parts;
  // A four-digit first part is always year-month-day, whatever the column's order.
  if (first.length === 4) return third.length <= 2 ? iso(Number(first), Number(second), Number(third)) : null;
  if (third.length !== 2 && third.length !== 4) return null;
  const year = fullYear(third);
  if (order === 'mdy') return iso(year, Number(first), Number(second));
  return iso(year, Number(second), Number(first));
}

/** The orders in which one written date is a real date (empty when it is not a date at all). */
export function possibleOrders(raw: string): DateOrder[] {
  const parts = split(raw);
  if (!parts) return [];
  if (parts.kind === 'named' || parts.first.length === 4) return dateOf(parts, 'ymd') ? ['dmy', 'mdy', 'ymd'] : [];
  return (['dmy', 'mdy'] as const).filter((order) => dateOf(parts, order) !== null);
}

/** True when a cell reads as a date in some order. */
export const looksLikeDate = (raw: string) => possibleOrders(raw).length > 0;

/** Tallies, over a whole column, which orders every date allows. */
export class DateOrderSurvey {
  private dates = 0;
  private dmy = 0;
  private mdy = 0;
  private yearFirst = 0;

  add(raw: string) {
    const orders = possibleOrders(raw);
    if (orders.length === 0) return;
    this.dates += 1;
    if (orders.includes('ymd') && orders.length === 3) {
      this.yearFirst += 1;
      return;
    }
    if (orders.includes('dmy')) this.dmy += 1;
    if (orders.includes('mdy')) this.mdy += 1;
  }

  /**
   * The column's order: the one every numeric date allows (year-first and named dates fit
   * any); when both fit, the language's `fallback`, reported as assumed. When neither fits
   * all of them (a few broken cells), the one most of them fit.
   */
  decide(fallback: Exclude<DateOrder, 'ymd'>): { order: DateOrder; assumed: boolean } {
    const numeric = this.dates - this.yearFirst;
    if (numeric === 0) return { order: this.yearFirst > 0 ? 'ymd' : fallback, assumed: this.yearFirst === 0 };
    const dmyFits = this.dmy === numeric;
    const mdyFits = this.mdy === numeric;
    if (dmyFits && mdyFits) return { order: fallback, assumed: true };
    if (dmyFits) return { order: 'dmy', assumed: false };
    if (mdyFits) return { order: 'mdy', assumed: false };
    return { order: this.dmy >= this.mdy ? 'dmy' : 'mdy', assumed: false };
  }
}
