import writeXlsxFile, { type Cell, type Row } from 'write-excel-file/universal';
import type { Language } from '@domain/constants';
import { columnOrder, headerRow, safeText } from './cells';
import type { ExportLabels, ExportRow } from './types';

/** How the language writes a day, as an Excel number format. */
const dateFormat = (language: Language) => (language === 'en' ? 'mm/dd/yyyy' : 'dd/mm/yyyy');
/** Grouped, two decimals: the spreadsheet shows it in its own locale's marks. */
const amountFormat = '#,##0.00';

/** A day as the date cell's value: UTC midnight, so no time zone moves it to the day before. */
const dayOf = (iso: string) => new Date(`${iso}T00:00:00Z`);

/**
 * The rows as an Excel workbook (write-excel-file): real date and number cells, text cells
 * escaped as in the CSV (a text cell is never run, but one copied or saved as CSV from there
 * would be), a bold header kept in view and a totals row of the net amount. No formula
 * anywhere: the total is the sum's value, so the file holds nothing a spreadsheet runs.
 */
export async function buildXlsx(rows: readonly ExportRow[], labels: ExportLabels, language: Language, receipts: readonly (string | null)[]): Promise<Blob> {
  const text = (value: string): Cell => ({ value: safeText(value), type: String });
  const data: Row[] = [headerRow(labels).map((label) => ({ value: safeText(label), type: String, fontWeight: 'bold' }))];
  let netCents = 0;
  rows.forEach((row, index) => {
    netCents += row.amountCents;
    const cells: Record<(typeof columnOrder)[number], Cell> = {
      date: { value: dayOf(row.date), type: Date, format: dateFormat(language) },
      description: text(row.description),
      merchant: text(row.merchant),
      category: text(row.category),
      account: text(row.account),
      amount: { value: row.amountCents / 100, type: Number, format: amountFormat },
      checked: text(row.checked ? labels.yes : labels.no),
      receipt: text(receipts[index] ?? ''),
      note: text(row.note),
    };
    data.push(columnOrder.map((column) => cells[column]));
  });
  data.push(
    columnOrder.map((column): Cell => {
      if (column === 'date') return { value: safeText(labels.total), type: String, fontWeight: 'bold' };
      if (column === 'amount') return { value: netCents / 100, type: Number, format: amountFormat, fontWeight: 'bold' };
      return null;
    }),
  );
  return writeXlsxFile(data, {
    sheet: labels.sheet.slice(0, 31),
    stickyRowsCount: 1,
    columns: [{ width: 12 }, { width: 40 }, { width: 20 }, { width: 24 }, { width: 20 }, { width: 14 }, { width: 10 }, { width: 24 }, { width: 40 }],
  }).toBlob();
}
