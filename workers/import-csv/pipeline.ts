import Papa, { type Parser } from 'papaparse';
import {
  importedRowSchema,
  maxStoredRowErrors,
  type AccountKind,
  type BatchImport,
  type BatchImportStatus,
  type ImportResult,
  type ImportResultCode,
  type RowError,
  type Transaction,
} from '@domain/bookkeeping';
import type { Language } from '@domain/constants';
import { checkFileDeclaration, sniffFileKind } from '@domain/files';
import { categorise } from '../categorise';
import { detectColumns, normaliseHeader, type ColumnMap } from './columns';
import { DateOrderSurvey, looksLikeDate, parseDate, type DateOrder } from './dates';
import { importedTransactionId, OccurrenceCounter } from './fingerprint';
import { detectDecimalSeparator, parseAmount, type DecimalSeparator } from '@domain/amounts';
import { decodeText, detectDelimiter, lineBreaksIn } from './read-text';

/**
 * The CSV batch import, start to end, without any Worker or Dexie of its own so it runs the
 * same in the import worker and in Vitest:
 *
 * 1. Check the file (SPEC §5: a batch file is at most 2 MB, csv or txt, text inside).
 * 2. Survey pass: find the header (or map a header-less file by content), then scan every
 *    date and amount to decide the day-month order and the decimal separator per column.
 * 3. Import pass: stream the rows again, validate each with the domain schema, categorise,
 *    fingerprint, and write chunks of `chunkSize` new rows (one store transaction and one
 *    outbox mutation each), pausing the parser while a chunk is written.
 * 4. Finish the batch as completed, cancelled or failed, with its counts and row errors.
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

/** Where an import writes: Dexie plus the outbox in the worker, or anything with the same behaviour in a test. */
export interface ImportStore {
  /** Records the new batch import (status notStarted). */
  begin(batch: BatchImport): Promise<void>;
  /** Which of these transaction ids are already stored. */
  existing(ids: string[]): Promise<Set<string>>;
  /** Stores one chunk of new transactions and the batch's progress, atomically. */
  writeChunk(chunk: { importId: string; rows: Transaction[]; processedCount: number; updatedAt: string }): Promise<void>;
  /** Ends the batch import. */
  finish(update: { importId: string; status: Extract<BatchImportStatus, 'completed' | 'failed' | 'cancelled'>; processedCount: number; result: ImportResult; rowErrors: RowError[]; updatedAt: string }): Promise<void>;
}

export interface ImportContext {
  store: ImportStore;
  onProgress?: (progress: ImportProgress) => void;
  signal?: AbortSignal;
  /** The device clock, for the records' informational timestamps. */
  now?: () => Date;
}

export const defaultChunkSize = 1000;
/**
 * A chunk is also cut when its rows' text nears this many characters, so one chunk's outbox
 * mutation always fits the sync protocol's size limit, even with 500-character descriptions.
 */
export const chunkCharsBudget = 400_000;
/** The JSON overhead of one imported row besides its description and merchant (id, date, amount, category, keys). */
const rowOverheadChars = 160;
const sampleRows = 50;

interface Survey {
  map: ColumnMap;
  dateOrder: { order: DateOrder; assumed: boolean };
  decimal: { separator: DecimalSeparator; assumed: boolean };
  totalRows: number;
}

const cellOf = (row: string[], index: number | null) => (index === null ? '' : (row[index] ?? '').trim());
const isBlank = (row: string[]) => row.every((cell) => cell.trim() === '');

/** Reads, checks and imports one bank export. */
export async function importCsv(input: ImportInput, context: ImportContext): Promise<ImportOutcome> {
  const now = () => (context.now ?? (() => new Date()))().toISOString();
  const declared = checkFileDeclaration('batchImport', input.fileName, input.file.size);
  if (declared) return { ok: false, code: declared === 'fileContentMismatch' ? 'fileTypeNotAllowed' : declared, importId: null };
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  if (sniffFileKind(bytes.subarray(0, 16)) !== 'text') return { ok: false, code: 'fileTypeNotAllowed', importId: null };
  const text = decodeText(bytes);
  const delimiter = detectDelimiter(text);

  const createdAt = now();
  await context.store.begin({
    id: input.importId,
    companyId: input.companyId,
    accountKind: input.accountKind,
    accountId: input.accountId,
    fileName: input.fileName,
    fileSize: input.file.size,
    status: 'notStarted',
    processedCount: 0,
    result: null,
    rowErrors: [],
    createdAt,
    updatedAt: createdAt,
  });

  const emptyResult = (code: ImportResultCode): ImportResult => ({
    code,
    totalRows: 0,
    importedCount: 0,
    duplicateCount: 0,
    errorCount: 0,
    dateOrder: null,
    dateOrderAssumed: false,
    decimalSeparator: null,
  });
  const fail = async (code: ImportFailureCode, result = emptyResult(code), rowErrors: RowError[] = []): Promise<ImportOutcome> => {
    try {
      await context.store.finish({ importId: input.importId, status: code === 'cancelled' ? 'cancelled' : 'failed', processedCount: 0, result, rowErrors, updatedAt: now() });
    } catch (error) {
      // The store itself is failing (quota, closed database): the outcome still reaches the user.
      console.error('import: could not record the failed batch', error);
    }
    return { ok: false, code, importId: input.importId, result };
  };

  context.onProgress?.({ phase: 'reading', processedRows: 0, totalRows: 0, importedCount: 0, duplicateCount: 0, errorCount: 0 });
  const survey = surveyFile(text, delimiter, input.language);
  if (context.signal?.aborted) return fail('cancelled');
  if (!survey) return fail(text.trim() === '' ? 'fileEmpty' : 'columnsNotFound');

  try {
    return await importRows(text, delimiter, survey, input, context, now);
  } catch (error) {
    console.error('import failed', error);
    return fail('storageFailed');
  }
}

/** Pass 1: where the columns are, and how dates and amounts are written in them. */
function surveyFile(text: string, delimiter: string, language: Language): Survey | null {
  const sample: string[][] = [];
  let map: ColumnMap | null | undefined;
  const dates = new DateOrderSurvey();
  const amounts: string[] = [];
  let totalRows = 0;
  let nonEmpty = 0;

  let headerCells: string | null = null;
  const measure = (row: string[], index: number) => {
    if (!map) return;
    if (map.headerRow !== null && index <= map.headerRow) {
      if (index === map.headerRow) headerCells = row.map(normaliseHeader).join('|');
      return;
    }
    if (headerCells !== null && row.map(normaliseHeader).join('|') === headerCells) return;
    if (inPreamble) {
      if (!looksLikeDate(cellOf(row, map.date))) return;
      inPreamble = false;
    }
    totalRows += 1;
    dates.add(cellOf(row, map.date));
    if (map.amount.kind === 'signed') amounts.push(cellOf(row, map.amount.column));
    else amounts.push(cellOf(row, map.amount.debit), cellOf(row, map.amount.credit));
  };
  let inPreamble = false;
  const decide = () => {
    map = detectColumns(sample);
    inPreamble = map?.headerRow === null;
    sample.forEach(measure);
  };

  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: ({ data: row }) => {
      if (isBlank(row)) return;
      const index = nonEmpty++;
      if (map === undefined) {
        sample.push(row);
        if (sample.length === sampleRows) decide();
        return;
      }
      measure(row, index);
    },
  });
  if (map === undefined) decide();
  if (!map) return null;
  return {
    map,
    dateOrder: dates.decide(language === 'en' ? 'mdy' : 'dmy'),
    decimal: detectDecimalSeparator(amounts, language === 'en' ? '.' : ','),
    totalRows,
  };
}

/** Pass 2: validate, categorise, fingerprint and write in chunks. */
async function importRows(
  text: string,
  delimiter: string,
  survey: Survey,
  input: ImportInput,
  context: ImportContext,
  now: () => string,
): Promise<ImportOutcome> {
  const { map } = survey;
  const chunkSize = Math.min(5000, Math.max(1, input.chunkSize ?? defaultChunkSize));
  const occurrences = new OccurrenceCounter();
  const rowErrors: RowError[] = [];
  const counts = { processed: 0, imported: 0, duplicates: 0, errors: 0 };
  let pending: { fingerprint: string; row: Omit<Transaction, 'id' | 'createdAt' | 'updatedAt'> }[] = [];
  let pendingChars = 0;
  let headerCells: string | null = null;
  let inPreamble = map.headerRow === null;
  let nonEmpty = 0;
  let nextLine = 1;
  let failure: unknown = null;

  const progress = (phase: ImportProgress['phase']) =>
    context.onProgress?.({
      phase,
      processedRows: counts.processed,
      totalRows: survey.totalRows,
      importedCount: counts.imported,
      duplicateCount: counts.duplicates,
      errorCount: counts.errors,
    });

  const reportError = (line: number, field: RowError['field'], code: string) => {
    counts.errors += 1;
    if (rowErrors.length < maxStoredRowErrors) rowErrors.push({ line, field, code });
  };

  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    pendingChars = 0;
    const ids = batch.map(({ fingerprint }) => importedTransactionId(input.companyId, input.accountId, fingerprint));
    const existing = await context.store.existing(ids);
    const timestamp = now();
    const rows: Transaction[] = [];
    batch.forEach(({ row }, index) => {
      if (existing.has(ids[index]!)) counts.duplicates += 1;
      else rows.push({ ...row, id: ids[index]!, createdAt: timestamp, updatedAt: timestamp });
    });
    if (rows.length > 0) await context.store.writeChunk({ importId: input.importId, rows, processedCount: counts.processed, updatedAt: timestamp });
    counts.imported += rows.length;
    progress('importing');
  };

  /** One data row: a valid transaction goes to `pending`, a refused one to `rowErrors`. */
  const handle = (row: string[], line: number) => {
    const rawDate = cellOf(row, map.date);
    const description = cellOf(row, map.description);
    const merchant = cellOf(row, map.merchant) || null;
    const reported = new Set<RowError['field']>();
    const refuse = (field: RowError['field'], code: string) => {
      if (reported.has(field)) return;
      reported.add(field);
      reportError(line, field, code);
    };

    const date = rawDate === '' ? null : parseDate(rawDate, survey.dateOrder.order);
    if (date === null) refuse('date', rawDate === '' ? 'validation.missingDate' : 'validation.invalidDate');
    const amountCents = readAmount(row, map, survey.decimal.separator);
    if (typeof amountCents === 'string') refuse('amount', amountCents);
    // Validated with placeholders for what already failed, so every problem of the line is reported at once.
    const parsed = importedRowSchema.safeParse({ date: date ?? '2000-01-01', description, amountCents: typeof amountCents === 'number' ? amountCents : 0, merchant });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'date' ? 'date' : issue.path[0] === 'amountCents' ? 'amount' : 'description';
        refuse(field, issue.message.startsWith('validation.') ? issue.message : 'validation.invalid');
      }
    }
    if (reported.size > 0 || !parsed.success) return;
    const suggestion = categorise(parsed.data);
    pendingChars += rowOverheadChars + parsed.data.description.length + (suggestion.merchant?.length ?? 0);
    pending.push({
      fingerprint: occurrences.next(parsed.data),
      row: {
        companyId: input.companyId,
        date: parsed.data.date,
        description: parsed.data.description,
        amountCents: parsed.data.amountCents,
        accountKind: input.accountKind,
        accountId: input.accountId,
        category: suggestion.category,
        merchant: suggestion.merchant,
        note: '',
        checked: false,
        receipt: null,
        blocked: false,
        importId: input.importId,
      },
    });
  };

  progress('importing');
  await new Promise<void>((resolve) => {
    Papa.parse<string[]>(text, {
      delimiter,
      skipEmptyLines: false,
      step: ({ data: row }, parser: Parser) => {
        const line = nextLine;
        nextLine += 1 + lineBreaksIn(row);
        if (context.signal?.aborted || failure) return parser.abort();
        if (isBlank(row)) return;
        const index = nonEmpty++;
        if (map.headerRow !== null && index <= map.headerRow) {
          if (index === map.headerRow) headerCells = row.map(normaliseHeader).join('|');
          return;
        }
        // A header repeated further down (exports concatenated by hand) is not a bad row.
        if (headerCells !== null && row.map(normaliseHeader).join('|') === headerCells) return;
        // Without a header, lines above the first date are the export's preamble.
        if (inPreamble) {
          if (!looksLikeDate(cellOf(row, map.date))) return;
          inPreamble = false;
        }
        counts.processed += 1;
        handle(row, line);
        if (pending.length >= chunkSize || pendingChars >= chunkCharsBudget) {
          parser.pause();
          flush().then(
            () => parser.resume(),
            (error: unknown) => {
              failure = error;
              parser.resume();
            },
          );
        }
      },
      complete: () => resolve(),
    });
  });
  if (failure) throw failure;

  const finished = (code: ImportResultCode): ImportResult => ({
    code,
    totalRows: survey.totalRows,
    importedCount: counts.imported,
    duplicateCount: counts.duplicates,
    errorCount: counts.errors,
    dateOrder: survey.dateOrder.order,
    dateOrderAssumed: survey.dateOrder.assumed,
    decimalSeparator: survey.decimal.separator,
  });

  if (context.signal?.aborted) {
    // Chunks already written stay: re-importing the file later adds only the rest.
    const result = finished('cancelled');
    await context.store.finish({ importId: input.importId, status: 'cancelled', processedCount: counts.processed, result, rowErrors, updatedAt: now() });
    progress('done');
    return { ok: false, code: 'cancelled', importId: input.importId, result };
  }
  await flush();
  const result = finished('imported');
  await context.store.finish({ importId: input.importId, status: 'completed', processedCount: counts.processed, result, rowErrors, updatedAt: now() });
  progress('done');
  return { ok: true, importId: input.importId, result, rowErrors };
}

/** The signed amount of a row in cents, or the i18n key of why it has none. */
function readAmount(row: string[], map: ColumnMap, separator: DecimalSeparator): number | string {
  const read = (raw: string) => {
    const value = parseAmount(raw, separator);
    if (value === null) return 'validation.invalidAmount';
    if (!Number.isFinite(value)) return 'validation.amountTooLarge';
    return value;
  };
  if (map.amount.kind === 'signed') {
    const raw = cellOf(row, map.amount.column);
    return raw === '' ? 'validation.missingAmount' : read(raw);
  }
  const debitRaw = cellOf(row, map.amount.debit);
  const creditRaw = cellOf(row, map.amount.credit);
  if (debitRaw === '' && creditRaw === '') return 'validation.missingAmount';
  const debit = debitRaw === '' ? 0 : read(debitRaw);
  const credit = creditRaw === '' ? 0 : read(creditRaw);
  if (typeof debit === 'string') return debit;
  if (typeof credit === 'string') return credit;
  // Banks write debits as positive or negative figures; either way they are money out.
  return Math.abs(credit) - Math.abs(debit);
}
