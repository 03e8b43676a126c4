import '@domain/zod-jitless';
import * as Comlink from 'comlink';
import type { TaxFormData } from '@domain/tax-form';
import { buildExtensionPdf, buildTaxReturnPdf, type TaxReturnPdfOptions } from '@domain/tax-return-pdf';

/**
 * Builds the prepared return's PDF (domain/tax-return-pdf.ts) off the main thread: laying
 * out and compressing several pages takes longer than a frame. Works offline, from the form
 * the device holds. Answers the file's bytes, transferred (not copied) back to the page.
 */
const api = {
  async build(form: TaxFormData, options: TaxReturnPdfOptions): Promise<Uint8Array> {
    const bytes = await buildTaxReturnPdf(form, options);
    return Comlink.transfer(bytes, [bytes.buffer]);
  },
  /** Form 7004 for the same return (null when no return is due). */
  async buildExtension(form: TaxFormData, options: Pick<TaxReturnPdfOptions, 'reviewMark'>): Promise<Uint8Array | null> {
    const bytes = await buildExtensionPdf(form, options);
    return bytes && Comlink.transfer(bytes, [bytes.buffer]);
  },
};

export type TaxReturnPdfWorker = typeof api;

Comlink.expose(api);
