import { unzipSync, strFromU8 } from 'fflate';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/universal';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '@domain/bookkeeping';
import { testTransaction } from '@domain/transaction-fixture';
import { exportPeriod, exportRowsOf, type ExportWords } from '@src/features/bookkeeping/export-rows';
import { compareTransactions, filterTransactions, searchTextOf } from '@src/features/bookkeeping/filter-engine';
import { noFilters, type TransactionFilters } from '@src/features/bookkeeping/filters';
import { safeText, startsFormula } from '@workers/export/cells';
import { buildExport } from '@workers/export/build';
import type { ExportLabels, ExportRequest, ExportRow } from '@workers/export/types';

// Decision 065: the export writes exactly the rows the list's filters keep, in its order, and
// no cell of it is a formula a spreadsheet would run. The files are read back with a library
// (read-excel-file for the XLSX, PapaParse for the CSV) and their zip opened with fflate.

const receipt = (name: string) => ({ key: `receipts/c/${name}`, name, size: 10, contentType: 'application/pdf' });
const rows: Transaction[] = [
  testTransaction({ id: 'a', date: '2026-11-20', description: 'Stripe payout', amountCents: 250_000, category: 'sales', checked: true }),
  testTransaction({
    id: 'b',
    date: '2026-11-02',
    description: '=HYPERLINK("http://evil.example","x")',
    merchant: '@SUM(A1)',
    amountCents: -1_850,
    receipt: receipt('a.pdf'),
  }),
  testTransaction({
    id: 'c',
    date: '2026-10-15',
    description: '+1 555 0100 refund',
    note: '-5 discount; "quoted", with a comma',
    amountCents: -12_345,
    receipt: receipt('b.JPG'),
  }),
  testTransaction({ id: 'd', date: '2026-10-15', description: '\tTabbed\rline', amountCents: -12_345, receipt: receipt('c.png') }),
  testTransaction({ id: 'e', date: '2026-09-01', description: 'Café Martínez', merchant: 'Martínez', amountCents: -1, category: 'meals' }),
  testTransaction({ id: 'f', date: '2025-12-31', description: 'Google Ads', amountCents: -50_000, category: 'advertising' }),
].sort(compareTransactions);
const source = { rows, search: rows.map(searchTextOf) };
const today = '2026-11-22';

const words: ExportWords = {
  category: (row) => (row.category ? `cat:${row.category}` : 'Uncategorised'),
  account: () => '',
  receiptName: (row) => row.receipt?.name ?? null,
};
const labels: ExportLabels = {
  columns: {
    date: 'Date',
    description: 'Description',
    merchant: 'Merchant',
    category: 'Category',
    account: 'Account',
    amount: 'Amount',
    checked: 'Checked',
    receipt: 'Receipt',
    note: 'Note',
  },
  yes: 'Yes',
  no: 'No',
  total: 'Total',
  sheet: 'Transactions',
  receiptsFolder: 'receipts',
  receiptMissing: 'Not on this device',
  missingFile: 'missing receipts.txt',
  missingIntro: 'These receipts were not on the device:',
};

function exportOf(filters: Partial<TransactionFilters>) {
  const view = filterTransactions(source, { ...noFilters, ...filters }, today);
  return { view, exported: exportRowsOf(rows, view.order, words) };
}

const request = (exported: ExportRow[], format: ExportRequest['format'], language: ExportRequest['language'] = 'en'): ExportRequest => ({
  format,
  language,
  rows: exported,
  labels,
  baseName: 'Acme: books / 2026',
});

const textOf = async (blob: Blob) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer());

describe('the bookkeeping export', () => {
  it('takes exactly the rows the filters show, in the list order', () => {
    const { view, exported } = exportOf({ direction: 'out', period: 'last6Months' });
    const shown = [...view.order].map((index) => rows[index]!);
    expect(shown.map((row) => row.id)).toEqual(['b', 'c', 'd', 'e']);
    expect(exported.map((row) => [row.date, row.description, row.amountCents])).toEqual(shown.map((row) => [row.date, row.description, row.amountCents]));
    expect(exported.map((row) => row.receipt)).toEqual(['pdf', 'jpg', 'png', null]);
    expect(exportPeriod({ ...noFilters, period: 'previousYear' }, today, exported)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(exportPeriod(noFilters, today, exported)).toEqual({ from: '2026-09-01', to: '2026-11-02' });
  });

  it('writes a CSV the spreadsheets of each language read back as the filtered rows, with a BOM and no formula', async () => {
    const { exported } = exportOf({ direction: 'out' });
    for (const [language, delimiter, decimal] of [
      ['en', ',', '.'],
      ['es', ';', ','],
      ['pt', ';', ','],
    ] as const) {
      const result = await buildExport(request(exported, 'csv', language));
      expect(result.name).toBe('Acme books 2026.csv');
      const text = await textOf(result.file);
      expect(text.startsWith('\uFEFF')).toBe(true);
      const parsed = Papa.parse<string[]>(text.slice(1), { delimiter, skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      const [header, ...body] = parsed.data;
      expect(header).toEqual(['Date', 'Description', 'Merchant', 'Category', 'Account', 'Amount', 'Checked', 'Receipt', 'Note']);
      expect(body).toHaveLength(exported.length);
      body.forEach((cells, index) => {
        const row = exported[index]!;
        expect(cells[0]).toBe(row.date);
        expect(cells[1]).toBe(safeText(row.description));
        expect(cells[2]).toBe(safeText(row.merchant));
        // The amount is a plain number in the language's decimal mark, negative ones included.
        expect(cells[5]).toMatch(new RegExp(`^-?\\d+\\${decimal}\\d{2}$`));
        expect(Number(cells[5]!.replace(',', '.'))).toBe(row.amountCents / 100);
        expect(cells[8]).toBe(safeText(row.note));
        for (const [column, cell] of cells.entries()) if (column !== 5) expect(startsFormula(cell), cell).toBe(false);
      });
      // Every formula-looking text was escaped, and what it said is kept after the apostrophe.
      expect(body.map((cells) => cells[1])).toContain(`'=HYPERLINK("http://evil.example","x")`);
      expect(body.map((cells) => cells[2])).toContain(`'@SUM(A1)`);
      expect(body.map((cells) => cells[8])).toContain(`'-5 discount; "quoted", with a comma`);
      expect(body.map((cells) => cells[1])).toContain(`'\tTabbed\rline`);
      // Receipts are named by date and amount; the same day and amount twice stay apart.
      expect(body.map((cells) => cells[7])).toEqual(
        language === 'en'
          ? ['2026-11-02 -18.50.pdf', '2026-10-15 -123.45.jpg', '2026-10-15 -123.45 (2).png', '', '']
          : ['2026-11-02 -18,50.pdf', '2026-10-15 -123,45.jpg', '2026-10-15 -123,45 (2).png', '', ''],
      );
    }
  });

  it('writes an XLSX whose date and number cells, read back with read-excel-file, are the filtered rows, with a totals row and no formula', async () => {
    const { view, exported } = exportOf({ direction: 'out' });
    const result = await buildExport(request(exported, 'xlsx', 'es'));
    expect(result.name).toBe('Acme books 2026.xlsx');
    const sheet = await readSheet(result.file);
    const [header, ...body] = sheet;
    expect(header).toEqual(['Date', 'Description', 'Merchant', 'Category', 'Account', 'Amount', 'Checked', 'Receipt', 'Note']);
    expect(body).toHaveLength(exported.length + 1);
    exported.forEach((row, index) => {
      const cells = body[index]!;
      expect(cells[0]).toEqual(new Date(`${row.date}T00:00:00Z`));
      expect(cells[1]).toBe(safeText(row.description));
      expect(cells[5]).toBe(row.amountCents / 100);
      expect(cells[8] ?? '').toBe(safeText(row.note));
      for (const cell of cells) if (typeof cell === 'string') expect(startsFormula(cell), cell).toBe(false);
    });
    const totals = body.at(-1)!;
    expect(totals[0]).toBe('Total');
    expect(totals[5]).toBeCloseTo(view.totals.netCents / 100, 2);
    // No cell of the workbook holds a formula: no <f> element in the sheet.
    const files = unzipSync(new Uint8Array(await result.file.arrayBuffer()));
    const sheetXml = Object.entries(files).filter(([name]) => name.startsWith('xl/worksheets/sheet'));
    expect(sheetXml.length).toBeGreaterThan(0);
    for (const [, bytes] of sheetXml) expect(strFromU8(bytes)).not.toMatch(/<f[\s>/]/);
  });

  it("packs both spreadsheets and the device's receipts by date and amount, and names the ones it could not include", async () => {
    const { exported } = exportOf({ direction: 'out' });
    const pdf = new Blob(['%PDF-1.4 receipt b']);
    const png = new Blob(['png receipt d']);
    const result = await buildExport({
      ...request(exported, 'pack'),
      receipts: [
        { row: 0, file: pdf },
        { row: 2, file: png },
      ],
    });
    expect(result.name).toBe('Acme books 2026.zip');
    expect(result.missing).toEqual([1]);
    const files = unzipSync(new Uint8Array(await result.file.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(
      ['Acme books 2026.csv', 'Acme books 2026.xlsx', 'missing receipts.txt', 'receipts/2026-10-15 -123.45 (2).png', 'receipts/2026-11-02 -18.50.pdf'].sort(),
    );
    expect(strFromU8(files['receipts/2026-11-02 -18.50.pdf']!)).toBe('%PDF-1.4 receipt b');
    expect(strFromU8(files['missing receipts.txt']!)).toContain('2026-10-15 -123.45.jpg');
    const sheet = await readSheet(new Blob([files['Acme books 2026.xlsx']!]));
    expect(sheet.slice(1, -1).map((cells) => cells[7] ?? null)).toEqual([
      '2026-11-02 -18.50.pdf',
      'Not on this device',
      '2026-10-15 -123.45 (2).png',
      null,
      null,
    ]);
  });
});
