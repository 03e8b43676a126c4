import { checkImportedRow, maxStoredRowErrors, type ImportResult, type ImportResultCode, type RowError, type Transaction } from '@domain/bookkeeping';
import { categorise } from '../categorise';
import type { ColumnMap } from './columns';
import { parseDate } from './dates';
import { importedTransactionId, OccurrenceCounter } from './fingerprint';
import type { ImportChunk, ImportContext, ImportFailureCode, ImportInput, ImportOutcome, ImportProgress } from './import-store';
import { parseAmount, type DecimalSeparator } from '@domain/amounts';
import { detectDelimiter } from './read-text';
import { cellOf, readBankFile, readTable, surveyStatement, surveyTable, type CsvTable, type Survey } from './survey';

/**
 * The bank file import, start to end, without any Worker or Dexie of its own so it runs the
 * same in the import worker and in Vitest:
 *
 * 1. Check the file (SPEC §5: a batch file is at most 2 MB, text inside), tell its format by
 *    content and parse it once into rows with their line numbers (survey.ts): a CSV's cells,
 *    or an OFX/QFX, QIF or CAMT.053 file's transactions (statements/), refused whole when
 *    its currency is not the account's.
 * 2. Survey: for a CSV, find the header (or map a header-less file by content) unless the
 *    person fixed the mapping; then scan every date and amount to decide the day-month order
 *    and the decimal separator per column (survey.ts).
 * 3. Import: validate each row with the domain schema, categorise, key it (the bank's own
 *    reference when the file has one, else the line's fingerprint), and cut
 *    chunks of `chunkSize` new rows (one outbox mutation each; the first one small, so the
 *    writes start at once). Chunks are cut while the previous write commits, and the next
 *    write takes the chunks cut meanwhile (a few at most) in one store transaction, so the CPU
 *    work hides behind IndexedDB's; one write is in flight at a time.
 * 4. Finish the batch as completed, cancelled or failed, with its counts and row errors.
 */

/**
 * Rows per chunk. Each chunk is one Dexie transaction whose commit costs tens of milliseconds
 * whatever its size, so fewer, larger chunks bring the import close to one raw `bulkPut`
 * (decision 034); 2,500 typical bank lines stay well inside one mutation's size limit.
 */
export const defaultChunkSize = 2500;
/**
 * The first chunk is cut small: IndexedDB has nothing to do until it is, so it starts writing
 * after a few milliseconds of reading rows instead of a whole chunk's worth (~70 ms).
 */
const firstChunkRows = 250;
/**
 * The most chunks one write takes (10,000 rows at the default size): few commits for a fast
 * parse, yet a cancel, which reaches the worker as a message, still stops the import after the
 * write in flight instead of after the whole file.
 */
const maxChunksPerWrite = 4;
/**
 * A chunk is also cut when its rows' JSON nears this many characters, so one chunk's outbox
 * mutation always fits the sync protocol's limit (`mutationArgsMaxChars`, 600,000) with room
 * for the mutation's own fields, even with 500-character descriptions.
 */
export const chunkCharsBudget = 560_000;
/** The JSON of one imported row besides its description, merchant and category: keys, id, date, amount, separators. */
const rowOverheadChars = 140;
/** The characters a text takes in JSON (quotes and escapes included), or `null`'s four. */
const jsonChars = (text: string | null) => (text === null ? 4 : JSON.stringify(text).length);
/**
 * Rows read between two turns of the event loop while a write is in flight: the write's steps
 * (its reads, then its puts) wait for the thread, so turns every few milliseconds let it go on
 * while rows are read (a turn per chunk had it waiting ~70 ms per step).
 */
const turnRows = 250;

/**
 * One turn of the event loop, so the write in flight gets its IndexedDB events. Through a
 * message, not `setTimeout(0)`, whose nested calls wait at least 4 ms each.
 */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
/** Reads, checks and imports one bank export. */
export async function importCsv(input: ImportInput, context: ImportContext): Promise<ImportOutcome> {
  const now = () => (context.now ?? (() => new Date()))().toISOString();
  const read = await readBankFile(input.file);
  if ('code' in read) return { ok: false, code: read.code, importId: null };

  const createdAt = now();
  // The batch is recorded while the file is parsed: IndexedDB works on it meanwhile.
  const begun = context.store.begin({
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
  const table = read.format === 'csv' ? readTable(read.text, detectDelimiter(read.text)) : read.table;
  const refused = await begun;
  if (refused) return { ok: false, code: refused, importId: null };

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
      await context.store.finish({
        importId: input.importId,
        status: code === 'cancelled' ? 'cancelled' : 'failed',
        processedCount: 0,
        result,
        rowErrors,
        updatedAt: now(),
      });
    } catch (error) {
      // The store itself is failing (quota, closed database): the outcome still reaches the user.
      console.error('import: could not record the failed batch', error);
    }
    return { ok: false, code, importId: input.importId, result };
  };

  context.onProgress?.({ phase: 'reading', processedRows: 0, totalRows: 0, importedCount: 0, duplicateCount: 0, errorCount: 0 });
  // A structured file's columns are fixed: a mapping sent with it is not the file's.
  const survey = read.format === 'csv' ? surveyTable(table, input.language, input.mapping) : surveyStatement(read, input.language, input.dateOrder);
  if (context.signal?.aborted) return fail('cancelled');
  if (!survey) return fail(table.rows.length === 0 ? 'fileEmpty' : 'columnsNotFound');

  try {
    return await importRows(table, survey, input, context, now);
  } catch (error) {
    console.error('import failed', error);
    return fail('storageFailed');
  }
}

/** Validate, categorise, fingerprint and write in chunks, preparing the next chunk while the last one is written. */
async function importRows(table: CsvTable, survey: Survey, input: ImportInput, context: ImportContext, now: () => string): Promise<ImportOutcome> {
  const { map } = survey;
  const totalRows = survey.data.length;
  const chunkSize = Math.min(5000, Math.max(1, input.chunkSize ?? defaultChunkSize));
  const occurrences = new OccurrenceCounter();
  const referenceOccurrences = new Map<string, number>();
  const rowErrors: RowError[] = [];
  const counts = { processed: 0, imported: 0, duplicates: 0, errors: 0 };
  const known = await context.store.knownIds(input.accountId);
  const timestamp = now();
  let pending: Transaction[] = [];
  let pendingChars = 0;
  /** Chunks cut and waiting for the writer, which takes all of them at once when it is free. */
  const ready: ImportChunk[] = [];
  // Declared through `as`: it is set from `pump`'s callbacks, which TypeScript's narrowing of the `null` start does not see.
  let writing = null as Promise<void> | null;
  let failure: { error: unknown } | null = null;

  const progress = (phase: ImportProgress['phase']) =>
    context.onProgress?.({
      phase,
      processedRows: counts.processed,
      totalRows,
      importedCount: counts.imported,
      duplicateCount: counts.duplicates,
      errorCount: counts.errors,
    });

  const reportError = (line: number, field: RowError['field'], code: string) => {
    counts.errors += 1;
    if (rowErrors.length < maxStoredRowErrors) rowErrors.push({ line, field, code });
  };

  /**
   * Starts writing the chunks cut so far (up to `maxChunksPerWrite`) unless a write is in
   * flight; when that write ends, the chunks cut meanwhile go in the next one. So the CPU work hides behind IndexedDB's, and
   * a fast parse hands the writer many chunks per transaction (one commit, not one per chunk).
   */
  const pump = () => {
    if (writing || failure || ready.length === 0 || context.signal?.aborted) return;
    const chunks = ready.splice(0, maxChunksPerWrite);
    writing = context.store.writeChunks(chunks).then(
      () => {
        counts.imported += chunks.reduce((sum, chunk) => sum + chunk.rows.length, 0);
        writing = null;
        progress('importing');
        pump();
      },
      (error: unknown) => {
        failure = { error };
        writing = null;
      },
    );
  };

  /** Cuts the pending rows into a chunk for the writer; false when the import must stop. */
  const flush = async () => {
    if (failure) throw failure.error;
    if (context.signal?.aborted) return false;
    if (pending.length > 0) ready.push({ importId: input.importId, rows: pending, processedCount: counts.processed, updatedAt: now() });
    pending = [];
    pendingChars = 0;
    pump();
    progress('importing');
    await nextTurn();
    return true;
  };

  /**
   * The line's keys, from which its ids are derived (scoped to company and account, so the
   * server's skip of existing ids dedupes it too). `key` is the bank's own reference when the
   * file gives one (an OFX FITID, a CAMT AcctSvcrRef) with the line's date and amount, which
   * stays when the bank rewrites the description between two downloads, while a reference a
   * bank reuses for a later line does not swallow it; else the fingerprint of date, amount and
   * description. `fingerprint` is always the latter: a line already imported from the same
   * bank's CSV is a duplicate too. A key met twice in one file keeps both lines, numbered like twins.
   */
  const dedupeKeys = (valid: { date: string; amountCents: number; description: string }, reference: string) => {
    const fingerprint = occurrences.next(valid);
    if (reference === '') return { key: fingerprint, fingerprint };
    const key = `ref|${reference}|${valid.date}|${valid.amountCents}`;
    const occurrence = referenceOccurrences.get(key) ?? 0;
    referenceOccurrences.set(key, occurrence + 1);
    return { key: `${key}|${occurrence}`, fingerprint };
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
    const checked = checkImportedRow({ date: date ?? '2000-01-01', description, amountCents: typeof amountCents === 'number' ? amountCents : 0, merchant });
    if (!checked.ok)
      for (const { field, code } of checked.problems) refuse(field === 'date' ? 'date' : field === 'amountCents' ? 'amount' : 'description', code);
    if (reported.size > 0 || !checked.ok) return;
    const valid = checked.row;
    const keys = dedupeKeys(valid, cellOf(row, survey.reference));
    const id = importedTransactionId(input.companyId, input.accountId, keys.key);
    if (known.has(id) || (keys.key !== keys.fingerprint && known.has(importedTransactionId(input.companyId, input.accountId, keys.fingerprint)))) {
      counts.duplicates += 1;
      return;
    }
    const suggestion = categorise(valid);
    pendingChars += rowOverheadChars + jsonChars(valid.description) + jsonChars(suggestion.merchant) + jsonChars(suggestion.category);
    pending.push({
      id,
      companyId: input.companyId,
      date: valid.date,
      description: valid.description,
      amountCents: valid.amountCents,
      accountKind: input.accountKind,
      accountId: input.accountId,
      category: suggestion.category,
      merchant: suggestion.merchant,
      note: '',
      checked: false,
      receipt: null,
      blocked: false,
      importId: input.importId,
      createdAt: timestamp,
      updatedAt: timestamp,
    });
  };

  progress('importing');
  let going = true;
  for (const index of survey.data) {
    counts.processed += 1;
    handle(table.rows[index]!, table.lines[index]!);
    const chunkRows = counts.imported === 0 && !writing ? Math.min(chunkSize, firstChunkRows) : chunkSize;
    if (pending.length >= chunkRows || pendingChars >= chunkCharsBudget) {
      going = await flush();
      if (!going) break;
    } else if (writing && counts.processed % turnRows === 0) await nextTurn();
  }
  if (going) going = await flush();
  // The last chunks: written unless cancelled meanwhile (a cancel drops what is not written yet).
  while (writing || (ready.length > 0 && !failure && !context.signal?.aborted)) {
    pump();
    await writing;
  }
  if (failure) throw (failure as { error: unknown }).error;

  const finished = (code: ImportResultCode): ImportResult => ({
    code,
    totalRows,
    importedCount: counts.imported,
    duplicateCount: counts.duplicates,
    errorCount: counts.errors,
    dateOrder: survey.dateOrder.order,
    dateOrderAssumed: survey.dateOrder.assumed,
    decimalSeparator: survey.decimal.separator,
  });

  if (!going || context.signal?.aborted) {
    // Chunks already written stay: re-importing the file later adds only the rest.
    const result = finished('cancelled');
    await context.store.finish({ importId: input.importId, status: 'cancelled', processedCount: counts.processed, result, rowErrors, updatedAt: now() });
    progress('done');
    return { ok: false, code: 'cancelled', importId: input.importId, result };
  }
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
