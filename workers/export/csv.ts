import type { Language } from '@domain/constants';
import { columnOrder, decimalAmount, headerRow, safeText } from './cells';
import type { ExportLabels, ExportRow } from './types';

/**
 * The field separator a spreadsheet of the language expects: es and pt write decimals with a
 * comma, so their spreadsheets (Excel, LibreOffice in those locales) split CSV on `;`.
 */
export const csvSeparator = (language: Language): ',' | ';' => (language === 'en' ? ',' : ';');

/**
 * The rows as CSV for a spreadsheet of the person's language: UTF-8 with a BOM (so Excel reads
 * accents right), one header row, CRLF lines (RFC 4180), ISO dates (every locale reads them as
 * dates), amounts as plain numbers in the language's decimal mark, text escaped so nothing
 * runs as a formula. No totals row: a CSV is data that goes into other tools.
 */
export function buildCsv(rows: readonly ExportRow[], labels: ExportLabels, language: Language, receipts: readonly (string | null)[]): string {
  const separator = csvSeparator(language);
  const quote = (value: string) => (value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const text = (value: string) => quote(safeText(value));
  const lines = [headerRow(labels).map(text).join(separator)];
  rows.forEach((row, index) => {
    const cells: Record<(typeof columnOrder)[number], string> = {
      date: row.date,
      description: text(row.description),
      merchant: text(row.merchant),
      category: text(row.category),
      account: text(row.account),
      amount: decimalAmount(row.amountCents, language),
      checked: text(row.checked ? labels.yes : labels.no),
      receipt: text(receipts[index] ?? ''),
      note: text(row.note),
    };
    lines.push(columnOrder.map((column) => cells[column]).join(separator));
  });
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
