// Runs one PDF bench page (tests/bench/<name>.html, driven by tests/bench/pdf-bench.ts) in
// headless Chromium and prints its figures: raw pdf-lib writing the same pages on the main
// thread, the app's build in its worker in the same run (their ratio, against `ratioGoal` where
// the issue sets one), and the main thread's long tasks while the worker builds (goal: none ≥ 50 ms).
import { openBenchPage } from './bench-page.mjs';

export async function runPdfBench(name, { ratioGoal } = {}) {
  const { page, close } = await openBenchPage(name);
  try {
    const result = await page.evaluate(() => window.runBench());
    console.log(`${result.subject}, ${(result.bytes / 1024).toFixed(1)} KiB (raw ${(result.rawBytes / 1024).toFixed(1)} KiB), median of ${result.runs} runs`);
    console.table([
      { step: 'raw pdf-lib, same pages (main thread)', ms: result.rawMedianMs },
      { step: 'in the worker, end to end (warm worker)', ms: result.workerMedianMs },
      { step: 'first build (starts the worker)', ms: result.workerFirstMs },
    ]);
    const goal = ratioGoal ? ` — goal ≤ ${ratioGoal} ×` : '';
    console.log(`worker / raw: ${(result.workerMedianMs / Math.max(result.rawMedianMs, 1)).toFixed(2)} ×${goal}`);
    console.log(
      `main-thread long tasks while the worker builds: ${result.longTasks.count} (≥ 50 ms: ${result.longTasks.atLeast50ms}), longest ${result.longTasks.longestMs} ms — goal: none ≥ 50 ms`,
    );
    console.log(
      `the same waits with nothing running (the machine's own noise): ${result.idleLongTasks.count} (≥ 50 ms: ${result.idleLongTasks.atLeast50ms}), longest ${result.idleLongTasks.longestMs} ms`,
    );
  } finally {
    await close();
  }
}
