import type { Transaction } from '@domain/bookkeeping';
import type { ExportRow } from '@workers/export/types';
import type { TransactionFilters } from './filters';
import { periodRange } from './periods';

/** How a row's category, account and receipt read in the export (the list's own words). */
export interface ExportWords {
  category(row: Transaction): string;
  /** Empty for a transaction without account. */
  account(row: Transaction): string;
  /** The receipt's file name when the transaction has one (synced or still on its way), else null. */
  receiptName(row: Transaction): string | null;
}

const extensions: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/heic': 'heic' };

/** A receipt's file extension: its name's, else its type's, else `bin`. */
export function extensionOf(name: string, contentType = ''): string {
  const match = /\.([a-z0-9]{1,5})$/i.exec(name);
  return match ? match[1]!.toLowerCase() : (extensions[contentType] ?? 'bin');
}

/**
 * Exactly the rows the list shows, in its order (`order` is the filtered view's), as the export
 * writes them.
 */
export function exportRowsOf(rows: readonly Transaction[], order: ArrayLike<number>, words: ExportWords): ExportRow[] {
  return Array.from(order, (index) => {
    const row = rows[index]!;
    const receipt = words.receiptName(row);
    return {
      date: row.date,
      description: row.description,
      merchant: row.merchant ?? '',
      category: words.category(row),
      account: words.account(row),
      amountCents: row.amountCents,
      checked: row.checked,
      note: row.note,
      receipt: receipt === null ? null : extensionOf(receipt, row.receipt?.contentType),
    };
  });
}

/**
 * The days an export covers, for its file name: the filters' period, with an open end (or no
 * period) closed by the first or last row's day; today when nothing is shown.
 */
export function exportPeriod(filters: TransactionFilters, today: string, rows: readonly ExportRow[]): { from: string; to: string } {
  const range = periodRange(filters, today);
  let first = today;
  let last = today;
  if (rows.length > 0) {
    first = rows[0]!.date;
    last = rows[0]!.date;
    for (const row of rows) {
      if (row.date < first) first = row.date;
      if (row.date > last) last = row.date;
    }
  }
  return { from: range.from ?? first, to: range.to ?? last };
}
