// CSV batch import (SPEC §5: a 2 MB bank export, ~30k rows) end to end in the import worker
// in headless Chromium, next to a raw PapaParse parse and a raw Dexie bulkPut of the same
// rows in the same run, plus the longest main-thread task during the import (goal: none
// ≥ 50 ms). BENCH_CHUNKS=250,1000 also times the rows written as chunked importTransactions
// mutations alone (the import's write path without parsing). Builds its own tiny page (tests/bench/import.html) with Vite, serves it, measures.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist/bench-import');
const alias = Object.fromEntries(['domain', 'sync', 'workers', 'server', 'src'].map((folder) => [`@${folder}`, path.join(root, folder)]));

await build({
  configFile: false,
  root: path.join(root, 'tests/bench'),
  base: './',
  logLevel: 'warn',
  resolve: { alias },
  worker: { format: 'es' },
  build: { outDir, emptyOutDir: true, rollupOptions: { input: path.join(root, 'tests/bench/import.html') } },
});

const types = { '.html': 'text/html', '.js': 'text/javascript', '.map': 'application/json' };
const server = createServer((request, response) => {
  const file = path.join(outDir, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
  if (!file.startsWith(outDir) || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') console.error('page:', message.text());
  });
  await page.goto(`http://127.0.0.1:${port}/import.html`);
  await page.waitForFunction(() => document.getElementById('state')?.textContent === 'ready');
  await page.evaluate((sizes) => Object.assign(window, { benchChunkSizes: sizes }), (process.env.BENCH_CHUNKS ?? '').split(',').filter(Boolean).map(Number));
  const result = await page.evaluate(() => window.runBench());
  const rowsPerSecond = (ms) => Math.round((result.rows / ms) * 1000).toLocaleString('en-US');
  console.log(`file: ${(result.fileBytes / 1024 / 1024).toFixed(2)} MiB, ${result.rows.toLocaleString('en-US')} rows`);
  console.table([
    { step: 'raw PapaParse parse (main thread)', ms: result.rawParseMs, 'rows/s': rowsPerSecond(result.rawParseMs) },
    { step: 'raw Dexie bulkPut of the same rows', ms: result.rawBulkPutMs, 'rows/s': rowsPerSecond(result.rawBulkPutMs) },
    ...Object.entries(result.rawChunked).map(([size, ms]) => ({ step: `raw Dexie bulkPut in chunks of ${size}`, ms, 'rows/s': rowsPerSecond(ms) })),
    ...Object.entries(result.chunked).map(([size, ms]) => ({ step: `importTransactions mutations of ${size} rows`, ms, 'rows/s': rowsPerSecond(ms) })),
    { step: 'import logic only, store in memory (main thread)', ms: result.pipelineOnlyMs, 'rows/s': rowsPerSecond(result.pipelineOnlyMs) },
    { step: 'import in the worker, end to end', ms: result.importMs, 'rows/s': rowsPerSecond(result.importMs) },
    { step: 're-import of the same file (all duplicates)', ms: result.reimportMs, 'rows/s': rowsPerSecond(result.reimportMs) },
  ]);
  console.log(`imported ${result.imported} rows, ${result.outboxEntries} outbox entries, ${result.progressEvents} progress events; re-import found ${JSON.stringify(result.reimportDuplicates)} duplicates`);
  console.log(`result: ${JSON.stringify(result.outcome)}`);
  console.log(
    `main-thread long tasks during the import: ${result.longTasks.count} (≥ 50 ms: ${result.longTasks.atLeast50ms}), longest ${result.longTasks.longestMs} ms — goal: none ≥ 50 ms`,
  );
} finally {
  await browser.close();
  server.close();
}
