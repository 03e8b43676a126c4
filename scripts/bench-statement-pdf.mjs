// Issue 13: the statement PDF of a month with 1,000 transactions, built in its comlink worker
// in headless Chromium, next to raw pdf-lib writing the same pages and rows on the main thread
// in the same run (goal: worker ≤ 1.5 × raw), plus the main thread's long tasks while the
// worker builds (goal: none ≥ 50 ms). Page: tests/bench/statement-pdf.html.
import { openBenchPage } from './lib/bench-page.mjs';

const { page, close } = await openBenchPage('statement-pdf');
try {
  const result = await page.evaluate(() => window.runBench());
  console.log(`${result.transactions} transactions, ${(result.bytes / 1024).toFixed(1)} KiB, median of ${result.runs} runs`);
  console.table([
    { step: 'raw pdf-lib, same pages and rows (main thread)', ms: result.rawMedianMs },
    { step: 'statement PDF in the worker, end to end (warm worker)', ms: result.workerMedianMs },
    { step: 'first build (starts the worker)', ms: result.workerFirstMs },
  ]);
  console.log(`worker / raw: ${(result.workerMedianMs / Math.max(result.rawMedianMs, 1)).toFixed(2)} × — goal ≤ 1.5 ×`);
  console.log(`main-thread long tasks while the worker builds: ${result.longTasks.count} (≥ 50 ms: ${result.longTasks.atLeast50ms}), longest ${result.longTasks.longestMs} ms — goal: none ≥ 50 ms`);
} finally {
  await close();
}
