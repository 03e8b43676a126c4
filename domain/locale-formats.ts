import type { Language } from './constants';

/** The locale each language writes numbers and dates in: Latin American Spanish, US English, Brazilian Portuguese. */
export const localeOf: Record<Language, string> = { es: 'es-419', en: 'en-US', pt: 'pt-BR' };

// Formatters are built once per language and kept: building an Intl formatter costs 0.1–0.2 ms,
// formatting with one a few µs, and a checkout's receipt, a price list or a form writes dozens.
const usdFormats = new Map<string, Intl.NumberFormat>();
const longDates = new Map<Language, Intl.DateTimeFormat>();

/** Cents as the checkout summary shows them: `$1,234.50` (the SPEC's currency symbol is `$` in every language); whole dollars without cents. */
export function formatUsd(amountCents: number, language: string): string {
  const locale = language === 'en' || language === 'pt' ? localeOf[language] : localeOf.es;
  const digits = amountCents % 100 === 0 ? 0 : 2;
  const key = `${locale} ${digits}`;
  let format = usdFormats.get(key);
  if (!format) usdFormats.set(key, (format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: 2 })));
  return `$${format.format(amountCents / 100)}`;
}

/** A date as mails and documents write it, in UTC: "24 de noviembre de 2026", "November 24, 2026". */
export function longDate(value: Date, language: Language): string {
  let format = longDates.get(language);
  if (!format) longDates.set(language, (format = new Intl.DateTimeFormat(localeOf[language], { dateStyle: 'long', timeZone: 'UTC' })));
  return format.format(value);
}
