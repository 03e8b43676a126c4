import Papa from 'papaparse';
import { detectDecimalSeparator, type DecimalSeparator } from '@domain/amounts';
import type { ImportResultCode } from '@domain/bookkeeping';
import type { Language } from '@domain/constants';
import { checkFileDeclaration, sniffFileKind } from '@domain/files';
import { detectColumns, normaliseHeader, type ColumnMap } from './columns';
import { DateOrderSurvey, looksLikeDate, type DateOrder } from './dates';
import { decodeText, detectDelimiter, lineBreaksIn, type Delimiter } from './read-text';

/**
 * Reading a bank export before any row is imported: the file checked (SPEC §5: a batch file is
 * at most 2 MB, csv or txt, text inside) and parsed once into rows with their line numbers,
 * then surveyed: where the columns are, which rows are data, how dates and amounts are written.
 * The preview shows this survey; the import (pipeline.ts) reads its rows with it.
 */

/** Why a file is refused before it is read. */
type FileRefusal = Extract<ImportResultCode, 'fileTooLarge' | 'fileTypeNotAllowed' | 'fileEmpty'>;

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
}

/** What the import dialog shows before importing: the first rows and how they would be read. */
export interface CsvPreview {
  delimiter: Delimiter;
  /** The widest row's number of columns. */
  columnCount: number;
  /** The header's cells when the file has one (else the dialog numbers the columns). */
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

/** Checks a batch file (SPEC §5) and reads its text; the refusal code otherwise. */
export async function readCsvFile(file: Blob, fileName: string): Promise<{ text: string } | { code: FileRefusal }> {
  const declared = checkFileDeclaration('batchImport', fileName, file.size);
  if (declared) return { code: declared === 'fileContentMismatch' ? 'fileTypeNotAllowed' : declared };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (sniffFileKind(bytes.subarray(0, 16)) !== 'text') return { code: 'fileTypeNotAllowed' };
  return { text: decodeText(bytes) };
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

/** The first rows of a bank export and the mapping detected for them, for the person to confirm or fix. */
export async function previewCsv(file: Blob, fileName: string, language: Language): Promise<PreviewOutcome> {
  const read = await readCsvFile(file, fileName);
  if ('code' in read) return { ok: false, code: read.code };
  const delimiter = detectDelimiter(read.text);
  const table = readTable(read.text, delimiter);
  if (table.rows.length === 0) return { ok: false, code: 'fileEmpty' };
  const survey = surveyTable(table, language);
  const columnCount = Math.max(...table.rows.slice(0, sampleRows).map((row) => row.length));
  const headerRow = survey?.map.headerRow ?? null;
  const data = survey?.data ?? table.rows.map((_, index) => index);
  return {
    ok: true,
    preview: {
      delimiter,
      columnCount,
      header: headerRow === null ? null : table.rows[headerRow]!.map((cell) => cell.trim()),
      sample: data.slice(0, previewRows).map((index) => ({ line: table.lines[index]!, cells: table.rows[index]! })),
      detected: survey ? { map: survey.map, dateOrder: survey.dateOrder.order, decimalSeparator: survey.decimal.separator } : null,
      dateOrderAssumed: survey?.dateOrder.assumed ?? false,
      decimalAssumed: survey?.decimal.assumed ?? false,
      totalRows: data.length,
    },
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
  if (mapping) return { map, data, dateOrder: { order: mapping.dateOrder, assumed: false }, decimal: { separator: mapping.decimalSeparator, assumed: false } };
  const dates = new DateOrderSurvey();
  const amounts: string[] = [];
  for (const index of data) {
    const row = table.rows[index]!;
    dates.add(cellOf(row, map.date));
    if (map.amount.kind === 'signed') amounts.push(cellOf(row, map.amount.column));
    else amounts.push(cellOf(row, map.amount.debit), cellOf(row, map.amount.credit));
  }
  return {
    map,
    data,
    dateOrder: dates.decide(language === 'en' ? 'mdy' : 'dmy'),
    decimal: detectDecimalSeparator(amounts, language === 'en' ? '.' : ','),
  };
}
