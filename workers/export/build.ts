import { strToU8, zipSync, type Zippable } from 'fflate';
import { receiptNames } from './cells';
import { buildCsv } from './csv';
import type { ExportRequest, ExportResult } from './types';
import { buildXlsx } from './xlsx';

/** A name no file system refuses: no path separators, reserved marks or control characters. */
export const fileNameOf = (name: string) =>
  name
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150);

/**
 * Builds the file the person asked for from the rows the list shows: a CSV, an XLSX, or the
 * accountant's pack, a zip of both spreadsheets and every receipt this device holds, named by
 * date and amount, with a list of the ones it could not include (translated).
 */
export async function buildExport(request: ExportRequest): Promise<ExportResult> {
  const { format, language, rows, labels } = request;
  const baseName = fileNameOf(request.baseName);
  const names = receiptNames(rows, language);
  if (format === 'csv')
    return { file: new Blob([buildCsv(rows, labels, language, names)], { type: 'text/csv;charset=utf-8' }), name: `${baseName}.csv`, missing: [] };
  if (format === 'xlsx') return { file: await buildXlsx(rows, labels, language, names), name: `${baseName}.xlsx`, missing: [] };

  const held = new Map((request.receipts ?? []).map((receipt) => [receipt.row, receipt.file]));
  const missing = names.flatMap((name, row) => (name !== null && !held.has(row) ? [row] : []));
  // In the pack, a receipt cell names a file that is in the zip, or says it is not.
  const packNames = names.map((name, row) => (name !== null && !held.has(row) ? labels.receiptMissing : name));
  const folder = fileNameOf(labels.receiptsFolder);
  const files: Zippable = {
    [`${baseName}.xlsx`]: [new Uint8Array(await (await buildXlsx(rows, labels, language, packNames)).arrayBuffer()), { level: 6 }],
    [`${baseName}.csv`]: [strToU8(buildCsv(rows, labels, language, packNames)), { level: 6 }],
  };
  for (const [row, file] of held) {
    const name = names[row];
    // Photos and PDFs are compressed already: stored as they are, the zip is built much faster.
    if (name) files[`${folder}/${name}`] = [new Uint8Array(await file.arrayBuffer()), { level: 0 }];
  }
  if (missing.length > 0) {
    const lines = missing.map((row) => `${rows[row]!.date}\t${rows[row]!.description}\t${names[row]}`);
    files[fileNameOf(labels.missingFile)] = [strToU8(`\uFEFF${labels.missingIntro}\r\n\r\n${lines.join('\r\n')}\r\n`), { level: 6 }];
  }
  const zip = zipSync(files);
  return { file: new Blob([zip], { type: 'application/zip' }), name: `${baseName}.zip`, missing };
}
