import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { build } from 'vite';
import type { Language } from '@domain/constants';
import type { ImportFileResult } from './import-worker-page/page';
import { expect, test } from './support/test';

// The real CSV import worker in Chromium, through its typed comlink client: progress
// callbacks, per-row errors with line numbers, and cancel. The app has no import screen yet,
// so the test builds a small page of its own (import-worker-page/) the way
// scripts/bench-import.mjs builds the benchmark's, and serves it next to the app.

declare global {
  interface Window {
    importFile(csv: string, options: { language: Language; cancelAfterImported?: number }): Promise<ImportFileResult>;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pageDir = path.join(root, 'tests/e2e/import-worker-page');
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.map': 'application/json' };

let server: Server;
let origin: string;

// One build and one server for the file; each worker process of Playwright builds its own copy.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(180_000);
  const outDir = testInfo.outputPath('import-worker-page');
  const alias = Object.fromEntries(['domain', 'sync', 'workers', 'server', 'src'].map((folder) => [`@${folder}`, path.join(root, folder)]));
  await build({
    configFile: false,
    root: pageDir,
    base: './',
    logLevel: 'warn',
    resolve: { alias },
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true, rollupOptions: { input: path.join(pageDir, 'index.html') } },
  });
  server = createServer((request, response) => {
    const file = path.join(outDir, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(outDir) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

async function openPage(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}/index.html`);
  await expect(page.locator('#state')).toHaveText('ready');
  return errors;
}

/** A Spanish bank export: day-first dates, comma decimals, `rows` lines after the header. */
function spanishExport(rows: number, broken: Map<number, string> = new Map()): string {
  const lines = ['Fecha;Concepto;Importe'];
  for (let i = 0; i < rows; i++) {
    const day = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 200) * 86_400_000);
    const date = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
    // Line numbers are 1-based and the header is line 1: row i is on line i + 2.
    lines.push(broken.get(i + 2) ?? `${date};PROVEEDOR ${String(i).padStart(6, '0')};-${1 + (i % 90)},${String(i % 100).padStart(2, '0')}`);
  }
  return `${lines.join('\n')}\n`;
}

test('imports a bank export in the worker: progress arrives, rows are counted and bad lines are reported by line number', async ({ page }) => {
  const errors = await openPage(page);
  // More than one chunk of 2,500 rows, so progress arrives between chunks.
  const csv = spanishExport(
    3000,
    new Map([
      [5, '32/13/2026;FECHA IMPOSIBLE;-10,00'],
      [1200, '03/02/2026;SIN IMPORTE;'],
    ]),
  );
  const result = await page.evaluate((text) => window.importFile(text, { language: 'es' }), csv);

  expect(result.outcome).toMatchObject({
    ok: true,
    result: { code: 'imported', totalRows: 3000, importedCount: 2998, errorCount: 2, duplicateCount: 0, decimalSeparator: ',' },
  });
  expect(result.outcome.ok && result.outcome.rowErrors.map((error) => [error.line, error.field])).toEqual([
    [5, 'date'],
    [1200, 'amount'],
  ]);
  // Progress came through the comlink callback while the rows were processed, and ended done.
  expect(result.progress.length).toBeGreaterThan(2);
  expect(result.progress.some((event) => event.phase === 'importing' && event.importedCount > 0 && event.importedCount < 2998)).toBe(true);
  expect(result.progress.at(-1)).toMatchObject({ phase: 'done', processedRows: 3000, importedCount: 2998, errorCount: 2 });
  // What the worker wrote: the rows, one outbox mutation per chunk, a completed batch.
  expect(result.transactionIds).toHaveLength(2998);
  expect(result.chunkRows.flat().sort()).toEqual(result.transactionIds);
  expect(result.batch).toMatchObject({ status: 'completed', processedCount: 3000, rowErrors: [{ line: 5 }, { line: 1200 }] });
  // The file's first line (01/01/2026, -1,00) read day first with a decimal comma.
  expect(result.transactions[0]).toEqual({ date: '2026-01-01', description: 'PROVEEDOR 000000', amountCents: -100 });
  expect(result.transactions[1]).toEqual({ date: '2026-01-01', description: 'PROVEEDOR 000001', amountCents: -201 });
  expect(errors).toEqual([]);
});

test('cancelling mid-way ends the batch as cancelled with only whole committed chunks stored', async ({ page }) => {
  const errors = await openPage(page);
  const rows = 25_000;
  const result = await page.evaluate((text) => window.importFile(text, { language: 'es', cancelAfterImported: 1 }), spanishExport(rows));

  expect(result.outcome).toMatchObject({ ok: false, code: 'cancelled', result: { code: 'cancelled' } });
  expect(result.batch).toMatchObject({ status: 'cancelled', result: { code: 'cancelled' } });
  const stored = result.transactionIds.length;
  expect(stored).toBeGreaterThan(0);
  expect(stored).toBeLessThan(rows);
  // Every stored row came with its chunk's outbox mutation, and every chunk is stored whole.
  expect(result.chunkRows.length).toBeGreaterThan(0);
  expect(result.chunkRows.flat().sort()).toEqual(result.transactionIds);
  expect(result.outboxNames.at(-1)).toBe('finishBatchImport');
  expect(result.progress.at(-1)).toMatchObject({ phase: 'done', importedCount: stored });
  expect(errors).toEqual([]);
});
