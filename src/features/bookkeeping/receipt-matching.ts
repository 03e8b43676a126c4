import type { Transaction } from '@domain/bookkeeping';
import type { ReceiptFields } from '@workers/receipt-reader/fields';

/**
 * Suggests which transactions an unmatched receipt belongs to: the fields read from the
 * receipt on the device (its total, date and merchant, decision 067) when it has been read,
 * and always the amount written in the file's name (phones and scanners often name files
 * "ticket 45,90.jpg" or "invoice-1200.00.pdf") and the day the file was made, against
 * transactions that have no receipt yet.
 */

/** The amounts a file name mentions, in cents (`45,90`, `45.90`, `1.234,56`, `1,234.56`). */
export function amountsInName(name: string): number[] {
  const base = name.replace(/\.[a-z0-9]{2,5}$/i, '');
  const found = new Set<number>();
  for (const match of base.matchAll(/(?<![\d.,])(\d{1,3}(?:[.,]\d{3})*|\d+)[.,](\d{2})(?![\d])/g)) {
    const whole = match[1]!.replace(/[.,]/g, '');
    found.add(Number(whole) * 100 + Number(match[2]));
  }
  return [...found];
}

const dayMs = 86_400_000;
/** Days from the receipt to the bank line: positive when the bank booked it later, as cards and invoices are. */
const daysAfter = (receipt: string, row: string) => (Date.parse(`${row}T00:00:00Z`) - Date.parse(`${receipt}T00:00:00Z`)) / dayMs;

// Words that say how the money moved or what kind of company it is, not who it went to.
const noise = new Set(
  'compra pago pagamento tarj tarjeta cartao card debit debito credito ach wire out transf transferencia recibo pix enviado automatico sq pos the los las del de da do la el sl sa ltda llc inc corp co es com'.split(
    ' ',
  ),
);
const plainWords = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * How much of the merchant's name the bank line spells (0 to 1): the share of the name's words
 * (of three letters or more, not legal forms) found in the bank's text run together, so
 * `Walmart` is found in `WAL-MART #1234` and `Trader Joe's` in `TRADER JOES #552`.
 */
export function merchantSimilarity(merchant: string, description: string): number {
  const words = plainWords(merchant).filter((word) => word.length >= 3 && !noise.has(word) && !/^\d+$/.test(word));
  if (words.length === 0) return 0;
  const bank = plainWords(description).join('');
  return words.filter((word) => bank.includes(word)).length / words.length;
}

export interface ReceiptHint {
  name: string;
  /** The day the file was made or added, `YYYY-MM-DD`. */
  date: string;
  /** What reading the receipt found, once it has been read. */
  fields?: ReceiptFields | null;
}

/**
 * Up to `limit` transactions without a receipt, best first. The total (read, or from the file
 * name) matching exactly counts most, then the merchant's name in the bank line, then
 * closeness in days to the receipt's date (the file's day when none was read). A bank books a
 * card purchase a day or more later and an invoice is paid by its due date: with the amount,
 * up to 10 days (35 with the merchant as well); without it, 4.
 */
export function suggestMatches(hint: ReceiptHint, rows: readonly Transaction[], limit = 3): Transaction[] {
  const amounts = new Set(amountsInName(hint.name));
  if (hint.fields?.totalCents) amounts.add(hint.fields.totalCents);
  const day = hint.fields?.date ?? hint.date;
  const merchant = hint.fields?.merchant ?? '';
  const scored: { row: Transaction; score: number }[] = [];
  for (const row of rows) {
    if (row.receipt !== null || row.blocked) continue;
    const after = daysAfter(day, row.date);
    const days = Math.abs(after);
    // Checked before names are compared (50,000 rows, at every inbox render): out of the widest window,
    // or before the receipt's read date (a bank line days earlier is another purchase; a file's day
    // says less: a receipt is often photographed days after it was paid).
    if (days > 35 || (hint.fields?.date && after < -2)) continue;
    const amountMatches = amounts.has(Math.abs(row.amountCents));
    const similarity = merchant ? merchantSimilarity(merchant, row.description) : 0;
    const window = amountMatches ? (similarity >= 0.5 ? 35 : 10) : 4;
    if (days > window) continue;
    // A total that was read and differs is another purchase, unless the merchant says otherwise (a tip, another currency).
    if (!amountMatches && amounts.size > 0 && similarity < 0.5) continue;
    scored.push({ row, score: (amountMatches ? 100 : 0) + similarity * 40 - days * (amountMatches ? 1 : 3) + (row.amountCents < 0 ? 1 : 0) });
  }
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((entry) => entry.row);
}
