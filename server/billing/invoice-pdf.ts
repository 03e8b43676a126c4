import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';
import type { InvoiceLine } from '@domain/billing';
import type { Language } from '@domain/constants';
import { longDate } from '@domain/locale-formats';
import { formatUsd } from '@domain/plans';
import { fill, serverTexts } from '../providers/mail/render-mail';

export interface InvoiceDocument {
  number: string;
  issuedAt: Date;
  language: Language;
  customer: { name: string; email: string };
  companyName: string | null;
  lines: InvoiceLine[];
  total: number;
  card: { brand: string; last4: string } | null;
  period: { start: Date; end: Date } | null;
}

/** One invoice line in the reader's language, with the receipt mail's plan and service names. */
function describe(line: InvoiceLine, language: Language): string {
  const texts = serverTexts(language);
  const receipt = texts.orderReceipt;
  const plan = receipt.plans[line.id as keyof typeof receipt.plans] ?? line.id;
  switch (line.kind) {
    case 'setupFee':
      return receipt.setupFee;
    case 'plan':
      return fill(texts.invoice.planFirstPeriod, { plan });
    case 'subscription':
      return fill(texts.invoice.subscription, { plan });
    case 'proration':
      return fill(texts.invoice.proration, { plan });
    case 'renewal':
      return receipt.renewal;
    case 'dissolution':
      return receipt.dissolution;
    case 'credit':
      return line.id === 'balance' ? texts.invoice.credit : fill(texts.invoice.coupon, { code: line.id });
    case 'service':
      return receipt.services[line.id as keyof typeof receipt.services] ?? line.id;
  }
}

/** Text the standard font can draw: anything outside its character set (a name in another script) becomes '?'. */
function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text].map((character) => (supported.has(character.codePointAt(0)!) ? character : '?')).join('');
}

/**
 * The invoice as a one-page A4 PDF (pdf-lib, standard Helvetica: no font file to ship). Built
 * on the server from the stored invoice, so every download of it is the same document.
 */
export async function buildInvoicePdf(invoice: InvoiceDocument): Promise<Uint8Array> {
  const texts = serverTexts(invoice.language).invoice;
  const money = (cents: number) => formatUsd(cents, invoice.language);
  const date = (value: Date) => longDate(value, invoice.language);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${texts.title} ${invoice.number}`);
  pdf.setLanguage(invoice.language);
  pdf.setProducer('Alta');
  pdf.setCreationDate(invoice.issuedAt);
  pdf.setModificationDate(invoice.issuedAt);
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.09, 0.13, 0.13);
  const muted = rgb(0.38, 0.42, 0.42);
  const left = 56;
  const right = 539;
  let y = 780;
  const text = (value: string, x: number, options: { font?: PDFFont; size?: number; color?: typeof ink; alignRight?: boolean } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const safe = drawable(font, value);
    const at = options.alignRight ? x - font.widthOfTextAtSize(safe, size) : x;
    page.drawText(safe, { x: at, y, size, font, color: options.color ?? ink });
  };

  text('Alta', left, { font: bold, size: 22 });
  text(texts.title, right, { font: bold, size: 22, alignRight: true });
  y -= 18;
  text(texts.issuer, left, { color: muted, size: 9 });
  y -= 36;
  text(texts.number, left, { font: bold });
  text(invoice.number, left + 130);
  y -= 16;
  text(texts.issued, left, { font: bold });
  text(date(invoice.issuedAt), left + 130);
  y -= 16;
  text(texts.billedTo, left, { font: bold });
  text(`${invoice.customer.name} <${invoice.customer.email}>`, left + 130);
  if (invoice.companyName) {
    y -= 16;
    text(texts.company, left, { font: bold });
    text(invoice.companyName, left + 130);
  }
  if (invoice.period) {
    y -= 16;
    text(fill(texts.period, { start: date(invoice.period.start), end: date(invoice.period.end) }), left, { color: muted });
  }
  y -= 36;
  text(texts.description, left, { font: bold });
  text(texts.amount, right, { font: bold, alignRight: true });
  y -= 8;
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.7, color: muted });
  for (const line of invoice.lines) {
    y -= 18;
    text(describe(line, invoice.language), left);
    text(money(line.amount), right, { alignRight: true });
  }
  y -= 10;
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.7, color: muted });
  y -= 20;
  text(texts.total, left, { font: bold, size: 12 });
  text(money(invoice.total), right, { font: bold, size: 12, alignRight: true });
  if (invoice.card) {
    y -= 20;
    text(fill(texts.paidWith, { brand: invoice.card.brand.toUpperCase(), last4: invoice.card.last4 }), left, { color: muted });
  }
  y = 60;
  text(texts.footer, left, { color: muted, size: 9 });
  return pdf.save();
}
