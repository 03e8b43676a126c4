import type { AccountKind, BatchImport, BatchImportStatus, ImportResult, ImportResultCode, RowError, Transaction } from '@domain/bookkeeping';
import type { Language } from '@domain/constants';
import type { DateOrder } from './dates';
import type { ImportMapping } from './survey';

/**
 * What the CSV import (pipeline.ts) is given, what it reports and returns, and the store it
 * writes through: Dexie plus the outbox in the import worker (dexie-store.ts), a fake in tests.
 */

export interface ImportInput {
  file: Blob;
  fileName: string;
  companyId: string;
  accountKind: AccountKind;
  accountId: string;
  importId: string;
  /** The user's language decides ambiguous dates and decimals (es/pt: day first and comma; en: month first and point). */
  language: Language;
  /** The mapping the person confirmed in the preview; detected when absent. */
  mapping?: ImportMapping;
  /**
   * A bank file's day-month order, when the person corrected the one assumed from the language
   * (a QIF whose dates are all ambiguous); ignored for a CSV, whose mapping carries it.
   */
  dateOrder?: DateOrder;
  chunkSize?: number;
}

export interface ImportProgress {
  phase: 'reading' | 'importing' | 'done';
  processedRows: number;
  totalRows: number;
  importedCount: number;
  duplicateCount: number;
  errorCount: number;
}

/** Failures a person can act on, returned as values (never thrown). */
export type ImportFailureCode = Exclude<ImportResultCode, 'imported'>;

export type ImportOutcome =
  | { ok: true; importId: string; result: ImportResult; rowErrors: RowError[] }
  | { ok: false; code: ImportFailureCode; importId: string | null; result?: ImportResult };

/** New transactions of an import, and how many of the file's data rows were read when they were cut. */
export interface ImportChunk {
  importId: string;
  rows: Transaction[];
  processedCount: number;
  updatedAt: string;
}

/** Where an import writes: Dexie plus the outbox in the worker, or anything with the same behaviour in a test. */
export interface ImportStore {
  /** Records the new batch import (status notStarted); 'cooldown' when the company may not start one yet (SPEC §9). */
  begin(batch: BatchImport): Promise<'cooldown' | void>;
  /**
   * The ids of the transactions already stored in the import's account, read once before the
   * first chunk: imported ids are derived from company, account and bank line, so a line
   * imported before can only be there (the mutator still skips any other row it finds).
   */
  knownIds(accountId: string): Promise<Set<string>>;
  /**
   * Stores chunks of new transactions and the batch's progress, atomically: one transaction
   * for all of them, one outbox mutation per chunk (each within the sync size limit).
   */
  writeChunks(chunks: ImportChunk[]): Promise<void>;
  /** Ends the batch import. */
  finish(update: {
    importId: string;
    status: Extract<BatchImportStatus, 'completed' | 'failed' | 'cancelled'>;
    processedCount: number;
    result: ImportResult;
    rowErrors: RowError[];
    updatedAt: string;
  }): Promise<void>;
}

export interface ImportContext {
  store: ImportStore;
  onProgress?: (progress: ImportProgress) => void;
  signal?: AbortSignal;
  /** The device clock, for the records' informational timestamps. */
  now?: () => Date;
}
