/**
 * The fields a receipt's text gives (SPEC §5 receipts, decision 067): its total, the day of
 * the purchase or the invoice, and the merchant, read from what OCR or a PDF's text layer
 * produced for a shop ticket, an invoice or a card slip in Spanish, English or Portuguese.
 * Plain functions on text, so the same code runs in the worker, in Vitest and in the bench.
 */

export interface ReceiptFields {
  /** The amount paid, in cents (the receipt's own currency), or null when none was found. */
  totalCents: number | null;
  /** `YYYY-MM-DD`, or null. */
  date: string | null;
  /** The business that issued it, as printed, or null. */
  merchant: string | null;
}

type ReceiptLanguage = 'es' | 'en' | 'pt';

/** Lowercase without accents, so `IMPORTE`, `Importe` and OCR's `importé` compare alike. */
export const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const languageMarkers: Record<ReceiptLanguage, RegExp> = {
  es: /\b(iva|nif|cif|importe|fecha|factura|cambio|entregado|gracias|tarjeta|efectivo|euros?)\b|€/g,
  en: /\b(tax|amount|due|invoice|change|thank|cash|subtotal|date|purchase|approved|balance)\b/g,
  pt: /\b(cnpj|valor|troco|nota|cupom|obrigado|cartao|dinheiro|emissao|vencimento|fatura|data)\b|r\$/g,
};

/** The language whose words the text uses most; it decides whether `03/04` is March 4 (en) or April 3. */
export function guessLanguage(text: string): ReceiptLanguage {
  const lower = plain(text);
  const counts = (Object.keys(languageMarkers) as ReceiptLanguage[]).map((language) => ({
    language,
    count: lower.match(languageMarkers[language])?.length ?? 0,
  }));
  return counts.sort((a, b) => b.count - a.count)[0]!.language;
}

// ── Dates ───────────────────────────────────────────────────────────────────────────────

const monthNames: [RegExp, number][] = [
  [/^(enero|ene|january|jan|janeiro)$/, 1],
  [/^(febrero|feb|february|fevereiro|fev)$/, 2],
  [/^(marzo|mar|march|marco)$/, 3],
  [/^(abril|abr|april|apr)$/, 4],
  [/^(mayo|may|maio|mai)$/, 5],
  [/^(junio|jun|june|junho)$/, 6],
  [/^(julio|jul|july|julho)$/, 7],
  [/^(agosto|ago|august|aug)$/, 8],
  [/^(septiembre|setiembre|sept?|september|setembro|set)$/, 9],
  [/^(octubre|oct|october|outubro|out)$/, 10],
  [/^(noviembre|nov|november|novembro)$/, 11],
  [/^(diciembre|dic|december|dec|dezembro|dez)$/, 12],
];
const monthOf = (word: string) => monthNames.find(([pattern]) => pattern.test(word))?.[1] ?? null;

function isoDay(year: number, month: number, day: number): string | null {
  const fullYear = year < 100 ? 2000 + year : year;
  if (fullYear < 2000 || fullYear > 2099 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(fullYear, month - 1, day));
  if (date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

const numericDate = /(?<![\d/.-])(\d{1,4})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![/.-]?\d)/g;
const dayMonthYear = /\b(\d{1,2})(?:\s+de)?\s+([a-z]{3,10})\.?(?:\s+de)?,?\s+(\d{4})\b/g;
const monthDayYear = /\b([a-z]{3,10})\.?\s+(\d{1,2}),?\s+(\d{4})\b/g;

/** Every day a line mentions, in order. */
function datesInLine(line: string, language: ReceiptLanguage): string[] {
  const found: { at: number; day: string }[] = [];
  const lower = plain(line);
  for (const match of lower.matchAll(numericDate)) {
    const [first, , second, third] = [Number(match[1]), match[2], Number(match[3]), Number(match[4])];
    let day: string | null;
    if (match[1]!.length === 4) day = match[4]!.length === 4 ? null : isoDay(first, second, third);
    else if (first > 12) day = isoDay(third, second, first);
    else if (second > 12) day = isoDay(third, first, second);
    else day = language === 'en' ? isoDay(third, first, second) : isoDay(third, second, first);
    if (day) found.push({ at: match.index, day });
  }
  for (const match of lower.matchAll(dayMonthYear)) {
    const month = monthOf(match[2]!);
    const day = month && isoDay(Number(match[3]), month, Number(match[1]));
    if (day) found.push({ at: match.index, day });
  }
  for (const match of lower.matchAll(monthDayYear)) {
    const month = monthOf(match[1]!);
    const day = month && isoDay(Number(match[3]), month, Number(match[2]));
    if (day) found.push({ at: match.index, day });
  }
  return found.sort((a, b) => a.at - b.at).map((entry) => entry.day);
}

const dueWords = /\b(venc\w*|vto|due|valid\w*|expir\w*|caduc\w*|pay by|pagar ate)\b/;
const dateWords = /\b(fecha|date|data|emision|emissao|emitid\w*|issued)\b/;

/** The purchase or issue day: a date on a line that says so first, else the first date that is not a due date. */
export function findDate(lines: readonly string[], language: ReceiptLanguage): string | null {
  let first: string | null = null;
  for (const line of lines) {
    const lower = plain(line);
    if (dueWords.test(lower)) continue;
    const [day] = datesInLine(line, language);
    if (!day) continue;
    if (dateWords.test(lower)) return day;
    first ??= day;
  }
  return first;
}

// ── Amounts ─────────────────────────────────────────────────────────────────────────────

/** Money as printed: `45,90`, `1.234,56`, `1,234.56`, `$53.80`, `R$ 27,50`; not a date's `12.03.2026` nor `1,539 €/L`. */
const money = /(?<![\d.,])(\d{1,3}(?:[.,]\d{3})+|\d+)\s?[.,]\s?(\d{2})(?![\d]|[.,]\d)/g;

/** The amounts a line prints, in cents, once its dates and times are taken out. */
export function amountsInLine(line: string): number[] {
  const withoutDates = line.replace(numericDate, ' ').replace(/\b\d{1,2}:\d{2}(?::\d{2})?\b/g, ' ');
  return [...withoutDates.matchAll(money)].map((match) => Number(match[1]!.replace(/[.,\s]/g, '')) * 100 + Number(match[2]));
}

// Phrases that name the amount paid, strongest first; `total` alone also starts `total iva`,
// which `notTotal` rules out.
const totalWords: [RegExp, number][] = [
  [
    /\b(total a pagar|total factura|importe total|total due|amount due|balance due|balance to pay|grand total|valor total|valor a pagar|total da nota|total geral)\b/,
    3,
  ],
  [/\btotal\b/, 2],
  [/\b(importe|amount|valor|monto)\b/, 1],
];
const notTotal =
  /\b(sub-?\s?total|base|iva|vat|tax|impuesto|iss|itens|items|articulos|cambio|change|troco|entregado|cash|efectivo|dinheiro|desconto|descuento|discount|tip|propina|gorjeta|cuota|ahorro|saved|savings)\b/;
const changeWords = /\b(cambio|change|troco|entregado|efectivo|cash|dinheiro|tendered)\b/;

/**
 * The total: the amount on the line whose words name it most strongly (the line below when
 * the figure is printed alone under its label), the largest on equally strong lines (a card slip
 * prints the purchase, the tip and the total); without such a line, the largest amount not
 * on a cash or change line.
 */
export function findTotal(lines: readonly string[]): number | null {
  let best: { rank: number; cents: number } | null = null;
  lines.forEach((line, index) => {
    const lower = plain(line);
    const rank = totalWords.find(([pattern]) => pattern.test(lower))?.[1];
    if (!rank || notTotal.test(lower)) return;
    const amounts = amountsInLine(line);
    const below = lines[index + 1] ?? '';
    const cents = amounts.at(-1) ?? (/\p{L}{3}/u.test(below) ? undefined : amountsInLine(below)[0]);
    if (cents === undefined) return;
    if (!best || rank > best.rank || (rank === best.rank && cents > best.cents)) best = { rank, cents };
  });
  if (best) return (best as { cents: number }).cents;
  const loose = lines.filter((line) => !changeWords.test(plain(line))).flatMap(amountsInLine);
  return loose.length > 0 ? Math.max(...loose) : null;
}

// ── Merchant ────────────────────────────────────────────────────────────────────────────

const notMerchant =
  /\b(factura|invoice|fatura|nota fiscal|cupom|ticket|recibo|receipt|tel|telefono|fone|phone|nif|cif|cnpj|vat|ein|fecha|date|data|copia|via|venta|sale|comercio|terminal|bienvenid\w*|welcome|bem-vind\w*|calle|c\/|avda?|av|rua|plaza|street|st|blvd|ave|road)\b|www\.|https?:|@/;

/** The merchant: the first line near the top that reads as a name, not an address, a number or a document title. */
export function findMerchant(lines: readonly string[]): string | null {
  for (const line of lines.slice(0, 8)) {
    const text = line.replace(/\s+/g, ' ').trim();
    const letters = text.match(/\p{L}/gu)?.length ?? 0;
    if (letters < 3 || letters / text.replace(/\s/g, '').length < 0.6) continue;
    if (notMerchant.test(plain(text))) continue;
    return text.replace(/^[^\p{L}\d]+|[^\p{L}\d.)']+$/gu, '');
  }
  return null;
}

/** Total, date and merchant from a receipt's text (lines as printed). */
export function extractReceiptFields(text: string): ReceiptFields {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const language = guessLanguage(text);
  return { totalCents: findTotal(lines), date: findDate(lines, language), merchant: findMerchant(lines) };
}
