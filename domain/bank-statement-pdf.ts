import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { statementPeriod, type BankStatement, type BankStatementLabels } from './bank-statement';

/**
 * A month's bank statement (bank-statement.ts) as PDF pages (pdf-lib, no I/O). Built in the
 * browser's worker from the transactions the screen holds, so it works offline once they are
 * loaded. Labels and the number/date locale come from the caller, translated.
 */

const pageSize: [number, number] = [612, 792];
const margin = 48;
const rowHeight = 14;
const ink = rgb(0.1, 0.1, 0.1);
const descriptionColumn = margin + 80;
const amountEdge = pageSize[0] - margin - 90;
const balanceEdge = pageSize[0] - margin;

/**
 * Helvetica (WinAnsi) cannot draw every character: anything outside it becomes "?". Printable
 * ASCII always can, so most texts come back as they are, without a copy.
 */
function drawable(characters: Set<number>, text: string): string {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code > 0x7e) return Array.from(text, (char) => (characters.has(char.codePointAt(0)!) ? char : '?')).join('');
  }
  return text;
}

/**
 * The statement as PDF bytes, paginated (about 45 transactions a page), numbers in `locale`.
 * Each page names its two fonts once (pdf-lib adds a font resource every time a draw passes
 * its own font) and each row is formatted and measured once.
 */
export async function buildBankStatementPdf(statement: BankStatement, labels: BankStatementLabels, locale: string): Promise<Uint8Array> {
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
  const day = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'short' });
  const days = new Map<string, string>();
  const dateOf = (iso: string) => {
    let shown = days.get(iso);
    if (shown === undefined) days.set(iso, (shown = day.format(new Date(`${iso}T00:00:00Z`))));
    return shown;
  };
  const document = await PDFDocument.create();
  document.setTitle(`${labels.title} ${statement.month}`);
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const characters = new Set(font.getCharacterSet());
  const { start, end } = statementPeriod(statement.month);
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  /** Draws in the page's current font (and size); `value` is already drawable. */
  const text = (value: string, x: number, size = 9) => page.drawText(value, { x, y, size });
  const right = (value: string, edge: number, face: PDFFont, size = 9) => text(value, edge - face.widthOfTextAtSize(value, size), size);

  const header = {
    title: drawable(characters, `${labels.title} · ${statement.companyName}`),
    date: drawable(characters, labels.date),
    description: drawable(characters, labels.description),
    amount: drawable(characters, labels.amount),
    balance: drawable(characters, labels.balance),
  };
  const newPage = () => {
    page = document.addPage(pageSize);
    pages.push(page);
    page.setFontColor(ink);
    page.setFont(bold);
    y = pageSize[1] - margin;
    text(header.title, margin, 12);
    y -= rowHeight * 1.5;
    text(header.date, margin);
    text(header.description, descriptionColumn);
    right(header.amount, amountEdge, bold);
    right(header.balance, balanceEdge, bold);
    y -= rowHeight;
    page.setFont(font);
  };

  newPage();
  // The header of the first page: SPEC §3's fields and both balances.
  y -= 4;
  for (const [label, value] of [
    [labels.period, `${dateOf(start)} – ${dateOf(end)}`],
    [labels.sponsorBank, statement.sponsorBank],
    [labels.accountNumber, statement.accountNumber],
    [labels.routingNumber, statement.routingNumber],
    [labels.opening, money.format(statement.openingCents / 100)],
  ] as const) {
    text(drawable(characters, `${label}: ${value}`), margin);
    y -= rowHeight;
  }
  y -= rowHeight / 2;
  let balance = statement.openingCents;
  if (statement.lines.length === 0) {
    text(drawable(characters, labels.noTransactions), margin);
    y -= rowHeight;
  }
  for (const line of statement.lines) {
    if (y < margin + rowHeight * 2) newPage();
    balance += line.amountCents;
    const description = line.description.length > 60 ? `${line.description.slice(0, 59)}…` : line.description;
    text(drawable(characters, dateOf(line.date)), margin);
    text(drawable(characters, description), descriptionColumn);
    right(drawable(characters, money.format(line.amountCents / 100)), amountEdge, font);
    right(drawable(characters, money.format(balance / 100)), balanceEdge, font);
    y -= rowHeight;
  }
  y -= rowHeight / 2;
  page.setFont(bold);
  text(drawable(characters, `${labels.closing}: ${money.format(statement.closingCents / 100)}`), margin, 10);
  pages.forEach((each, index) => {
    const footer = drawable(characters, `${labels.page} ${index + 1} / ${pages.length}`);
    each.setFont(font);
    each.drawText(footer, { x: balanceEdge - font.widthOfTextAtSize(footer, 8), y: margin / 2, size: 8 });
  });
  // The worker has no frame to keep: no pause every few objects while saving.
  return document.save({ objectsPerTick: Number.POSITIVE_INFINITY });
}
