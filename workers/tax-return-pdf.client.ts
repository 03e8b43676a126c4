import type { TaxFormData } from '@domain/tax-form';
import type { TaxReturnPdfOptions } from '@domain/tax-return-pdf';
import { connectWorker } from './comlink.client';
import type { TaxReturnPdfWorker } from './tax-return-pdf.worker';

/** Builds the return's PDF in a worker started for the job (main-thread side); ends it afterwards. */
export async function buildTaxReturnPdfInWorker(form: TaxFormData, options: TaxReturnPdfOptions): Promise<Uint8Array> {
  const worker = new Worker(new URL('./tax-return-pdf.worker.ts', import.meta.url), { type: 'module', name: 'alta-tax-return-pdf' });
  const handle = connectWorker<TaxReturnPdfWorker>(worker);
  try {
    return await handle.remote.build(form, options);
  } finally {
    handle.terminate();
  }
}
