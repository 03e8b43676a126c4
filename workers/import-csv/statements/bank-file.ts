import { readCamt053 } from './camt053';
import { readOfx } from './ofx';
import { readQif } from './qif';
import type { Statement } from './statement';

/** The bank file formats the import reads. */
export type BankFormat = 'csv' | 'ofx' | 'qif' | 'camt053';
export type StructuredFormat = Exclude<BankFormat, 'csv'>;

/**
 * A bank file's format from its content, never its name (a CAMT file comes as `.xml` or
 * `.053`, an OFX one as `.ofx`, `.qfx` or `.txt`): OFX by its header or `<OFX>`
 * element, CAMT.053 by its root element, QIF by its `!` header; other XML (a camt.052, an
 * HTML page saved as `.xls`) is no bank file; anything else is read as CSV.
 */
export function detectFormat(text: string): BankFormat | null {
  const head = text
    .slice(0, 4096)
    .replace(/^\ufeff/, '')
    .trimStart();
  if (/^OFXHEADER\s*:/i.test(head) || /<OFX>/i.test(head)) return 'ofx';
  if (head.startsWith('!')) return 'qif';
  if (head.startsWith('<')) return /<(?:\w+:)?BkToCstmrStmt[\s>]/.test(head) ? 'camt053' : null;
  return 'csv';
}

/** The transactions of a structured bank file; null when the file does not hold what its content announced. */
export function readStatement(text: string, format: StructuredFormat): Statement | null {
  if (format === 'ofx') return readOfx(text);
  if (format === 'qif') return readQif(text);
  return readCamt053(text);
}
