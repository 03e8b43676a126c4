import type { Transaction } from '@domain/bookkeeping';

/**
 * Suggests which transactions an unmatched receipt belongs to: the amount written in the
 * file's name (phones and scanners often name files "ticket 45,90.jpg" or "invoice-1200.00.pdf")
 * and the day the file was made, against transactions that have no receipt yet.
 */

/** The amounts a file name mentions, in cents (`45,90`, `45.90`, `1.234,56`, `1,234.56`). */
export function amountsInName(name: string): number[] {
  const base = name.replace(/\.[a-z0-9]{2,5}$/i, '');
  const found = new Set<number>();
  for (const match of base.matchAll(/(?<![\d.,])(\d{1,3}(?:[.,]\d{3})*|\d+)[.,](\d{2})(?![\d])/g)) {
    const whole = match[1]!.replace(/[.,]/g, '');
    found.add(Number(whole) * 100 + Number(match[2]));
  }
  return [...found];
}

const dayMs = 86_400_000;
const daysBetween = (a: string, b: string) => Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / dayMs;

export interface ReceiptHint {
  name: string;
  /** The day the file was made or added, `YYYY-MM-DD`. */
  date: string;
}

/**
 * Up to `limit` transactions without a receipt, best first: an amount from the name that
 * matches exactly counts most, then closeness in days (within 10 with an amount, 4 without).
 */
export function suggestMatches(hint: ReceiptHint, rows: readonly Transaction[], limit = 3): Transaction[] {
  const amounts = new Set(amountsInName(hint.name));
  const scored: { row: Transaction; score: number }[] = [];
  for (const row of rows) {
    if (row.receipt !== null || row.blocked) continue;
    const days = daysBetween(row.date, hint.date);
    const amountMatches = amounts.has(Math.abs(row.amountCents));
    if (amountMatches ? days > 10 : amounts.size > 0 || days > 4) continue;
    scored.push({ row, score: (amountMatches ? 100 : 0) - days * 3 + (row.amountCents < 0 ? 1 : 0) });
  }
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((entry) => entry.row);
}
