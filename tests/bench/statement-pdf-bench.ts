import { PDFDocument, StandardFonts, type PDFPage } from 'pdf-lib';
import { englishStatementLabels as labels } from '@domain/bank-statement-fixture';
import { statementOf } from '@domain/bank-statement';
import type { WalletTransaction } from '@domain/banking';
import { buildBankStatementPdfInWorker } from '@workers/bank-statement-pdf.client';
import { exposePdfBench } from './pdf-bench';

/**
 * The page `scripts/bench-statement-pdf.mjs` drives: a month of 1,000 transactions built into
 * a statement PDF in its worker, next to raw pdf-lib writing the same pages on this thread:
 * both fonts, each page's bold title and column heads, four cells a row at the same places
 * (the same strings, unformatted and unmeasured) and each page's footer (issue 13: worker ≤ 1.5 × raw).
 */

const count = 1_000;
const rowsPerPage = 45;
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
  holdReason: null,
}));
const statement = statementOf({
  month: '2026-10',
  companyName: 'Andes Labs LLC',
  sponsorBank: 'Lead Bank',
  accountNumber: '900123456789',
  routingNumber: '101019644',
  balanceCents: 100_000_000,
  transactions,
});
const pageCount = Math.ceil(count / rowsPerPage);

async function raw(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  statement.lines.forEach((line, index) => {
    if (index % rowsPerPage === 0) {
      page = document.addPage([612, 792]);
      pages.push(page);
      page.setFont(bold);
      page.drawText(`${labels.title} ${statement.companyName}`, { x: 48, y: 744, size: 12 });
      for (const [label, x] of [
        [labels.date, 48],
        [labels.description, 128],
        [labels.amount, 420],
        [labels.balance, 520],
      ] as const)
        page.drawText(label, { x, y: 723, size: 9 });
      page.setFont(font);
      y = 700;
    }
    page.drawText(line.date, { x: 48, y, size: 9 });
    page.drawText(line.description, { x: 128, y, size: 9 });
    page.drawText(String(line.amountCents / 100), { x: 420, y, size: 9 });
    page.drawText(String(line.amountCents), { x: 520, y, size: 9 });
    y -= 14;
  });
  pages.forEach((each, index) => each.drawText(`${labels.page} ${index + 1} / ${pages.length}`, { x: 520, y: 24, size: 8 }));
  return document.save();
}

exposePdfBench({
  subject: `${count} transactions, ${pageCount} pages`,
  runs: 11,
  raw,
  worker: () => buildBankStatementPdfInWorker(statement, labels, 'en-US'),
});
