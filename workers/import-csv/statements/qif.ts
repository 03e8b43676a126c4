import { joinDescription, type Statement, type StatementLine } from './statement';

/**
 * QIF (Quicken Interchange Format): `!Type:` headers, then records of one-letter fields
 * (`D` date, `T`/`U` amount, `P` payee, `M` memo, …) each ended by `^`. Only cash, bank,
 * card and asset/liability records are transactions; account lists, categories, classes,
 * memorised payees and investment records are skipped. Split lines (`S`, `E`, `$`) belong to
 * their record, whose `T` is the whole amount.
 *
 * Dates keep their written order (`01/31/2024`, `31/01/24`); the import decides day-month
 * order for the whole file from the values, as it does for a CSV column. Quicken's own
 * writing is normalised first: `1/31'24` and `1/ 5' 4` (the apostrophe marks a year 2000+).
 */

const transactionTypes = new Set(['bank', 'cash', 'ccard', 'oth a', 'oth l']);

/** `1/ 5' 4` → `1/5/04`; `D2024-01-31` and others unchanged but for spaces. */
export function qifDate(raw: string): string {
  const text = raw.replace(/\s+/g, '');
  const quoted = /^(\d{1,2})[/.-](\d{1,2})'(\d{1,4})$/.exec(text);
  if (!quoted) return text;
  return `${quoted[1]}/${quoted[2]}/${quoted[3]!.length === 1 ? `0${quoted[3]}` : quoted[3]}`;
}

/** The transactions of a QIF file; null when it does not start with a `!` header. */
export function readQif(text: string): Statement | null {
  const rows = text.split(/\r\n|\r|\n/);
  const first = rows.findIndex((row) => row.trim() !== '');
  if (first === -1 || !rows[first]!.trimStart().startsWith('!')) return null;
  const lines: StatementLine[] = [];
  let importing = false;
  let record: { line: number; fields: Map<string, string> } | null = null;
  const close = () => {
    if (importing && record && (record.fields.has('D') || record.fields.has('T'))) {
      const { fields } = record;
      lines.push({
        line: record.line,
        date: qifDate(fields.get('D') ?? ''),
        // A transfer may have neither payee nor memo: its category (`L`, e.g. `[Savings]`) or check number says what it is.
        description: joinDescription(fields.get('P') ?? '', fields.get('M') ?? '') || fields.get('L') || fields.get('N') || '',
        amount: (fields.get('T') ?? fields.get('U') ?? '').trim(),
        reference: '',
      });
    }
    record = null;
  };
  rows.forEach((row, index) => {
    const content = row.trim();
    if (content === '') return;
    if (content.startsWith('!')) {
      close();
      const type = /^!type:(.*)$/i.exec(content);
      // `!Account` starts a list of accounts (not transactions); `!Option`/`!Clear` change nothing here.
      if (type) importing = transactionTypes.has(type[1]!.trim().toLowerCase());
      else if (/^!account/i.test(content)) importing = false;
      return;
    }
    if (content === '^') return close();
    record ??= { line: index + 1, fields: new Map() };
    const code = content[0]!.toUpperCase();
    record.fields.set(code, content.slice(1));
  });
  close();
  return { lines, currencies: new Set(), accounts: new Set(), decimal: null };
}
