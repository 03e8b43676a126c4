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
/** An incoming payment held for review (SPEC §1) is not in the balance until released. */
const counts = (row: WalletTransaction) => !settledOut.has(row.status) && !(row.direction === 'incoming' && row.status === 'in_review');

/**
 * The month's statement from the wallet's transactions (newest first or any order): the
 * closing balance is today's `balanceCents` less what moved after the month; the opening is
 * the closing less the month's movements. A withdrawal moves the balance by its amount (its fee is inside it).
 */
export function statementOf(input: { month: string; companyName: string; sponsorBank: string; accountNumber: string; routingNumber: string; balanceCents: number; transactions: WalletTransaction[] }): BankStatement {
  const { start, end } = statementPeriod(input.month);
  // A withdrawal's fee comes out of its amount (the recipient gets amount − fee): the balance moves by the amount.
  const signed = (row: WalletTransaction) => (row.direction === 'incoming' ? row.amountCents : -row.amountCents);
  const counted = input.transactions.filter(counts);
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
