import type { Language } from '@domain/constants';
import { localeOf as locales } from '@domain/locale-formats';

/**
 * Dates, numbers and `$` amounts in each language's conventions (SPEC §9: date formats differ
 * by language, the currency symbol is `$`). Spanish and Portuguese follow Latin America and
 * Brazil, where Alta's customers are.
 */
export const localeOf = (language: Language) => locales[language];

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, create: () => T): T {
  let format = cache.get(key) as T | undefined;
  if (!format) {
    format = create();
    cache.set(key, format);
  }
  return format;
}

export type DateStyle = 'short' | 'medium' | 'long';

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** A calendar date: 21/11/2026 (es, pt), 11/21/2026 (en); `long` spells the month. */
export function formatDate(value: Date | string | number, language: Language, style: DateStyle = 'short'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'short' ? { day: '2-digit', month: '2-digit', year: 'numeric' } : { day: 'numeric', month: style === 'long' ? 'long' : 'short', year: 'numeric' };
  // Dates without a time (2026-11-21) are UTC midnight: format them in UTC so no time zone
  // shifts them to the previous day.
  const dateOnly = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const key = `d|${language}|${style}|${dateOnly}`;
  return cached(key, () => new Intl.DateTimeFormat(locales[language], { ...options, ...(dateOnly ? { timeZone: 'UTC' } : {}) })).format(toDate(value));
}

/** A date with its time of day. */
export function formatDateTime(value: Date | string | number, language: Language): string {
  return cached(`dt|${language}`, () => new Intl.DateTimeFormat(locales[language], { dateStyle: 'medium', timeStyle: 'short' })).format(toDate(value));
}

/** A plain number with the language's grouping and decimal marks. */
export function formatNumber(value: number, language: Language, maximumFractionDigits = 2): string {
  return cached(`n|${language}|${maximumFractionDigits}`, () => new Intl.NumberFormat(locales[language], { maximumFractionDigits })).format(value);
}

/** An amount in a currency Alta does not know (what a receipt says it cost), always with its cents: 45.90 (en), 45,90 (es, pt). */
export function formatAmount(amount: number, language: Language): string {
  return cached(`a|${language}`, () => new Intl.NumberFormat(locales[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(amount);
}

/** A US-dollar amount with the `$` symbol: $1,234.50 (en, es), $ 1.234,50 (pt). Whole amounts drop the cents. */
export function formatUsd(amount: number, language: Language): string {
  const whole = Number.isInteger(amount);
  return cached(
    `u|${language}|${whole}`,
    () =>
      new Intl.NumberFormat(locales[language], {
        style: 'currency',
        currency: 'USD',
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: whole ? 0 : 2,
        maximumFractionDigits: 2,
      }),
  ).format(amount);
}

/** A wait in words: "30 seconds", "2 minutes" (rounded up), for rate limits and countdowns. */
export function formatDuration(seconds: number, language: Language): string {
  const minutes = seconds >= 90 ? Math.ceil(seconds / 60) : null;
  const unit = minutes === null ? 'second' : 'minute';
  return cached(`s|${language}|${unit}`, () => new Intl.NumberFormat(locales[language], { style: 'unit', unit, unitDisplay: 'long' })).format(
    minutes ?? Math.max(0, Math.ceil(seconds)),
  );
}

/** A calendar month `YYYY-MM`: "nov 2026" / "Nov 2026" (short) or spelled out (long). */
export function formatMonth(month: string, language: Language, style: 'short' | 'long' = 'short'): string {
  return cached(`m|${language}|${style}`, () => new Intl.DateTimeFormat(locales[language], { month: style, year: 'numeric', timeZone: 'UTC' })).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}
