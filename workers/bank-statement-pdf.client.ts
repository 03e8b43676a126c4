import type { BankStatement, BankStatementLabels } from '@domain/bank-statement';
import { connectWorker, type WorkerHandle } from './comlink.client';
import type { BankStatementPdfWorker } from './bank-statement-pdf.worker';

let handle: WorkerHandle<BankStatementPdfWorker> | null = null;

/** Builds a bank statement PDF in its worker (main-thread side); the worker is started on first use and kept. */
export function buildBankStatementPdfInWorker(statement: BankStatement, labels: BankStatementLabels, locale: string): Promise<Uint8Array> {
  handle ??= connectWorker<BankStatementPdfWorker>(
    new Worker(new URL('./bank-statement-pdf.worker.ts', import.meta.url), { type: 'module', name: 'alta-bank-statement-pdf' }),
  );
  return handle.remote.build(statement, labels, locale);
}
