/**
 * One driver for the browser PDF benches (statement, tax return): a PDF built in its comlink
 * worker (started on the first build and kept, as the app does) next to raw pdf-lib writing the
 * same pages on this thread in the same run, and the main thread's long tasks while the worker
 * builds. `scripts/lib/pdf-bench.mjs` opens the page and prints what `runBench` answers.
 */
export interface PdfBench {
  /** What the PDF holds, for the printout ("1000 transactions, 23 pages"). */
  subject: string;
  runs: number;
  /** Raw pdf-lib writing the same pages; answers the file. */
  raw: () => Promise<Uint8Array>;
  /** The app's build in its worker, end to end; answers the file. */
  worker: () => Promise<Uint8Array>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The main thread's long tasks while `task` runs (and 50 ms after, for entries still queued). */
async function longTasksDuring(task: () => Promise<unknown>): Promise<number[]> {
  // A task boundary first: the previous step's last task must not count as this one's.
  await wait(0);
  const durations: number[] = [];
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => durations.push(entry.duration)));
  observer.observe({ type: 'longtask', buffered: false });
  await task();
  await wait(50);
  observer.disconnect();
  return durations;
}

const summary = (durations: number[]) => ({
  count: durations.length,
  atLeast50ms: durations.filter((duration) => duration >= 50).length,
  longestMs: Math.round(Math.max(0, ...durations)),
});

async function timed(build: () => Promise<Uint8Array>): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const bytes = (await build()).byteLength;
  return { ms: performance.now() - start, bytes };
}

/** Makes `window.runBench` run `bench` and says the page is ready. */
export function exposePdfBench(bench: PdfBench): void {
  async function runBench() {
    const raw: number[] = [];
    const worker: number[] = [];
    const building: number[] = [];
    // The same wait with nothing running: on a loaded machine the OS alone stretches tasks past 50 ms.
    const idle: number[] = [];
    let rawBytes = 0;
    let bytes = 0;
    for (let run = 0; run < bench.runs; run++) {
      const rawRun = await timed(bench.raw);
      raw.push(rawRun.ms);
      rawBytes = rawRun.bytes;
      building.push(
        ...(await longTasksDuring(async () => {
          const workerRun = await timed(bench.worker);
          worker.push(workerRun.ms);
          bytes = workerRun.bytes;
        })),
      );
      idle.push(...(await longTasksDuring(() => wait(worker[run]!))));
    }
    return {
      subject: bench.subject,
      runs: bench.runs,
      bytes,
      rawBytes,
      rawMedianMs: Math.round(median(raw)),
      workerMedianMs: Math.round(median(worker)),
      workerFirstMs: Math.round(worker[0]!),
      longTasks: summary(building),
      idleLongTasks: summary(idle),
    };
  }
  Object.assign(window, { runBench });
  document.getElementById('state')!.textContent = 'ready';
}
