import { statementMonthOptions } from './constants';
import type { WalletTransaction } from './banking';

/**
 * The bank statement of one month (SPEC §2 generator, §3 Bank statement: period start and
 * end, sponsor bank, account and routing numbers), with the opening and closing balance and
 * every transaction of the month. Apart from its PDF (bank-statement-pdf.ts), so the screen
 * that lists the months does not download pdf-lib.
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
export function statementOf(input: {
  month: string;
  companyName: string;
  sponsorBank: string;
  accountNumber: string;
  routingNumber: string;
  balanceCents: number;
  transactions: WalletTransaction[];
}): BankStatement {
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
