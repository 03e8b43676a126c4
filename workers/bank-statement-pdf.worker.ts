import '@domain/zod-jitless';
import * as Comlink from 'comlink';
import type { BankStatement, BankStatementLabels } from '@domain/bank-statement';
import { buildBankStatementPdf } from '@domain/bank-statement-pdf';

/**
 * Builds a month's bank statement PDF (domain/bank-statement-pdf.ts) off the main thread: a
 * busy month runs to dozens of pages, far longer than a frame. Answers the file's bytes,
 * transferred (not copied) back to the page.
 */
const api = {
  async build(statement: BankStatement, labels: BankStatementLabels, locale: string): Promise<Uint8Array> {
    const bytes = await buildBankStatementPdf(statement, labels, locale);
    return Comlink.transfer(bytes, [bytes.buffer]);
  },
};

export type BankStatementPdfWorker = typeof api;

Comlink.expose(api);
