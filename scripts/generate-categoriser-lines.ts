// Writes the categoriser's labelled es/en/pt bank lines (decision 066) from the templates of
// scripts/categoriser-templates.json and the spellings and narratives below:
// `npx tsx scripts/generate-categoriser-lines.ts`. Deterministic (seeded), so the committed files
// are what this script prints. Every merchant or narrative is a group, and whole groups go to
// one split: `workers/categoriser/base-lines.json` (the base set, shipped in the categoriser's
// worker) and `tests/fixtures/categoriser/held-out-lines.json` (test, never shipped
// nor trained or tuned on), so no test line is a near-duplicate of a line the model learnt.
// The base set is written with the confidence's temperature fitted on it (`fitBaseTemperature`).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CategoryKey } from '@domain/bookkeeping';
import { categoryKeys } from '@domain/bookkeeping';
import { fitBaseTemperature } from '../workers/categoriser/base';
import type { LabelledRow } from '../workers/categoriser/dataset';
import templateData from './categoriser-templates.json';

type Language = 'es' | 'en' | 'pt';
/** How the money moves: a card purchase, a direct debit (ACH, SEPA, boleto), a transfer to a payee (wire, Pix, SEPA), money coming in, or a line the bank writes itself (fees, interest, payroll runs, own transfers). */
type Kind = 'card' | 'debit' | 'payee' | 'in' | 'bank';

interface Template {
  kind: Kind;
  /** Dollars, low and high. */
  amount: [number, number];
  /** Money in (positive) or out; `both` for transfers and loans. */
  sign: 1 | -1 | 'both';
  /** Each entry is one group (a merchant or a narrative): `NAME` or `NAME|langs` (e, s, p: the languages its lines are in), `NAME|langs|kind` to override the kind. */
  groups: string[];
}

const templates = templateData as Record<CategoryKey, Template>;

/** How many lines each group gets: enough spellings of one merchant to learn it, and 2,000+ lines in all. */
const linesPerGroup = 7;

// mulberry32: a small seeded generator, so the files are the same every run.
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(20261125);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
const digits = (count: number) => Array.from({ length: count }, () => Math.floor(next() * 10)).join('');
const code = (count: number) => Array.from({ length: count }, () => pick([...'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'])).join('');
const date = () => `${String(1 + Math.floor(next() * 28)).padStart(2, '0')}/${String(1 + Math.floor(next() * 12)).padStart(2, '0')}`;

const cities: Record<Language, string[]> = {
  en: ['SAN FRANCISCO CA', 'NEW YORK NY', 'AUSTIN TX', 'SEATTLE WA', 'MIAMI FL', 'CHICAGO IL', '855-555-0142 CA', 'WWW.', ''],
  es: ['MADRID', 'BARCELONA ES', 'VALENCIA', 'CIUDAD DE MEXICO', 'BOGOTA', 'SEVILLA ES', 'BUENOS AIRES', ''],
  pt: ['SAO PAULO BR', 'RIO DE JANEIRO', 'BELO HORIZONTE', 'LISBOA PT', 'PORTO', 'CURITIBA BR', ''],
};

/** A merchant's name as card processors and banks spell it: an Amazon order number, a processor prefix, a store number, cut short. */
function spelling(name: string, language: Language, prefixed: boolean): string {
  const variants = [
    () => name,
    () => `${name}*${code(6)}`,
    () => `${name} #${digits(4)}`,
    () => name.toLowerCase().replace(/\b\w/g, (letter) => letter.toUpperCase()),
    () => name.replace(/\s+/g, '').slice(0, 18),
  ];
  if (prefixed)
    variants.push(
      () => `${pick(language === 'en' ? ['SQ *', 'TST* ', 'PAYPAL *', 'SP ', 'PY *'] : ['PAYPAL *', 'SUMUP *', 'MP*', 'PAGSEGURO*', 'SQ *'])}${name}`,
    );
  if (name.startsWith('AMZN') || name.startsWith('AMAZON')) {
    variants.push(
      () => `AMZN Mktp US*${code(9)}`,
      () => `AMAZON.COM*${code(7)} AMZN.COM/BILL WA`,
      () => `Amazon.${language === 'en' ? 'com' : language === 'es' ? 'es' : 'com.br'}*${code(6)}`,
    );
  }
  return pick(variants)();
}

/** The bank's narrative around a merchant, by how the money moves and the bank's language. */
function narrative(kind: Kind, name: string, language: Language, sign: number): string {
  const merchant = spelling(name, language, kind === 'card');
  const city = pick(cities[language]);
  const card = digits(4);
  const forms: Record<Kind, Record<Language, (() => string)[]>> = {
    card: {
      en: [
        () => `${merchant} ${city}`,
        () => `POS DEBIT ${merchant} ${city}`,
        () => `DEBIT CARD PURCHASE ${date()} ${merchant}`,
        () => `CHECKCARD ${date()} ${merchant} ${city}`,
        () => `PURCHASE AUTHORIZED ON ${date()} ${merchant} CARD ${card}`,
        () => `RECURRING PAYMENT ${merchant}`,
      ],
      es: [
        () => `COMPRA TARJ. ${card}XXXXXXXX${digits(4)} ${merchant} ${city}`,
        () => `PAGO CON TARJETA ${merchant} ${city}`,
        () => `COMPRA EN ${merchant}, CON LA TARJETA : ${card} EL ${date()}`,
        () => `CARGO TARJETA ${merchant}`,
        () => `${merchant} ${city}`,
      ],
      pt: [
        () => `COMPRA CARTAO DEB MC ${date()} ${merchant} ${city}`,
        () => `COMPRA NO DEBITO ${merchant}`,
        () => `COMPRA CARTAO CREDITO ${merchant} PARC 01/03`,
        () => `ELO DEBITO ${merchant} ${city}`,
        () => `PIX QRS ${merchant} ${date()}`,
        () => `${merchant} ${city}`,
      ],
    },
    debit: {
      en: [
        () => `ACH DEBIT ${merchant} PPD ID: ${digits(10)}`,
        () => `${merchant} AUTOPAY ${digits(6)}`,
        () => `ONLINE PMT ${merchant} CONF# ${code(8)}`,
        () => `${merchant} BILL PAYMENT`,
      ],
      es: [
        () => `ADEUDO SEPA ${merchant} RECIBO ${digits(10)}`,
        () => `RECIBO ${merchant} REF. MANDATO ${code(12)}`,
        () => `ADEUDO RECIBO ${merchant} ${date()}`,
        () => `DOMICILIACION ${merchant}`,
      ],
      pt: [
        () => `DEB AUTOMATICO ${merchant}`,
        () => `PAGTO BOLETO ${merchant} ${digits(8)}`,
        () => `DEBITO DIRETO SEPA ${merchant} REF ${code(10)}`,
        () => `PAGAMENTO CONTA ${merchant}`,
      ],
    },
    payee: {
      en: [
        () => `ACH DEBIT ${merchant} ${digits(8)}`,
        () => `WIRE TRANSFER OUT ${merchant} REF ${code(8)}`,
        () => `ZELLE PAYMENT TO ${merchant} ${code(10)}`,
        () => `ONLINE PAYMENT TO ${merchant}`,
      ],
      es: [
        () => `TRANSFERENCIA SEPA A FAVOR DE ${merchant} CONCEPTO FRA ${digits(4)}`,
        () => `TRANSF. A ${merchant}`,
        () => `BIZUM A ${merchant}`,
        () => `TRANSFERENCIA INMEDIATA ${merchant} ${date()}`,
      ],
      pt: [
        () => `PIX ENVIADO ${merchant}`,
        () => `TED ENVIADA ${merchant} ${digits(6)}`,
        () => `PAGTO BOLETO ${merchant}`,
        () => `TRF SEPA ${merchant} REF ${code(8)}`,
      ],
    },
    in: {
      en: [
        () => `${merchant} ${code(10)}`,
        () => `ACH CREDIT ${merchant} ${digits(8)}`,
        () => `DEPOSIT ${merchant}`,
        () => `REMOTE ONLINE DEPOSIT ${merchant} ${digits(5)}`,
      ],
      es: [
        () => `TRANSFERENCIA SEPA RECIBIDA ${merchant}`,
        () => `ABONO ${merchant} ${digits(6)}`,
        () => `${merchant} REF ${code(8)}`,
        () => `BIZUM DE ${merchant}`,
      ],
      pt: [() => `PIX RECEBIDO ${merchant}`, () => `TED RECEBIDA ${merchant}`, () => `CREDITO ${merchant} ${digits(6)}`, () => `${merchant} ${date()}`],
    },
    bank: {
      en: [() => `${name} ${digits(6)}`, () => `${name} ${date()}`, () => `${name}`, () => `${sign < 0 ? 'ACH DEBIT' : 'ACH CREDIT'} ${name}`],
      es: [
        () => `${name} ${digits(6)}`,
        () => `${name} ${date()}`,
        () => `${name}`,
        () => `${sign < 0 ? 'TRANSFERENCIA SEPA' : 'TRANSFERENCIA SEPA RECIBIDA'} ${name}`,
      ],
      pt: [() => `${name} ${digits(6)}`, () => `${name} ${date()}`, () => `${name}`, () => `${sign < 0 ? 'PIX ENVIADO' : 'PIX RECEBIDO'} ${name}`],
    },
  };
  return pick(forms[kind][language])().replace(/\s+/g, ' ').trim();
}

const letters: Record<string, Language> = { e: 'en', s: 'es', p: 'pt' };
const rows: { row: LabelledRow; group: string; category: CategoryKey }[] = [];
for (const category of categoryKeys) {
  const template = templates[category];
  for (const entry of template.groups) {
    const [name, langs = 'esp', kind = template.kind] = entry.split('|') as [string, string?, Kind?];
    const languages = [...langs].map((letter) => letters[letter]!);
    for (let index = 0; index < linesPerGroup; index++) {
      const language = languages[index % languages.length]!;
      const sign = template.sign === 'both' ? (next() < 0.5 ? -1 : 1) : template.sign;
      const [low, high] = template.amount;
      const dollars = Math.exp(Math.log(low) + next() * (Math.log(high) - Math.log(low)));
      rows.push({
        row: [narrative(kind, name, language, sign), null, (sign * Math.round(dollars * 100)) / 100, category, language, name],
        group: name,
        category,
      });
    }
  }
}

/**
 * The split, by group within each category so every category is held out: of each category's
 * groups in a seeded order, one in five is held out for the test, the rest are the base set
 * the app learns (its confidence is fitted on the base set's groups by cross-validation).
 */
const heldOut = new Set<string>();
for (const category of categoryKeys) {
  const groups = templates[category].groups.map((entry) => entry.split('|')[0]!);
  const order = groups.map((group) => ({ group, key: next() })).sort((a, b) => a.key - b.key);
  order.forEach(({ group }, index) => index % 5 === 0 && heldOut.add(`${category}|${group}`));
}
const of = (test: boolean) => rows.filter(({ group, category }) => heldOut.has(`${category}|${group}`) === test).map(({ row }) => row);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const write = (file: string, data: object) => writeFileSync(path.join(root, file), `${JSON.stringify(data).replace(/\],\[/g, '],\n[')}\n`);
const [base, test] = [of(false), of(true)];
write('workers/categoriser/base-lines.json', { lines: base, temperature: fitBaseTemperature(base) });
write('tests/fixtures/categoriser/held-out-lines.json', { test });
console.log(`${rows.length} lines: base ${base.length}, held out ${test.length}`);
