// The prepared return's PDF (Form 5472 + pro forma 1120) built in its comlink worker, in
// headless Chromium, next to raw pdf-lib writing the same pages with the same lines on the
// main thread in the same run, plus the main thread's long tasks while the worker builds
// (goal: none ≥ 50 ms), next to those of an idle wait as long (a loaded machine's own noise).
// Page: tests/bench/tax-pdf.html (scripts/lib/bench-page.mjs).
import { openBenchPage } from './lib/bench-page.mjs';

const { page, close } = await openBenchPage('tax-pdf');
try {
  const result = await page.evaluate(() => window.runBench());
  console.log(`${result.pages} pages, ${(result.bytes / 1024).toFixed(1)} KiB, median of ${result.runs} runs`);
  console.table([
    { step: 'raw pdf-lib, same pages and lines (main thread)', ms: result.rawMedianMs },
    { step: 'tax return PDF in the worker, end to end (warm worker)', ms: result.workerMedianMs },
    { step: 'first build (starts the worker)', ms: result.workerFirstMs },
  ]);
  console.log(`main-thread long tasks while the worker builds: ${result.longTasks.count} (≥ 50 ms: ${result.longTasks.atLeast50ms}), longest ${result.longTasks.longestMs} ms — goal: none ≥ 50 ms`);
  console.log(`the same waits with nothing running (the machine's own noise): ${result.idleLongTasks.count} (≥ 50 ms: ${result.idleLongTasks.atLeast50ms}), longest ${result.idleLongTasks.longestMs} ms`);
} finally {
  await close();
}
