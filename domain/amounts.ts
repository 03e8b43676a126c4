/**
 * Money amounts as bank exports write them, read into integer cents without ever going
 * through a float: `1,234.56`, `1.234,56`, `1 234,56`, `(12.00)`, `12.00-`, `-$12`,
 * `R$ 1.234,56`, `USD 12.5`, `−12,00 €`.
 */

/** The largest magnitude accepted for one amount (a transaction, a tax form's figure): $99,999,999,999.99. */
export const maxAmountCents = 9_999_999_999_999;

export type DecimalSeparator = '.' | ',';

// Currency symbols and ISO codes that banks put before or after the figure.
const currency = /US\$|R\$|MX\$|AR\$|CA\$|COL\$|CLP\$|[$€£¥]|\b(?:USD|EUR|BRL|MXN|ARS|COP|CLP|PEN|UYU|GBP|CAD|BOB|PYG|DOP|GTQ|CRC)\b/gi;
const spaces = /[\s\u00a0\u2007\u202f]+/g;

// Digits grouped by thousands with the other separator (or a space or apostrophe), then decimals.
const amountPatterns: Record<DecimalSeparator, RegExp> = {
  '.': /^(\d{1,3}(?:[,' ]\d{3})+|\d+)(?:\.(\d+))?$|^\.(\d+)$/,
  ',': /^(\d{1,3}(?:[.' ]\d{3})+|\d+)(?:,(\d+))?$|^,(\d+)$/,
};

/**
 * Reads an amount written with `decimal` as its decimal separator into signed integer
 * cents; null when the text is not an amount. More than two decimals are rounded half away
 * from zero on the digits themselves (exact). Magnitudes beyond 13 integer digits return
 * `Infinity` (with its sign) so validation can say "too large" instead of "invalid".
 */
export function parseAmount(raw: string, decimal: DecimalSeparator): number | null {
  let text = raw
    .replace(/\u2212/g, '-')
    .replace(currency, ' ')
    .replace(spaces, ' ')
    .trim();
  if (text === '') return null;
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  // The sign may lead (-12.00, -$12) or trail (12.00-), and parentheses flip it once more.
  if (/^[+-]/.test(text)) {
    negative = negative !== (text[0] === '-');
    text = text.slice(1).trim();
  } else if (/[+-]$/.test(text)) {
    negative = negative !== text.endsWith('-');
    text = text.slice(0, -1).trim();
  }
  const match = amountPatterns[decimal].exec(text);
  if (!match) return null;
  const integerDigits = (match[1] ?? '0').replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? match[3] ?? '';
  if (integerDigits.length > 13) return negative ? -Infinity : Infinity;
  let cents = Number(integerDigits) * 100 + Number((fraction + '00').slice(0, 2));
  if (fraction.length > 2 && Number(fraction[2]) >= 5) cents += 1;
  return negative && cents !== 0 ? -cents : cents;
}

/** What one written amount says about the decimal separator: '.', ',' or nothing. */
export function decimalEvidence(raw: string): DecimalSeparator | null {
  const text = raw.replace(currency, '').replace(/[^\d.,]/g, '');
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) return lastDot > lastComma ? '.' : ',';
  const only = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
  if (!only) return null;
  const occurrences = text.split(only).length - 1;
  // 1.234.567 or 1,234,567: repeated, so it groups thousands and the other one is the decimal.
  if (occurrences > 1) return only === '.' ? ',' : '.';
  const decimals = text.length - text.lastIndexOf(only) - 1;
  // 12,5 and 12.50 are decimals; 1,234 and 1.234 could be either, so they say nothing.
  if (decimals === 1 || decimals === 2) return only;
  if (decimals === 3) return null;
  return only;
}

/**
 * The decimal separator of a column, from the evidence of all its values; the language's
 * habit (`fallback`) when the values never say.
 */
export function detectDecimalSeparator(values: Iterable<string>, fallback: DecimalSeparator): { separator: DecimalSeparator; assumed: boolean } {
  const counts = { '.': 0, ',': 0 };
  for (const value of values) {
    const evidence = decimalEvidence(value);
    if (evidence) counts[evidence] += 1;
  }
  if (counts['.'] === counts[',']) return { separator: fallback, assumed: true };
  return { separator: counts['.'] > counts[','] ? '.' : ',', assumed: false };
}

/** True when a cell looks like an amount in either convention (used to find columns by content). */
export const looksLikeAmount = (raw: string) => parseAmount(raw, '.') !== null || parseAmount(raw, ',') !== null;
