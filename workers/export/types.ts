import type { Language } from '@domain/constants';

/**
 * One transaction as the export writes it: what the list shows, with its labels (category,
 * account) already in the person's language. The page builds these from exactly the rows its
 * filters keep, in the list's order (`src/features/bookkeeping/export-rows.ts`).
 */
export interface ExportRow {
  /** `YYYY-MM-DD`. */
  date: string;
  description: string;
  merchant: string;
  category: string;
  account: string;
  amountCents: number;
  checked: boolean;
  note: string;
  /** The receipt's file extension (`pdf`, `jpg`) when the transaction has one, else null. */
  receipt: string | null;
}

/** The translated words of the files: column headers, yes/no, the totals row, the pack's names. */
export interface ExportLabels {
  columns: Record<'date' | 'description' | 'merchant' | 'category' | 'account' | 'amount' | 'checked' | 'receipt' | 'note', string>;
  yes: string;
  no: string;
  total: string;
  sheet: string;
  /** The pack's folder of receipts. */
  receiptsFolder: string;
  /** The receipt cell of a row whose file this device does not hold (in the pack). */
  receiptMissing: string;
  /** The pack's list of the receipts it could not include: its file name and its first line. */
  missingFile: string;
  missingIntro: string;
}

export type ExportFormat = 'csv' | 'xlsx' | 'pack';

/** A receipt file the device holds, for the row at `row` of the request. */
export interface PackReceipt {
  row: number;
  file: Blob;
}

export interface ExportRequest {
  format: ExportFormat;
  language: Language;
  rows: ExportRow[];
  labels: ExportLabels;
  /** The download's name without its extension (company and period, in the person's language). */
  baseName: string;
  /** The pack's receipts; rows with a receipt not listed here are named as missing. */
  receipts?: PackReceipt[];
}

export interface ExportResult {
  file: Blob;
  name: string;
  /** Rows (indexes into the request's rows) whose receipt the pack could not include. */
  missing: number[];
}
