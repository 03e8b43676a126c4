import type { TaxFormData } from '@domain/tax-form';
import type { TaxReturnPdfOptions } from '@domain/tax-return-pdf';
import { connectWorker, type WorkerHandle } from './comlink.client';
import type { TaxReturnPdfWorker } from './tax-return-pdf.worker';

let handle: WorkerHandle<TaxReturnPdfWorker> | null = null;

/**
 * Builds the return's PDF in the tax-return worker (main-thread side). The worker is started
 * on first use and kept: loading pdf-lib again for every download would cost more than the
 * build itself (see docs/decisions/026-tax-forms.md).
 */
export function buildTaxReturnPdfInWorker(form: TaxFormData, options: TaxReturnPdfOptions): Promise<Uint8Array> {
  return worker().build(form, options);
}

/** Builds the return's Form 7004 in the same worker; null when no return is due. */
export function buildExtensionPdfInWorker(form: TaxFormData, options: Pick<TaxReturnPdfOptions, 'reviewMark'>): Promise<Uint8Array | null> {
  return worker().buildExtension(form, options);
}

function worker() {
  handle ??= connectWorker<TaxReturnPdfWorker>(
    new Worker(new URL('./tax-return-pdf.worker.ts', import.meta.url), { type: 'module', name: 'alta-tax-return-pdf' }),
  );
  return handle.remote;
}
