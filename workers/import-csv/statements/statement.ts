import type { DecimalSeparator } from '@domain/amounts';

/**
 * What the structured bank files (OFX/QFX, QIF, CAMT.053) are read into before the import
 * treats them like a CSV's rows: one line per transaction with where it starts in the file,
 * so preview, account choice, line-numbered row errors, dedupe and history stay one path.
 */

/** One transaction of a statement, as text: the pipeline validates it like a CSV cell. */
export interface StatementLine {
  /** 1-based line of the file where the transaction starts (its row errors name it). */
  line: number;
  /** `YYYY-MM-DD` when the format fixes the order (OFX, CAMT), else as written (QIF). */
  date: string;
  description: string;
  /** Signed, as written (QIF) or with `.` as its decimal point (OFX, CAMT). */
  amount: string;
  /** The bank's own id of the line (OFX FITID, CAMT AcctSvcrRef…), '' when the file has none. */
  reference: string;
}

export interface Statement {
  lines: StatementLine[];
  /** Every currency the file states for its accounts or lines (upper case). */
  currencies: Set<string>;
  /** Every account the file names statements of (an OFX ACCTID, a CAMT IBAN or other id): one Alta account takes one. */
  accounts: Set<string>;
  /** Fixed by the format, or null when the amounts' own writing decides it (QIF). */
  decimal: DecimalSeparator | null;
}

/** Line numbers of character offsets in a text, by binary search over where its lines start. */
export function lineLocator(text: string): (offset: number) => number {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

/** A description made of a name and a free text, without repeating one inside the other. */
export function joinDescription(name: string, detail: string): string {
  const a = name.trim().replace(/\s+/g, ' ');
  const b = detail.trim().replace(/\s+/g, ' ');
  if (a === '' || b.includes(a)) return b;
  if (b === '' || a.includes(b)) return a;
  return `${a} · ${b}`;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** Decodes XML's named entities (and `&nbsp;`, which SGML OFX writes) and character references; an impossible one stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      // A reference past Unicode's last code point is no character: kept as written, never thrown on.
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}
