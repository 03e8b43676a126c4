import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { statementMonthOptions } from './constants';
import type { WalletTransaction } from './banking';

/**
 * The bank statement of one month (SPEC §2 generator, §3 Bank statement: period start and
 * end, sponsor bank, account and routing numbers), with the opening and closing balance and
 * every transaction of the month, as PDF pages (pdf-lib, no I/O). Built in the browser's
 * worker from the transactions the screen holds, so it works offline once they are loaded.
 * Labels and the number/date locale come from the caller, translated.
 */

/** SPEC §2/§9: the last 7 months as YYYY-MM, this month first. */
export function statementMonths(today: Date, count = statementMonthOptions): string[] {
  return Array.from({ length: count }, (_, back) => {
    const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
    return month.toISOString().slice(0, 7);
  });
}

/** The first and last day (YYYY-MM-DD) of a YYYY-MM month. */
export function statementPeriod(month: string): { start: string; end: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(last).padStart(2, '0')}` };
}

export interface StatementLine {
  date: string;
  description: string;
  /** Signed cents: money in is positive, money out negative (fees included). */
  amountCents: number;
}

export interface BankStatement {
  month: string;
  companyName: string;
  sponsorBank: string;
  accountNumber: string;
  routingNumber: string;
  openingCents: number;
  closingCents: number;
  lines: StatementLine[];
}

export interface BankStatementLabels {
  title: string;
  period: string;
  sponsorBank: string;
  accountNumber: string;
  routingNumber: string;
  opening: string;
  closing: string;
  date: string;
  description: string;
  amount: string;
  balance: string;
  noTransactions: string;
  page: string;
}

/** States whose money never moved (or came back): not on the statement. */
const settledOut = new Set(['canceled', 'error', 'undeliverable', 'returned', 'refunded']);

/**
 * The month's statement from the wallet's transactions (newest first or any order): the
 * closing balance is today's `balanceCents` less what moved after the month; the opening is
 * the closing less the month's movements. A withdrawal moves the balance by its amount (its fee is inside it).
 */
export function statementOf(input: { month: string; companyName: string; sponsorBank: string; accountNumber: string; routingNumber: string; balanceCents: number; transactions: WalletTransaction[] }): BankStatement {
  const { start, end } = statementPeriod(input.month);
  // A withdrawal's fee comes out of its amount (the recipient gets amount − fee): the balance moves by the amount.
  const signed = (row: WalletTransaction) => (row.direction === 'incoming' ? row.amountCents : -row.amountCents);
  const counted = input.transactions.filter((row) => !settledOut.has(row.status));
  const after = counted.filter((row) => row.date.slice(0, 10) > end).reduce((sum, row) => sum + signed(row), 0);
  const inMonth = counted.filter((row) => row.date.slice(0, 10) >= start && row.date.slice(0, 10) <= end).sort((a, b) => a.date.localeCompare(b.date));
  const closingCents = input.balanceCents - after;
  const openingCents = closingCents - inMonth.reduce((sum, row) => sum + signed(row), 0);
  return {
    month: input.month,
    companyName: input.companyName,
    sponsorBank: input.sponsorBank,
    accountNumber: input.accountNumber,
    routingNumber: input.routingNumber,
    openingCents,
    closingCents,
    lines: inMonth.map((row) => ({ date: row.date.slice(0, 10), description: row.counterparty, amountCents: signed(row) })),
  };
}

const pageSize: [number, number] = [612, 792];
const margin = 48;
const rowHeight = 14;

/** Helvetica (WinAnsi) cannot draw every character: anything outside it becomes "?". */
const characterSets = new WeakMap<PDFFont, Set<number>>();
function drawable(font: PDFFont, text: string): string {
  let set = characterSets.get(font);
  if (!set) characterSets.set(font, (set = new Set(font.getCharacterSet())));
  return [...text].map((char) => (set.has(char.codePointAt(0)!) ? char : '?')).join('');
}

/** The statement as PDF bytes, paginated (about 45 transactions a page), numbers in `locale`. */
export async function buildBankStatementPdf(statement: BankStatement, labels: BankStatementLabels, locale: string): Promise<Uint8Array> {
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
  const day = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'short' });
  const dateOf = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`));
  const document = await PDFDocument.create();
  document.setTitle(`${labels.title} ${statement.month}`);
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const { start, end } = statementPeriod(statement.month);
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const text = (value: string, x: number, size = 9, face = font) => page.drawText(drawable(face, value), { x, y, size, font: face, color: rgb(0.1, 0.1, 0.1) });
  const right = (value: string, x: number, size = 9, face = font) => text(value, x - face.widthOfTextAtSize(drawable(face, value), size), size, face);

  const newPage = () => {
    page = document.addPage(pageSize);
    pages.push(page);
    y = pageSize[1] - margin;
    text(`${labels.title} · ${statement.companyName}`, margin, 12, bold);
    y -= rowHeight * 1.5;
    text(`${labels.date}`, margin, 9, bold);
    text(labels.description, margin + 80, 9, bold);
    right(labels.amount, pageSize[0] - margin - 90, 9, bold);
    right(labels.balance, pageSize[0] - margin, 9, bold);
    y -= rowHeight;
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
    text(`${label}: ${value}`, margin);
    y -= rowHeight;
  }
  y -= rowHeight / 2;
  let balance = statement.openingCents;
  if (statement.lines.length === 0) {
    text(labels.noTransactions, margin);
    y -= rowHeight;
  }
  for (const line of statement.lines) {
    if (y < margin + rowHeight * 2) newPage();
    balance += line.amountCents;
    text(dateOf(line.date), margin);
    text(line.description.length > 60 ? `${line.description.slice(0, 59)}…` : line.description, margin + 80);
    right(money.format(line.amountCents / 100), pageSize[0] - margin - 90);
    right(money.format(balance / 100), pageSize[0] - margin);
    y -= rowHeight;
  }
  y -= rowHeight / 2;
  text(`${labels.closing}: ${money.format(statement.closingCents / 100)}`, margin, 10, bold);
  pages.forEach((each, index) => {
    const footer = `${labels.page} ${index + 1} / ${pages.length}`;
    each.drawText(footer, { x: pageSize[0] - margin - font.widthOfTextAtSize(footer, 8), y: margin / 2, size: 8, font });
  });
  return document.save();
}
