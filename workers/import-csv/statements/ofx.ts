import { decodeEntities, joinDescription, lineLocator, type Statement, type StatementLine } from './statement';

/**
 * OFX and QFX (Quicken's OFX) bank and credit card statements, both dialects with one
 * tokenizer: 1.x is SGML whose leaf elements are never closed (`<TRNAMT>-12.50`), 2.x is XML
 * with the same element names (`<TRNAMT>-12.50</TRNAMT>`). Only leaves inside `<STMTTRN>` and
 * the statements' currencies are read; an element followed by text is a leaf, any other opens
 * an aggregate, and a closing tag closes the innermost aggregate of its name (and any
 * unclosed one inside it).
 */

// `[^<>]*`, not `[^>]*`: a `<` never closed cannot make every later tag scan to the end of the file.
const tags = /<(\/?)([A-Za-z][A-Za-z0-9.]*)[^<>]*>([^<]*)/g;
/** The aggregates whose leaves mean something here: a leaf belongs to the innermost of them. */
const contexts = new Set(['STMTTRN', 'PAYEE', 'CURRENCY', 'ORIGCURRENCY', 'BANKACCTTO', 'CCACCTTO', 'STMTRS', 'CCSTMTRS']);

/** `20240131`, `20240131120000.000[-5:EST]` → `2024-01-31`; anything else is kept for the row error. */
function dayOf(raw: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(raw);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : raw;
}

/**
 * OFX amounts have no thousands separator, and banks write the decimal mark as `.` or `,`
 * (the spec allows both): either one is the decimal point.
 */
const amountOf = (raw: string) => raw.replace(',', '.').replace(/^\+/, '');

/** The transactions of an OFX/QFX file; null when it has no `<OFX>` body. */
export function readOfx(text: string): Statement | null {
  const body = text.search(/<OFX>/i);
  if (body === -1) return null;
  const lineAt = lineLocator(text);
  const lines: StatementLine[] = [];
  const currencies = new Set<string>();
  const accounts = new Set<string>();
  const stack: string[] = [];
  let current: { line: number; fields: Map<string, string> } | null = null;
  tags.lastIndex = body;
  for (let match = tags.exec(text); match; match = tags.exec(text)) {
    const name = match[2]!.toUpperCase();
    const value = decodeEntities(match[3]!.trim());
    if (match[1]) {
      const open = stack.lastIndexOf(name);
      if (open !== -1) stack.length = open;
      if (name === 'STMTTRN' && current) {
        lines.push(lineOf(current.line, current.fields));
        current = null;
      }
      continue;
    }
    if (value === '') {
      stack.push(name);
      if (name === 'STMTTRN') current = { line: lineAt(match.index), fields: new Map() };
      continue;
    }
    const context = stack.findLast((open) => contexts.has(open));
    if (name === 'CURDEF' || (name === 'CURSYM' && context === 'CURRENCY')) currencies.add(value.toUpperCase());
    else if (name === 'ACCTID') accounts.add(value);
    else if (current && context === 'STMTTRN') current.fields.set(name, value);
    else if (current && context === 'PAYEE' && name === 'NAME') current.fields.set('PAYEE', value);
  }
  return { lines, currencies, accounts, decimal: '.' };
}

function lineOf(line: number, fields: Map<string, string>): StatementLine {
  return {
    line,
    date: dayOf(fields.get('DTPOSTED') ?? fields.get('DTUSER') ?? ''),
    description: joinDescription(fields.get('NAME') ?? fields.get('PAYEE') ?? '', fields.get('MEMO') ?? ''),
    amount: amountOf(fields.get('TRNAMT') ?? ''),
    reference: fields.get('FITID') ?? '',
  };
}
