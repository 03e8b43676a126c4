import { PDFDocument, StandardFonts } from 'pdf-lib';
import { completeTaxForm } from '@domain/tax-form-fixture';
import { taxReturnPages } from '@domain/tax-return-pdf';
import { buildTaxReturnPdfInWorker } from '@workers/tax-return-pdf.client';
import { exposePdfBench } from './pdf-bench';

/**
 * The page `scripts/bench-tax-pdf.mjs` drives: the Form 5472 + pro forma 1120 set built in its
 * worker, next to raw pdf-lib writing the same number of pages with the same lines of text.
 */

const form = completeTaxForm();
const options = { copy: 'owner' as const, reviewMark: 'Prepared by Alta: review before filing with the IRS' };
const pages = taxReturnPages(form, 'owner');

async function raw(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const content of pages) {
    const page = document.addPage([612, 792]);
    page.setFont(font);
    let y = 740;
    page.drawText(content.form, { x: 48, y, size: 16 });
    for (const line of content.sections.flatMap((section) => section.lines)) {
      y -= 20;
      page.drawText(`${line.number} ${line.label} ${line.value}`, { x: 48, y, size: 9 });
    }
  }
  return document.save();
}

exposePdfBench({ subject: `${pages.length} pages`, runs: 10, raw, worker: () => buildTaxReturnPdfInWorker(form, options) });
