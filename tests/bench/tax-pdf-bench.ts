import { PDFDocument, StandardFonts } from 'pdf-lib';
import { completeTaxForm } from '@domain/tax-form-fixture';
import { taxReturnPages } from '@domain/tax-return-pdf';
import { buildTaxReturnPdfInWorker } from '@workers/tax-return-pdf.client';

/**
 * The page `scripts/bench-tax-pdf.mjs` drives: the Form 5472 + pro forma 1120 set built in
 * the worker (started on the first build and kept, as the app does), next to raw pdf-lib writing the same
 * number of pages with the same lines of text on this thread, and the main thread's long
 * tasks while the worker builds.
 */

const runs = 10;
const form = completeTaxForm();
const options = { copy: 'owner' as const, reviewMark: 'Prepared by Alta: review before filing with the IRS' };

async function rawPdfLib(): Promise<number> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const content of taxReturnPages(form, 'owner')) {
    const page = document.addPage([612, 792]);
    let y = 740;
    page.drawText(content.form, { x: 48, y, size: 16, font });
    for (const line of content.sections.flatMap((section) => section.lines)) {
      y -= 20;
      page.drawText(`${line.number} ${line.label} ${line.value}`, { x: 48, y, size: 9, font });
    }
  }
  return (await document.save()).byteLength;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The main thread's long tasks while `task` runs (and 50 ms after, for entries still queued). */
async function longTasksDuring(task: () => Promise<unknown>): Promise<number[]> {
  // A task boundary first: the previous step's last task must not count as this one's.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const durations: number[] = [];
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => durations.push(entry.duration)));
  observer.observe({ type: 'longtask', buffered: false });
  await task();
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return durations;
}

const summary = (durations: number[]) => ({ count: durations.length, atLeast50ms: durations.filter((duration) => duration >= 50).length, longestMs: Math.round(Math.max(0, ...durations)) });

async function runBench() {
  const raw: number[] = [];
  const worker: number[] = [];
  const building: number[] = [];
  // The same wait with nothing running: on a loaded machine the OS alone stretches tasks past 50 ms.
  const idle: number[] = [];
  let bytes = 0;
  for (let run = 0; run < runs; run++) {
    let start = performance.now();
    await rawPdfLib();
    raw.push(performance.now() - start);
    building.push(
      ...(await longTasksDuring(async () => {
        start = performance.now();
        bytes = (await buildTaxReturnPdfInWorker(form, options)).byteLength;
        worker.push(performance.now() - start);
      })),
    );
    idle.push(...(await longTasksDuring(() => new Promise((resolve) => setTimeout(resolve, worker[run])))));
  }
  return {
    pages: taxReturnPages(form, 'owner').length,
    bytes,
    runs,
    rawMedianMs: Math.round(median(raw)),
    workerMedianMs: Math.round(median(worker)),
    workerFirstMs: Math.round(worker[0]!),
    longTasks: summary(building),
    idleLongTasks: summary(idle),
  };
}

Object.assign(window, { runBench });
document.getElementById('state')!.textContent = 'ready';
