import Papa from 'papaparse';
import { detectDecimalSeparator, type DecimalSeparator } from '@domain/amounts';
import type { ImportResultCode } from '@domain/bookkeeping';
import type { Language } from '@domain/constants';
import { sniffFileKind, uploadRules } from '@domain/files';
import { detectColumns, normaliseHeader, type ColumnMap } from './columns';
import { DateOrderSurvey, looksLikeDate, type DateOrder } from './dates';
import { decodeText, detectDelimiter, lineBreaksIn, type Delimiter } from './read-text';
import { detectFormat, readStatement, type BankFormat, type StructuredFormat } from './statements/bank-file';

/**
 * Reading a bank file before any row is imported: the file checked (SPEC §5: a batch file is
 * at most 2 MB, text inside) and its format told by its content (CSV, OFX/QFX, QIF or
 * CAMT.053). A CSV is parsed once into rows with their line numbers, then surveyed: where the
 * columns are, which rows are data, how dates and amounts are written. A structured file is
 * read into the same rows (date, description, amount, the bank's reference) with the line
 * where each transaction starts, so the preview and the import (pipeline.ts) take one path.
 */

/** Why a file is refused before it is read. */
type FileRefusal = Extract<ImportResultCode, 'fileTooLarge' | 'fileTypeNotAllowed' | 'fileEmpty' | 'wrongCurrency' | 'severalAccounts'>;

/** Alta's accounts are kept in US dollars: a statement in another currency is refused, never converted. */
export const accountCurrency = 'USD';

const sampleRows = 50;

/** How the file's columns are read: detected, or fixed by the person in the preview. */
export interface ImportMapping {
  map: ColumnMap;
  dateOrder: DateOrder;
  decimalSeparator: DecimalSeparator;
}

/** Data rows the preview shows. */
export const previewRows = 8;

/** A file's non-blank rows, each with its 1-based line number in the file (line breaks inside quoted fields counted). */
export interface CsvTable {
  rows: string[][];
  lines: number[];
}

export interface Survey {
  map: ColumnMap;
  dateOrder: { order: DateOrder; assumed: boolean };
  decimal: { separator: DecimalSeparator; assumed: boolean };
  /** Indexes (in the table) of the rows that are transactions: no header, repeated header or preamble. */
  data: number[];
  /** The column of the bank's own reference of each line (structured files), the dedupe key when present. */
  reference: number | null;
}

/** What the import dialog shows before importing: the first rows and how they would be read. */
export interface CsvPreview {
  format: BankFormat;
  /** The CSV's field delimiter; null for a structured file. */
  delimiter: Delimiter | null;
  /** The widest row's number of columns. */
  columnCount: number;
  /** The header's cells when the file has one (else the dialog numbers the columns, or names a structured file's). */
  header: string[] | null;
  /** The first data rows as detected, with their line numbers. */
  sample: { line: number; cells: string[] }[];
  /** The mapping found, or null when the person has to choose the columns. */
  detected: ImportMapping | null;
  dateOrderAssumed: boolean;
  decimalAssumed: boolean;
  totalRows: number;
}

export type PreviewOutcome = { ok: true; preview: CsvPreview } | { ok: false; code: FileRefusal };

export const cellOf = (row: string[], index: number | null) => (index === null ? '' : (row[index] ?? '').trim());
const isBlank = (row: string[]) => row.every((cell) => cell.trim() === '');

/** A bank file as read: a CSV's text (parsed later, see `readTable`), or a structured file's rows. */
export type BankFile = { format: 'csv'; text: string } | StructuredFile;
export interface StructuredFile {
  format: StructuredFormat;
  /** One row per transaction: date, description, amount, reference (`statementColumns`). */
  table: CsvTable;
  decimal: DecimalSeparator | null;
}

/** Where a structured file's rows keep each value. */
export const statementColumns: ColumnMap = { headerRow: null, date: 0, description: 1, amount: { kind: 'signed', column: 2 }, merchant: null };
const referenceColumn = 3;

/** Checks a batch file (SPEC §5), tells its format by content and reads it; the refusal code otherwise. */
export async function readBankFile(file: Blob): Promise<BankFile | { code: FileRefusal }> {
  if (file.size === 0) return { code: 'fileEmpty' };
  if (file.size > uploadRules.batchImport.maxBytes) return { code: 'fileTooLarge' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (sniffFileKind(bytes.subarray(0, 16)) !== 'text') return { code: 'fileTypeNotAllowed' };
  const text = decodeText(bytes);
  const format = detectFormat(text);
  if (format === null) return { code: 'fileTypeNotAllowed' };
  if (format === 'csv') return { format, text };
  const statement = readStatement(text, format);
  if (!statement) return { code: 'fileTypeNotAllowed' };
  if ([...statement.currencies].some((currency) => currency !== accountCurrency)) return { code: 'wrongCurrency' };
  if (statement.accounts.size > 1) return { code: 'severalAccounts' };
  if (statement.lines.length === 0) return { code: 'fileEmpty' };
  return {
    format,
    decimal: statement.decimal,
    table: { rows: statement.lines.map((line) => [line.date, line.description, line.amount, line.reference]), lines: statement.lines.map((line) => line.line) },
  };
}

/** Parses the text once: the non-blank rows and their line numbers. */
export function readTable(text: string, delimiter: Delimiter): CsvTable {
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false }).data;
  const table: CsvTable = { rows: [], lines: [] };
  let next = 1;
  for (const row of parsed) {
    const line = next;
    next += 1 + lineBreaksIn(row);
    if (isBlank(row)) continue;
    table.rows.push(row);
    table.lines.push(line);
  }
  return table;
}

/** The first rows of a bank file and how they would be read, for the person to confirm (or, for a CSV, fix). */
export async function previewCsv(file: Blob, language: Language): Promise<PreviewOutcome> {
  const read = await readBankFile(file);
  if ('code' in read) return { ok: false, code: read.code };
  if (read.format !== 'csv') return { ok: true, preview: previewOf(read.format, null, read.table, surveyStatement(read, language), null) };
  const delimiter = detectDelimiter(read.text);
  const table = readTable(read.text, delimiter);
  if (table.rows.length === 0) return { ok: false, code: 'fileEmpty' };
  const survey = surveyTable(table, language);
  const headerRow = survey?.map.headerRow ?? null;
  return { ok: true, preview: previewOf('csv', delimiter, table, survey, headerRow === null ? null : table.rows[headerRow]!.map((cell) => cell.trim())) };
}

function previewOf(format: BankFormat, delimiter: Delimiter | null, table: CsvTable, survey: Survey | null, header: string[] | null): CsvPreview {
  const data = survey?.data ?? table.rows.map((_, index) => index);
  return {
    format,
    delimiter,
    columnCount: Math.max(...table.rows.slice(0, sampleRows).map((row) => row.length)),
    header,
    sample: data.slice(0, previewRows).map((index) => ({ line: table.lines[index]!, cells: table.rows[index]! })),
    detected: survey ? { map: survey.map, dateOrder: survey.dateOrder.order, decimalSeparator: survey.decimal.separator } : null,
    dateOrderAssumed: survey?.dateOrder.assumed ?? false,
    decimalAssumed: survey?.decimal.assumed ?? false,
    totalRows: data.length,
  };
}

/**
 * The rows that are transactions under `map`: after the header, without the header repeated
 * further down (exports concatenated by hand) and, in a file without header, without the
 * preamble lines above the first date.
 */
function dataRows(table: CsvTable, map: ColumnMap): number[] {
  const data: number[] = [];
  const header = map.headerRow === null ? null : table.rows[map.headerRow]!;
  const headerCells = header?.map(normaliseHeader).join('|');
  // A repeated header has the header's first cell: only such rows are normalised whole.
  const headerFirst = header ? normaliseHeader(header[0] ?? '') : null;
  let inPreamble = map.headerRow === null;
  table.rows.forEach((row, index) => {
    if (map.headerRow !== null && index <= map.headerRow) return;
    if (header && row.length === header.length && normaliseHeader(row[0] ?? '') === headerFirst && row.map(normaliseHeader).join('|') === headerCells) return;
    if (inPreamble) {
      if (!looksLikeDate(cellOf(row, map.date))) return;
      inPreamble = false;
    }
    data.push(index);
  });
  return data;
}

/** Where the columns are (unless fixed), which rows are data, and how dates and amounts are written in them. */
export function surveyTable(table: CsvTable, language: Language, mapping?: ImportMapping): Survey | null {
  const map = mapping?.map ?? detectColumns(table.rows.slice(0, sampleRows));
  if (!map) return null;
  const data = dataRows(table, map);
  if (mapping)
    return {
      map,
      data,
      reference: null,
      dateOrder: { order: mapping.dateOrder, assumed: false },
      decimal: { separator: mapping.decimalSeparator, assumed: false },
    };
  return { map, data, reference: null, ...surveyFormats(table, map, data, language, null) };
}

/** A structured file's survey: every row is a transaction in fixed columns; dates and decimals as its values (or format) say. */
export function surveyStatement(file: StructuredFile, language: Language, dateOrder?: DateOrder): Survey {
  const data = file.table.rows.map((_, index) => index);
  const formats = surveyFormats(file.table, statementColumns, data, language, file.decimal);
  // The person's choice wins over the language's guess, as a CSV's mapping does (a QIF's dates are written as the bank wrote them).
  return { map: statementColumns, data, reference: referenceColumn, ...formats, ...(dateOrder && { dateOrder: { order: dateOrder, assumed: false } }) };
}

/** Scans every date and amount of the data rows for the day-month order and (unless the format fixes it) the decimal separator. */
function surveyFormats(
  table: CsvTable,
  map: ColumnMap,
  data: number[],
  language: Language,
  decimal: DecimalSeparator | null,
): Pick<Survey, 'dateOrder' | 'decimal'> {
  const dates = new DateOrderSurvey();
  const amounts: string[] = [];
  for (const index of data) {
    const row = table.rows[index]!;
    dates.add(cellOf(row, map.date));
    if (map.amount.kind === 'signed') amounts.push(cellOf(row, map.amount.column));
    else amounts.push(cellOf(row, map.amount.debit), cellOf(row, map.amount.credit));
  }
  return {
    dateOrder: dates.decide(language === 'en' ? 'mdy' : 'dmy'),
    decimal: decimal ? { separator: decimal, assumed: false } : detectDecimalSeparator(amounts, language === 'en' ? '.' : ','),
  };
}
