import Papa from 'papaparse';

/**
 * Turns a bank export's bytes into text: UTF-8 (with or without BOM) or UTF-16 with a BOM,
 * and Windows-1252 for the many Latin American and Iberian banks that still export it
 * (a file that is not valid UTF-8 is read as Windows-1252, which maps every byte).
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    // TextDecoder drops a UTF-8 BOM itself.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export type Delimiter = ',' | ';' | '\t' | '|';
const candidates: Delimiter[] = [';', ',', '\t', '|'];

/**
 * The field delimiter: the candidate that splits the most of the first rows into the same
 * number (above one) of fields. Preamble lines above the header and decimal commas inside
 * unquoted amounts (`-12,50` in a `;` file) do not fool it, unlike a guess on the first line.
 */
export function detectDelimiter(text: string): Delimiter {
  const sample = text.slice(0, 64 * 1024);
  let best: { delimiter: Delimiter; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of candidates) {
    const rows = Papa.parse<string[]>(sample, { delimiter, preview: 40, skipEmptyLines: true }).data;
    const counts = new Map<number, number>();
    for (const row of rows) if (row.length > 1) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
    const score = Math.max(0, ...counts.values());
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/** Line breaks inside a row's fields (quoted multi-line descriptions), so line numbers stay true. */
export function lineBreaksIn(row: string[]): number {
  let breaks = 0;
  for (const cell of row) {
    if (cell.includes('\n') || cell.includes('\r')) breaks += cell.match(/\r\n|\r|\n/g)!.length;
  }
  return breaks;
}
