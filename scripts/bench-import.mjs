// CSV batch import (SPEC §5: a 2 MB bank export, ~30k rows) end to end in the import worker
// in headless Chromium, next to a raw PapaParse parse and a raw Dexie bulkPut of the same
// rows in the same run, plus the longest main-thread task during the import (goal: none
// ≥ 50 ms), imported as the dialog does (with the mapping of its preview). The raw bulkPut and
// the import alternate over BENCH_ROUNDS rounds (3 by default) and their medians give the ratio
// (issue 10's goal: ≤ 1.3 ×), and so does each round's pair. BENCH_CHUNKS=250,1000 also times the
// rows written as chunked importTransactions mutations alone (the import's write path without
// parsing). Builds its own tiny page (tests/bench/import.html) with Vite
// (scripts/lib/bench-page.mjs), serves it, measures.
import { openBenchPage } from './lib/bench-page.mjs';

const { page, close } = await openBenchPage('import');
try {
  await page.evaluate(
    ([sizes, rounds]) => Object.assign(window, { benchChunkSizes: sizes, benchRounds: rounds }),
    [(process.env.BENCH_CHUNKS ?? '').split(',').filter(Boolean).map(Number), Number(process.env.BENCH_ROUNDS ?? 3)],
  );
  const result = await page.evaluate(() => window.runBench());
  const rowsPerSecond = (ms) => Math.round((result.rows / ms) * 1000).toLocaleString('en-US');
  console.log(`file: ${(result.fileBytes / 1024 / 1024).toFixed(2)} MiB, ${result.rows.toLocaleString('en-US')} rows`);
  console.table([
    { step: 'raw PapaParse parse (main thread)', ms: result.rawParseMs, 'rows/s': rowsPerSecond(result.rawParseMs) },
    {
      step: `raw Dexie bulkPut of the same rows (median of ${result.rawBulkPutRuns.join(', ')})`,
      ms: result.rawBulkPutMs,
      'rows/s': rowsPerSecond(result.rawBulkPutMs),
    },
    ...Object.entries(result.rawChunked).map(([size, ms]) => ({ step: `raw Dexie bulkPut in chunks of ${size}`, ms, 'rows/s': rowsPerSecond(ms) })),
    ...Object.entries(result.chunked).map(([size, ms]) => ({ step: `importTransactions mutations of ${size} rows`, ms, 'rows/s': rowsPerSecond(ms) })),
    { step: 'import logic only, store in memory (main thread)', ms: result.pipelineOnlyMs, 'rows/s': rowsPerSecond(result.pipelineOnlyMs) },
    { step: `import in the worker, end to end (median of ${result.importRuns.join(', ')})`, ms: result.importMs, 'rows/s': rowsPerSecond(result.importMs) },
    { step: 're-import of the same file (all duplicates)', ms: result.reimportMs, 'rows/s': rowsPerSecond(result.reimportMs) },
  ]);
  console.log(`end to end ÷ (raw parse + raw bulkPut): ${result.ratio} × from the medians, ${result.pairedRatio} × round by round (median) — goal: ≤ 1.3 ×`);
  console.log(
    `imported ${result.imported} rows, ${result.outboxEntries} outbox entries, ${result.progressEvents} progress events; re-import found ${JSON.stringify(result.reimportDuplicates)} duplicates`,
  );
  console.log(`result: ${JSON.stringify(result.outcome)}`);
  console.log(
    `main-thread long tasks during the import: ${result.longTasks.count} (≥ 50 ms: ${result.longTasks.atLeast50ms}), longest ${result.longTasks.longestMs} ms — goal: none ≥ 50 ms`,
  );
} finally {
  await close();
}
