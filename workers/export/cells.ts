import type { Language } from '@domain/constants';
import type { ExportLabels, ExportRow } from './types';

/**
 * What a spreadsheet would run as a formula when a cell's text starts with it (OWASP "CSV
 * injection"): `=`, `+`, `-`, `@`, a tab or a carriage return. Only text cells are escaped:
 * amounts are written as numbers (a negative amount stays the number -12.50, not text).
 */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * A text cell that no spreadsheet runs: one starting like a formula gets a leading apostrophe,
 * the mark Excel, LibreOffice and Google Sheets read as "this is text", which also shows the
 * person that the value was escaped.
 */
export const safeText = (value: string): string => (formulaStart.test(value) ? `'${value}` : value);

/** Whether a text would be run as a formula (what `safeText` escapes). */
export const startsFormula = (value: string): boolean => formulaStart.test(value);

/** The decimal mark of a language's spreadsheets: es and pt write 12,50, en 12.50. */
export const decimalMark = (language: Language): ',' | '.' => (language === 'en' ? '.' : ',');

/** Cents as a plain decimal in the language's mark, no grouping: -1234,50. */
export function decimalAmount(cents: number, language: Language): string {
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)}${decimalMark(language)}${String(magnitude % 100).padStart(2, '0')}`;
}

/** The order of the columns, in every format. */
export const columnOrder = ['date', 'description', 'merchant', 'category', 'account', 'amount', 'checked', 'receipt', 'note'] as const;

export const headerRow = (labels: ExportLabels): string[] => columnOrder.map((column) => labels.columns[column]);

/**
 * The name each row's receipt has in the pack, by date and amount (`2026-03-14 -12,50.pdf`);
 * a second receipt of the same day and amount gets ` (2)`. Null for a row without receipt.
 */
export function receiptNames(rows: readonly ExportRow[], language: Language): (string | null)[] {
  const taken = new Map<string, number>();
  return rows.map((row) => {
    if (row.receipt === null) return null;
    const stem = `${row.date} ${decimalAmount(row.amountCents, language)}`;
    const seen = (taken.get(stem) ?? 0) + 1;
    taken.set(stem, seen);
    return `${stem}${seen > 1 ? ` (${seen})` : ''}.${row.receipt}`;
  });
}
