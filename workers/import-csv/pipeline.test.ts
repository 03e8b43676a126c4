import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BatchImport, Transaction } from '@domain/bookkeeping';
import { mutationArgsMaxChars } from '@sync/protocol';
import { importCsv } from './pipeline';
import type { ImportInput, ImportProgress, ImportStore } from './import-store';
import { previewCsv, previewRows, type ImportMapping } from './survey';

const fixtures = path.resolve(__dirname, '../../tests/fixtures/csv');
const companyId = '7d7a6c56-0d7f-4c1b-9a34-6a9f7f0b3f11';
const accountId = '5a0c1f0e-6a62-4d2f-8d43-9f1b8a4c2e10';

/** A store in memory with the behaviour the pipeline relies on (the Dexie one is tested in import-csv.store.test.ts). */
function memoryStore() {
  const transactions = new Map<string, Transaction>();
  const batches = new Map<string, BatchImport>();
  const chunks: number[] = [];
  const store: ImportStore = {
    begin: async (batch) => void batches.set(batch.id, batch),
    knownIds: async () => new Set(transactions.keys()),
    writeChunks: async (written) => {
      for (const { importId, rows, processedCount, updatedAt } of written) {
        chunks.push(rows.length);
        for (const row of rows) transactions.set(row.id, row);
        const batch = batches.get(importId)!;
        batches.set(importId, { ...batch, status: 'processing', processedCount, updatedAt });
      }
    },
    finish: async ({ importId, ...update }) => void batches.set(importId, { ...batches.get(importId)!, ...update }),
  };
  return { store, transactions, batches, chunks };
}

function input(file: string, overrides: Partial<ImportInput> = {}): ImportInput {
  const bytes = readFileSync(path.join(fixtures, file));
  return {
    file: new Blob([bytes]),
    fileName: file,
    companyId,
    accountKind: 'manual',
    accountId,
    importId: crypto.randomUUID(),
    language: 'es',
    ...overrides,
  };
}

describe('CSV import pipeline', () => {
  it('imports an en-US export: good lines kept, bad lines reported with their line numbers', async () => {
    const { store, transactions, batches } = memoryStore();
    const outcome = await importCsv(input('bank-en-us.csv', { language: 'en' }), { store });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.result).toMatchObject({
      code: 'imported',
      totalRows: 11,
      importedCount: 8,
      duplicateCount: 0,
      errorCount: 3,
      dateOrder: 'mdy',
      dateOrderAssumed: false,
      decimalSeparator: '.',
    });
    expect(outcome.rowErrors).toEqual([
      { line: 7, field: 'date', code: 'validation.invalidDate' },
      { line: 10, field: 'description', code: 'validation.missingDescription' },
      { line: 12, field: 'amount', code: 'validation.invalidAmount' },
    ]);
    const rows = [...transactions.values()];
    expect(rows.find((row) => row.description.startsWith('AMAZON'))).toMatchObject({
      date: '2026-03-02',
      amountCents: -12_345,
      category: 'software',
      merchant: 'AWS',
      checked: false,
      blocked: false,
    });
    expect(rows.find((row) => row.description.startsWith('WEWORK'))?.amountCents).toBe(-125_000);
    // Two genuine identical fee lines both survive.
    expect(rows.filter((row) => row.description === 'MONTHLY SERVICE FEE')).toHaveLength(2);
    // A quoted description over two lines is one transaction (and the lines after it keep their true numbers).
    expect(rows.find((row) => row.description.startsWith('UBER'))?.description).toBe('UBER   TRIP HELP.UBER.COM');
    expect(batches.get(outcome.importId)).toMatchObject({ status: 'completed', processedCount: 11, rowErrors: outcome.rowErrors });
  });

  it('imports a Spanish export with preamble, BOM, CRLF, decimal commas and a repeated header', async () => {
    const { store, transactions } = memoryStore();
    const outcome = await importCsv(input('banco-es.csv'), { store });
    expect(outcome.ok && outcome.result).toMatchObject({
      totalRows: 9,
      importedCount: 7,
      errorCount: 2,
      dateOrder: 'dmy',
      dateOrderAssumed: false,
      decimalSeparator: ',',
    });
    expect(outcome.ok && outcome.rowErrors).toEqual([
      { line: 9, field: 'date', code: 'validation.invalidDate' },
      { line: 11, field: 'description', code: 'validation.missingDescription' },
    ]);
    const rows = [...transactions.values()];
    expect(rows.find((row) => row.description.startsWith('Recibo'))).toMatchObject({ date: '2026-01-02', amountCents: -4530, category: 'utilities' });
    expect(rows.find((row) => row.description.startsWith('Transferencia'))?.amountCents).toBe(150_000);
    expect(rows.find((row) => row.description.startsWith('Compra Amazon'))?.amountCents).toBe(-2399);
  });

  it('imports a Brazilian Windows-1252 export with separate debit and credit columns', async () => {
    const { store, transactions } = memoryStore();
    const outcome = await importCsv(input('extrato-pt.csv', { language: 'pt' }), { store });
    expect(outcome.ok && outcome.result).toMatchObject({ importedCount: 5, errorCount: 2, dateOrder: 'dmy', dateOrderAssumed: true, decimalSeparator: ',' });
    expect(outcome.ok && outcome.rowErrors).toEqual([
      { line: 5, field: 'amount', code: 'validation.missingAmount' },
      { line: 7, field: 'amount', code: 'validation.invalidAmount' },
    ]);
    const byDescription = Object.fromEntries([...transactions.values()].map((row) => [row.description, row]));
    expect(byDescription['Pagamento fornecedor Alibaba']).toMatchObject({ amountCents: -123_456, date: '2026-03-02', category: 'costOfGoods' });
    expect(byDescription['Recebimento cliente fatura 12']).toMatchObject({ amountCents: 300_000, category: 'sales' });
    expect(byDescription['Aluguel escritório março']).toMatchObject({ amountCents: -250_000, category: 'rent' });
    expect(byDescription['Correios envio']?.amountCents).toBe(-4500);
  });

  it('reads ambiguous dates in the language of the user and says it assumed', async () => {
    const { store, transactions } = memoryStore();
    const outcome = await importCsv(input('extrato-pt.csv', { language: 'en' }), { store });
    expect(outcome.ok && outcome.result).toMatchObject({ dateOrder: 'mdy', dateOrderAssumed: true });
    expect([...transactions.values()].find((row) => row.description === 'Correios envio')?.date).toBe('2026-10-03');
  });

  it('maps a file without header by its content', async () => {
    const { store, transactions } = memoryStore();
    const outcome = await importCsv(input('headerless.csv'), { store });
    expect(outcome.ok && outcome.result).toMatchObject({ importedCount: 3, errorCount: 0, dateOrder: 'ymd', decimalSeparator: '.' });
    expect([...transactions.values()].map((row) => [row.date, row.amountCents, row.category])).toEqual([
      ['2026-04-01', 150_000, 'sales'],
      ['2026-04-02', -2100, 'software'],
      ['2026-04-03', -90_000, 'rent'],
    ]);
  });

  it('adds nothing when the same file is imported again', async () => {
    const { store, transactions, chunks } = memoryStore();
    await importCsv(input('bank-en-us.csv', { language: 'en' }), { store });
    const before = new Map(transactions);
    const again = await importCsv(input('bank-en-us.csv', { language: 'en' }), { store });
    expect(again.ok && again.result).toMatchObject({ importedCount: 0, duplicateCount: 8, errorCount: 3 });
    expect(transactions).toEqual(before);
    expect(chunks).toHaveLength(1);
  });

  it('writes in chunks and reports progress', async () => {
    const { store, chunks } = memoryStore();
    const progress: ImportProgress[] = [];
    await importCsv(input('bank-en-us.csv', { language: 'en', chunkSize: 3 }), { store, onProgress: (p) => progress.push(p) });
    expect(chunks).toEqual([3, 3, 2]);
    expect(progress.at(-1)).toMatchObject({ phase: 'done', processedRows: 11, totalRows: 11, importedCount: 8, errorCount: 3 });
    expect(progress.map((p) => p.importedCount)).toEqual([...progress.map((p) => p.importedCount)].sort((a, b) => a - b));
  });

  it('cuts a chunk before its mutation could exceed the sync size limit, even with long quoted descriptions', async () => {
    const { store } = memoryStore();
    const sizes: number[] = [];
    // 1,000 lines of 490-character descriptions, half of them quotes (escaped in JSON): one chunk would be 880,000 characters.
    const description = `"${'x"'.repeat(245)}`;
    const csv = [
      'Date,Description,Amount',
      ...Array.from({ length: 1000 }, (_, i) => `03/0${1 + (i % 9)}/2026,"${description.replaceAll('"', '""')} ${i}",-${1 + i}.00`),
    ].join('\n');
    const outcome = await importCsv(
      { ...input('bank-en-us.csv', { language: 'en' }), file: new Blob([csv]), fileName: 'long.csv' },
      {
        store: {
          ...store,
          writeChunks: async (chunks) => {
            for (const { importId, processedCount, updatedAt, rows } of chunks) {
              const args = {
                importId,
                processedCount,
                updatedAt,
                rows: rows.map(({ id, date, description, amountCents, category, merchant }) => ({ id, date, description, amountCents, category, merchant })),
              };
              sizes.push(JSON.stringify(args).length);
            }
            await store.writeChunks(chunks);
          },
        },
      },
    );
    expect(outcome).toMatchObject({ ok: true, result: { importedCount: 1000 } });
    expect(sizes.length).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(mutationArgsMaxChars);
  });

  it('stops when cancelled and records the batch as cancelled, keeping written chunks', async () => {
    const { store, transactions, batches } = memoryStore();
    const controller = new AbortController();
    const outcome = await importCsv(input('bank-en-us.csv', { language: 'en', chunkSize: 2 }), {
      store: {
        ...store,
        writeChunks: async (chunks) => {
          await store.writeChunks(chunks);
          controller.abort();
        },
      },
      signal: controller.signal,
    });
    expect(outcome).toMatchObject({ ok: false, code: 'cancelled' });
    expect(transactions.size).toBe(2);
    expect(batches.get(outcome.importId!)).toMatchObject({ status: 'cancelled', result: { code: 'cancelled', importedCount: 2 } });
  });

  it('refuses a file over the SPEC 2 MB batch limit before reading it', async () => {
    const { store, batches } = memoryStore();
    const big = new Blob([new Uint8Array(2_097_153).fill(0x41)]);
    expect(await importCsv(input('bank-en-us.csv', { file: big }), { store })).toEqual({ ok: false, code: 'fileTooLarge', importId: null });
    expect(batches.size).toBe(0);
  });

  it('refuses files that are not bank files by their content, whatever their name', async () => {
    const { store } = memoryStore();
    const pdf = new Blob([new TextEncoder().encode('%PDF-1.7\u0000\u0001binary')]);
    expect(await importCsv(input('bank-en-us.csv', { file: pdf }), { store })).toMatchObject({ ok: false, code: 'fileTypeNotAllowed' });
  });

  it('records a failed batch when no columns can be found', async () => {
    const { store, batches } = memoryStore();
    const outcome = await importCsv(input('headerless.csv', { fileName: 'people.csv', file: new Blob(['name,email\nAna,ana@example.com\n']) }), { store });
    expect(outcome).toMatchObject({ ok: false, code: 'columnsNotFound' });
    expect(batches.get(outcome.importId!)).toMatchObject({ status: 'failed', result: { code: 'columnsNotFound' } });
  });

  it('records a failed batch when storage fails mid-import', async () => {
    const { store, batches } = memoryStore();
    const outcome = await importCsv(input('bank-en-us.csv', { language: 'en', chunkSize: 2 }), {
      store: { ...store, writeChunks: async () => Promise.reject(new Error('QuotaExceededError')) },
    });
    expect(outcome).toMatchObject({ ok: false, code: 'storageFailed' });
    expect(batches.get(outcome.importId!)?.status).toBe('failed');
  });
});

describe('CSV preview and mapping per format', () => {
  const preview = async (file: string, language: 'es' | 'en' | 'pt') => {
    const { file: blob } = input(file);
    const outcome = await previewCsv(blob, language);
    if (!outcome.ok) throw new Error(outcome.code);
    return outcome.preview;
  };

  it('es: `;` separators, a preamble, dd/mm/yyyy dates and 1.234,56 amounts', async () => {
    const found = await preview('banco-es.csv', 'es');
    expect(found.delimiter).toBe(';');
    expect(found.header).toEqual(['Fecha operación', 'Fecha valor', 'Concepto', 'Importe', 'Saldo']);
    expect(found.detected).toEqual({
      map: { headerRow: 2, date: 0, description: 2, amount: { kind: 'signed', column: 3 }, merchant: null },
      dateOrder: 'dmy',
      decimalSeparator: ',',
    });
    expect(found.sample[0]).toEqual({ line: 5, cells: ['02/01/2026', '02/01/2026', 'Recibo Iberdrola electricidad', '-45,30', '1.954,70'] });
    expect(found.sample.length).toBeLessThanOrEqual(previewRows);
  });

  it('pt: separate debit and credit columns in Windows-1252', async () => {
    const found = await preview('extrato-pt.csv', 'pt');
    expect(found.header).toEqual(['Data', 'Lançamento', 'Débito', 'Crédito', 'Saldo']);
    expect(found.detected).toMatchObject({
      map: { date: 0, description: 1, amount: { kind: 'split', debit: 2, credit: 3 } },
      dateOrder: 'dmy',
      decimalSeparator: ',',
    });
    expect(found.dateOrderAssumed).toBe(true);
  });

  it('en: mm/dd/yyyy dates and 1,234.56 amounts among extra columns', async () => {
    const found = await preview('bank-en-us.csv', 'en');
    expect(found.delimiter).toBe(',');
    expect(found.detected).toMatchObject({ map: { date: 1, description: 2, amount: { kind: 'signed', column: 3 } }, dateOrder: 'mdy', decimalSeparator: '.' });
    expect(found.totalRows).toBe(11);
  });

  it('a file without header is mapped by content and its rows all shown as data', async () => {
    const found = await preview('headerless.csv', 'es');
    expect(found.header).toBeNull();
    expect(found.detected).toMatchObject({ map: { headerRow: null, date: 0, description: 1, amount: { kind: 'signed', column: 2 } }, dateOrder: 'ymd' });
    expect(found.sample).toHaveLength(3);
  });

  it('a file whose columns cannot be found is still previewed, for the person to map', async () => {
    const outcome = await previewCsv(new Blob(['a;b;c\nx;y;z\n']), 'es');
    expect(outcome).toMatchObject({ ok: true, preview: { detected: null, columnCount: 3, totalRows: 2 } });
  });

  it('refuses what is not a batch file before reading it', async () => {
    expect(await previewCsv(new Blob([new TextEncoder().encode('PK\u0003\u0004\u0014\u0000 a workbook')]), 'es')).toEqual({
      ok: false,
      code: 'fileTypeNotAllowed',
    });
    expect(await previewCsv(new Blob([new Uint8Array(2_097_153).fill(0x41)]), 'es')).toEqual({ ok: false, code: 'fileTooLarge' });
  });

  it('imports with the mapping the person fixed: other columns, date order and decimal separator', async () => {
    const { store, transactions } = memoryStore();
    // The value date (column 1) instead of the operation date, and amounts read as written.
    const mapping: ImportMapping = {
      map: { headerRow: 2, date: 1, description: 2, amount: { kind: 'signed', column: 3 }, merchant: null },
      dateOrder: 'mdy',
      decimalSeparator: ',',
    };
    const outcome = await importCsv(input('banco-es.csv', { mapping }), { store });
    expect(outcome.ok && outcome.result).toMatchObject({ dateOrder: 'mdy', dateOrderAssumed: false, decimalSeparator: ',' });
    // 02/01/2026 read month first is February 1st.
    expect([...transactions.values()].find((row) => row.description.startsWith('Recibo'))?.date).toBe('2026-02-01');
  });
});
