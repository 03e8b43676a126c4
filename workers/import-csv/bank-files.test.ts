import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BatchImport, Transaction } from '@domain/bookkeeping';
import type { Language } from '@domain/constants';
import { importCsv } from './pipeline';
import type { ImportStore } from './import-store';
import { previewCsv } from './survey';

// OFX/QFX, QIF and CAMT.053 files through the same preview and import as a CSV: told by
// content, refused whole when not a bank file or not in dollars, rows refused with the line
// their transaction starts on, and deduped by the bank's own reference when the file has one.

const fixtures = path.resolve(__dirname, '../../tests/fixtures/bank-files');
const companyId = '7d7a6c56-0d7f-4c1b-9a34-6a9f7f0b3f11';
const accountId = '5a0c1f0e-6a62-4d2f-8d43-9f1b8a4c2e10';
const bytes = (name: string) => readFileSync(path.join(fixtures, name));

function memoryStore() {
  const transactions = new Map<string, Transaction>();
  const batches = new Map<string, BatchImport>();
  const store: ImportStore = {
    begin: async (batch) => void batches.set(batch.id, batch),
    knownIds: async () => new Set(transactions.keys()),
    writeChunks: async (written) => {
      for (const { rows } of written) for (const row of rows) transactions.set(row.id, row);
    },
    finish: async ({ importId, ...update }) => void batches.set(importId, { ...batches.get(importId)!, ...update }),
  };
  return { store, transactions, batches };
}

const run = (store: ImportStore, file: Blob, fileName: string, language: Language = 'es') =>
  importCsv({ file, fileName, companyId, accountKind: 'manual', accountId, importId: crypto.randomUUID(), language }, { store });

const rows = (transactions: Map<string, Transaction>) =>
  [...transactions.values()]
    .map(({ date, description, amountCents }) => [date, description, amountCents])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));

describe('bank files other than CSV', () => {
  it('tells the format by content, not by name, and previews the rows as read', async () => {
    // An OFX file saved as .csv by the person is still OFX.
    const outcome = await previewCsv(new Blob([bytes('checking-ofx1-sgml.ofx')]), 'es');
    expect(outcome).toMatchObject({ ok: true, preview: { format: 'ofx', delimiter: null, header: null, columnCount: 4, totalRows: 8 } });
    if (!outcome.ok) return;
    expect(outcome.preview.sample[0]).toEqual({ line: 43, cells: ['2024-01-02', 'AT&T WIRELESS · AUTOPAY 8123', '-45.30', '2024010201'] });
    expect(outcome.preview.detected).toMatchObject({ dateOrder: 'ymd', decimalSeparator: '.' });
    for (const [name, format] of [
      ['card-ofx2-xml.qfx', 'ofx'],
      ['quicken-us.qif', 'qif'],
      ['camt053-two-statements.xml', 'camt053'],
    ] as const)
      expect(await previewCsv(new Blob([bytes(name)]), 'en')).toMatchObject({ ok: true, preview: { format } });
  });

  it('refuses a file of the wrong kind: a PDF, another XML document, a broken statement', async () => {
    const { store, batches } = memoryStore();
    expect(await run(store, new Blob([bytes('statement.pdf')]), 'statement.csv')).toEqual({ ok: false, code: 'fileTypeNotAllowed', importId: null });
    const notification = '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn/></Document>';
    expect(await previewCsv(new Blob([notification]), 'es')).toEqual({ ok: false, code: 'fileTypeNotAllowed' });
    const cut = bytes('camt053-two-statements.xml').toString('utf8').slice(0, 2000);
    expect(await previewCsv(new Blob([cut]), 'es')).toEqual({ ok: false, code: 'fileTypeNotAllowed' });
    expect(batches.size).toBe(0);
  });

  it('refuses a statement in another currency than the account’s dollars before recording anything', async () => {
    const { store, batches } = memoryStore();
    expect(await previewCsv(new Blob([bytes('camt053-eur.xml')]), 'es')).toEqual({ ok: false, code: 'wrongCurrency' });
    expect(await run(store, new Blob([bytes('camt053-eur.xml')]), 'camt053-eur.xml')).toEqual({ ok: false, code: 'wrongCurrency', importId: null });
    const ofxInEuros = bytes('card-ofx2-xml.qfx').toString('utf8').replace('<CURDEF>USD</CURDEF>', '<CURDEF>EUR</CURDEF>');
    expect(await run(store, new Blob([ofxInEuros]), 'card.qfx')).toMatchObject({ ok: false, code: 'wrongCurrency' });
    expect(batches.size).toBe(0);
  });

  it('imports OFX 1.x SGML with comma decimals; a bad day is refused with its line', async () => {
    const { store, transactions } = memoryStore();
    const outcome = await run(store, new Blob([bytes('checking-ofx1-sgml.ofx')]), 'checking.ofx');
    expect(outcome).toMatchObject({
      ok: true,
      result: { totalRows: 8, importedCount: 7, duplicateCount: 0, errorCount: 1, dateOrder: 'ymd', decimalSeparator: '.' },
    });
    expect(outcome.ok && outcome.rowErrors).toEqual([{ line: 74, field: 'date', code: 'validation.invalidDate' }]);
    expect(rows(transactions).slice(0, 3)).toEqual([
      ['2024-01-02', 'AT&T WIRELESS · AUTOPAY 8123', -4530],
      ['2024-01-03', 'ACME CORP PAYROLL', 250000],
      ['2024-01-05', 'STARBUCKS STORE 1123', -1275],
    ]);
  });

  it('imports an OFX 2.x XML credit card statement (QFX)', async () => {
    const { store, transactions } = memoryStore();
    expect(await run(store, new Blob([bytes('card-ofx2-xml.qfx')]), 'card.qfx', 'pt')).toMatchObject({ ok: true, result: { importedCount: 6, errorCount: 0 } });
    expect(rows(transactions).map((row) => row[2])).toEqual([-5420, -2345, -12000, -3108, 50000, -999]);
  });

  it('imports QIF with Quicken dates, deciding month-first from the values (whatever the language)', async () => {
    const { store, transactions } = memoryStore();
    const outcome = await run(store, new Blob([bytes('quicken-us.qif')]), 'quicken.qif', 'es');
    expect(outcome).toMatchObject({
      ok: true,
      result: { totalRows: 7, importedCount: 6, errorCount: 1, dateOrder: 'mdy', dateOrderAssumed: false, decimalSeparator: '.' },
    });
    expect(outcome.ok && outcome.rowErrors).toEqual([{ line: 31, field: 'date', code: 'validation.invalidDate' }]);
    expect(rows(transactions)).toEqual([
      ['2004-02-01', 'OLD QUICKEN DATE', -1200],
      ['2024-01-02', 'Greenway Property Mgmt · January rent', -125000],
      ['2024-01-05', 'COSTCO WHSE #0148', -6418],
      ['2024-01-12', 'ACME CORP PAYROLL', 320000],
      ['2024-01-15', 'SHELL OIL 57442', -1840],
      ['2024-01-31', 'City Water Utility', -4200],
    ]);
  });

  it('imports QIF with day-first dates and decimal commas (whatever the language), refusing a line without amount', async () => {
    const { store, transactions } = memoryStore();
    const outcome = await run(store, new Blob([bytes('banco-dmy.qif')]), 'banco.qif', 'en');
    expect(outcome).toMatchObject({ ok: true, result: { importedCount: 4, errorCount: 1, dateOrder: 'dmy', decimalSeparator: ',' } });
    expect(outcome.ok && outcome.rowErrors).toEqual([{ line: 23, field: 'amount', code: 'validation.missingAmount' }]);
    expect(rows(transactions).map((row) => [row[0], row[2]])).toEqual([
      ['2024-01-31', -123456],
      ['2024-02-02', -4530],
      ['2024-02-13', 250000],
      ['2024-02-20', -999],
    ]);
  });

  it("takes the day-month order the person chose for a QIF whose dates fit both, instead of the language's guess", async () => {
    const qif = new Blob(['!Type:Bank\nD03/04/24\nT-12.50\nPCOFFEE ROASTERS\n^\nD05/06/24\nT-8.00\nPBAKERY\n^\n']);
    const outcome = await previewCsv(qif, 'es');
    expect(outcome).toMatchObject({ ok: true, preview: { format: 'qif', dateOrderAssumed: true, detected: { dateOrder: 'dmy' } } });
    const { store, transactions } = memoryStore();
    const input = { file: qif, fileName: 'bank.qif', companyId, accountKind: 'manual', accountId, importId: crypto.randomUUID(), language: 'es' } as const;
    expect(await importCsv({ ...input, dateOrder: 'mdy' }, { store })).toMatchObject({ ok: true, result: { dateOrder: 'mdy', dateOrderAssumed: false } });
    expect(rows(transactions).map((row) => row[0])).toEqual(['2024-03-04', '2024-05-06']);
  });

  it('imports CAMT.053 with several statements and a batched booking, one line per transaction', async () => {
    const { store, transactions } = memoryStore();
    const outcome = await run(store, new Blob([bytes('camt053-two-statements.xml')]), 'camt.xml');
    expect(outcome).toMatchObject({ ok: true, result: { totalRows: 8, importedCount: 7, errorCount: 1 } });
    expect(outcome.ok && outcome.rowErrors).toEqual([{ line: 114, field: 'amount', code: 'validation.invalidAmount' }]);
    expect(rows(transactions).map((row) => row[2])).toEqual([185000, -250, -310000, -287000, -145000, -8990, 4000]);
  });

  it('dedupes by the bank’s reference: the same lines reworded are already there, lines alike with new references are new', async () => {
    const { store, transactions } = memoryStore();
    const text = bytes('checking-ofx1-sgml.ofx').toString('utf8');
    await run(store, new Blob([text]), 'january.ofx');
    expect(transactions.size).toBe(7);
    // The bank rewrites its descriptions in a later download: the FITIDs say these are the same lines.
    const reworded = text.replaceAll('<NAME>', '<NAME>POS PURCHASE ');
    expect(await run(store, new Blob([reworded]), 'january-again.ofx')).toMatchObject({ ok: true, result: { importedCount: 0, duplicateCount: 7 } });
    // Two coffees alike in another statement are other transactions: new FITIDs.
    const renumbered = text.replace(/<FITID>2024/g, '<FITID>9924');
    expect(await run(store, new Blob([renumbered]), 'other.ofx')).toMatchObject({ ok: true, result: { importedCount: 7, duplicateCount: 0 } });
    expect(transactions.size).toBe(14);
  });

  it('takes a reference a bank reuses for a later line as a new line: the key is the reference with its date and amount', async () => {
    const { store, transactions } = memoryStore();
    const text = bytes('checking-ofx1-sgml.ofx').toString('utf8');
    await run(store, new Blob([text]), 'january.ofx');
    const later = text.replaceAll('<DTPOSTED>202401', '<DTPOSTED>202403');
    expect(await run(store, new Blob([later]), 'march.ofx')).toMatchObject({ ok: true, result: { importedCount: 7, duplicateCount: 0 } });
    expect(transactions.size).toBe(14);
  });

  it('refuses a file with the statements of several bank accounts before recording anything', async () => {
    const { store, batches } = memoryStore();
    const text = bytes('checking-ofx1-sgml.ofx').toString('utf8');
    const twoAccounts = text.replace('</BANKTRANLIST>', '</BANKTRANLIST><BANKACCTFROM><ACCTID>999888777</BANKACCTFROM>');
    expect(await run(store, new Blob([twoAccounts]), 'two.ofx')).toEqual({ ok: false, code: 'severalAccounts', importId: null });
    const camt = bytes('camt053-two-statements.xml').toString('utf8');
    const otherAccount = camt.replace(/(<Stmt>[\s\S]*?<Stmt>[\s\S]*?<Othr><Id>)8839201475/, '$1111122223');
    expect(await previewCsv(new Blob([otherAccount]), 'es')).toEqual({ ok: false, code: 'severalAccounts' });
    expect(batches.size).toBe(0);
  });

  it('dedupes a QIF, which has no references, by its lines’ fingerprints', async () => {
    const { store } = memoryStore();
    await run(store, new Blob([bytes('quicken-us.qif')]), 'quicken.qif');
    expect(await run(store, new Blob([bytes('quicken-us.qif')]), 'quicken.qif')).toMatchObject({ ok: true, result: { importedCount: 0, duplicateCount: 6 } });
  });
});
