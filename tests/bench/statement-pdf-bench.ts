import { PDFDocument, StandardFonts } from 'pdf-lib';
import { englishStatementLabels } from '@domain/bank-statement-fixture';
import { statementOf } from '@domain/bank-statement-pdf';
import type { WalletTransaction } from '@domain/banking';
import { buildBankStatementPdfInWorker } from '@workers/bank-statement-pdf.client';

/**
 * The page `scripts/bench-statement-pdf.ts` drives: a month of 1,000 transactions built into
 * a statement PDF in its worker (started on the first build and kept, as the app does), next
 * to raw pdf-lib writing the same number of pages with the same four cells a row on this thread,
 * and the main thread's long tasks while the worker builds (issue 13: worker ≤ 1.5 × raw).
 */

const runs = 7;
const count = 1_000;
const rowsPerPage = 45;
const labels = englishStatementLabels;
const transactions: WalletTransaction[] = Array.from({ length: count }, (_, index) => ({
  id: String(index),
  date: `2026-10-${String((index % 31) + 1).padStart(2, '0')}T10:00:00.000Z`,
  direction: index % 3 === 0 ? 'outgoing' : 'incoming',
  rail: 'wire',
  currency: 'usd',
  amountCents: 10_000 + index * 7,
  feeCents: index % 3 === 0 ? 250 : 0,
  status: 'payment_processed',
  counterparty: `Client ${index} · Andes Imports`,
  senderName: null,
  fromBank: null,
  hash: null,
  reference: null,
}));
const statement = statementOf({ month: '2026-10', companyName: 'Andes Labs LLC', sponsorBank: 'Lead Bank', accountNumber: '900123456789', routingNumber: '101019644', balanceCents: 100_000_000, transactions });

async function rawPdfLib(): Promise<number> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  let page = document.addPage([612, 792]);
  let y = 740;
  statement.lines.forEach((line, index) => {
    if (index > 0 && index % rowsPerPage === 0) {
      page = document.addPage([612, 792]);
      y = 740;
    }
    // The same four cells a statement row has, at the same places.
    page.drawText(line.date, { x: 48, y, size: 9, font });
    page.drawText(line.description, { x: 128, y, size: 9, font });
    page.drawText(String(line.amountCents / 100), { x: 420, y, size: 9, font });
    page.drawText(String(line.amountCents), { x: 520, y, size: 9, font });
    y -= 14;
  });
  return (await document.save()).byteLength;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function runBench() {
  const raw: number[] = [];
  const worker: number[] = [];
  const longTasks: number[] = [];
  let bytes = 0;
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => longTasks.push(entry.duration)));
  for (let run = 0; run < runs; run++) {
    let start = performance.now();
    await rawPdfLib();
    raw.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.observe({ type: 'longtask', buffered: false });
    start = performance.now();
    bytes = (await buildBankStatementPdfInWorker(statement, labels, 'en-US')).byteLength;
    worker.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
  }
  return {
    transactions: count,
    bytes,
    runs,
    rawMedianMs: Math.round(median(raw)),
    workerMedianMs: Math.round(median(worker)),
    workerFirstMs: Math.round(worker[0]!),
    longTasks: { count: longTasks.length, atLeast50ms: longTasks.filter((duration) => duration >= 50).length, longestMs: Math.round(Math.max(0, ...longTasks)) },
  };
}

Object.assign(window, { runBench });
document.getElementById('state')!.textContent = 'ready';
