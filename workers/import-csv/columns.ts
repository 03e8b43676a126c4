import { looksLikeAmount } from '@domain/amounts';
import { looksLikeDate } from './dates';

/**
 * Finds which column of a bank export holds what: by header names in Spanish, Portuguese
 * and English (Fecha / Data / Date, Descripción / Descrição / Description, Importe / Monto
 * / Valor / Amount, Débito / Crédito / Debit / Credit, …), skipping preamble lines above the
 * header, or by content when the file has no header at all.
 */

export interface ColumnMap {
  /** Index of the header row among the rows looked at; null for a file without header. */
  headerRow: number | null;
  date: number;
  description: number;
  /** One signed amount column, or separate debit (money out) and credit (money in) columns. */
  amount: { kind: 'signed'; column: number } | { kind: 'split'; debit: number | null; credit: number | null };
  merchant: number | null;
}

type Role = 'balance' | 'date' | 'debit' | 'credit' | 'amount' | 'description' | 'merchant' | 'ignored';

/** Normalises a header: lower case, no accents, words separated by single spaces. */
export function normaliseHeader(header: string): string {
  return header
    .replace(/^\ufeff/, '')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Keywords of each role, as normalised headers or single words of one. 'ignored' names
// columns that must never be taken for another role ('Número de referencia', 'Tipo').
const keywords: [Role, string[]][] = [
  [
    'ignored',
    [
      'referencia',
      'reference',
      'ref',
      'id',
      'numero',
      'number',
      'documento',
      'document',
      'cheque',
      'check',
      'category',
      'categoria',
      'tipo',
      'type',
      'status',
      'estado',
      'currency',
      'moneda',
      'moeda',
      'account',
      'cuenta',
      'conta',
    ],
  ],
  ['balance', ['saldo', 'balance', 'running balance', 'disponible', 'disponivel']],
  ['date', ['fecha operacion', 'data lancamento', 'data movimento', 'transaction date', 'posting date', 'fecha', 'data', 'date', 'dia', 'posted']],
  [
    'debit',
    [
      'debito',
      'debitos',
      'debit',
      'debits',
      'cargo',
      'cargos',
      'retiro',
      'retiros',
      'withdrawal',
      'withdrawals',
      'saida',
      'saidas',
      'egreso',
      'egresos',
      'money out',
      'paid out',
      'out',
    ],
  ],
  [
    'credit',
    [
      'credito',
      'creditos',
      'credit',
      'credits',
      'abono',
      'abonos',
      'deposito',
      'depositos',
      'deposit',
      'deposits',
      'entrada',
      'entradas',
      'ingreso',
      'ingresos',
      'money in',
      'paid in',
      'in',
    ],
  ],
  ['amount', ['importe', 'monto', 'valor', 'amount', 'total', 'value', 'quantia']],
  ['merchant', ['merchant', 'comercio', 'establecimiento', 'estabelecimento', 'payee', 'beneficiario', 'favorecido']],
  [
    'description',
    [
      'descripcion',
      'descricao',
      'description',
      'concepto',
      'historico',
      'lancamento',
      'narrative',
      'memo',
      'detalle',
      'detalles',
      'details',
      'movimiento',
      'movimento',
      'transaccion',
      'transacao',
      'transaction',
      'observacion',
      'operacion',
      'operacao',
    ],
  ],
];

// Words that qualify the noun after them ('Transaction date') rather than name a column.
const modifiers = new Set(['transaction', 'transaccion', 'transacao', 'posting', 'money', 'paid']);

/** The role a keyword names and its rank in that role's list (lower is a stronger name). */
function roleOfWord(word: string): { role: Role; rank: number } | null {
  for (const [role, list] of keywords) {
    const rank = list.indexOf(word);
    if (rank !== -1) return { role, rank };
  }
  return null;
}

/**
 * The role a header names: the whole header when it is a keyword ('Money out', 'Fecha
 * operación'), else its first word (es and pt put the noun first: 'Fecha valor', 'Valor
 * (R$)', 'Saldo disponible'), else its last word (en puts it last: 'Transaction date').
 */
export function roleOfHeader(header: string): { role: Role; rank: number } | null {
  const normalised = normaliseHeader(header);
  if (!normalised) return null;
  const words = normalised.split(' ');
  const first = words[0]!;
  return roleOfWord(normalised) ?? (modifiers.has(first) ? null : roleOfWord(first)) ?? roleOfWord(words[words.length - 1]!);
}

/** Tries a row as the header; returns the column map it implies, or null when it is not one. */
export function mapFromHeader(cells: string[], headerRow: number): ColumnMap | null {
  const roles = cells.map(roleOfHeader);
  // The column that names a role best ('Description' over 'Details'), the leftmost on a tie.
  const best = (role: Role, except: number | null = null) => {
    let found: number | null = null;
    roles.forEach((candidate, index) => {
      if (candidate?.role !== role || index === except) return;
      if (found === null || candidate.rank < roles[found]!.rank) found = index;
    });
    return found;
  };
  const date = best('date');
  const description = best('description') ?? best('merchant');
  const amount = best('amount');
  const debit = best('debit');
  const credit = best('credit');
  if (date === null || description === null) return null;
  const merchant = best('merchant', description);
  if (debit !== null || credit !== null) {
    // An amount column beside a single debit or credit column is the signed amount; the other is a label.
    if (amount !== null && (debit === null || credit === null)) return { headerRow, date, description, amount: { kind: 'signed', column: amount }, merchant };
    return { headerRow, date, description, amount: { kind: 'split', debit, credit }, merchant };
  }
  if (amount === null) return null;
  return { headerRow, date, description, amount: { kind: 'signed', column: amount }, merchant };
}

const share = (values: string[], test: (value: string) => boolean) => {
  const filled = values.filter((value) => value.trim() !== '');
  return filled.length === 0 ? 0 : filled.filter(test).length / filled.length;
};

/**
 * Maps a file without header from its content: the date column is the one whose cells
 * read as dates, the description the most wordy remaining column, the amount the first
 * numeric one after it; two numeric columns that are never both filled are debit and credit.
 */
export function mapFromContent(rows: string[][]): ColumnMap | null {
  const width = Math.max(0, ...rows.map((row) => row.length));
  const columns = Array.from({ length: width }, (_, index) => rows.map((row) => row[index] ?? ''));
  const date = columns.findIndex((values) => share(values, looksLikeDate) >= 0.8);
  if (date === -1) return null;
  const numeric = columns.map((values, index) => index !== date && share(values, looksLikeAmount) >= 0.8 && values.some((value) => value.trim() !== ''));
  const letters = (value: string) => (value.match(/\p{L}/gu) ?? []).length;
  let description = -1;
  let mostLetters = 0;
  columns.forEach((values, index) => {
    if (index === date || numeric[index]) return;
    const total = values.reduce((sum, value) => sum + letters(value), 0);
    if (total > mostLetters) [description, mostLetters] = [index, total];
  });
  if (description === -1) return null;
  const amounts = numeric.flatMap((isNumeric, index) => (isNumeric ? [index] : []));
  if (amounts.length === 0) return null;
  const [a, b] = amounts;
  if (b !== undefined) {
    const exclusive = rows.filter((row) => ((row[a!] ?? '').trim() === '') !== ((row[b] ?? '').trim() === '')).length;
    // Debit before credit is the convention of every bank export we know (Cargo/Abono, Débito/Crédito, Debit/Credit).
    if (exclusive / rows.length >= 0.9) return { headerRow: null, date, description, amount: { kind: 'split', debit: a!, credit: b }, merchant: null };
  }
  return { headerRow: null, date, description, amount: { kind: 'signed', column: a! }, merchant: null };
}

/**
 * Finds the header among the first rows (bank exports often start with account and period
 * lines), or maps the file by content when no row is a header. `rows` are the first
 * non-empty rows of the file.
 */
export function detectColumns(rows: string[][]): ColumnMap | null {
  for (const [index, row] of rows.entries()) {
    const map = mapFromHeader(row, index);
    if (map) return map;
  }
  // Without a header, preamble rows would spoil the content check: use the widest rows only.
  const width = Math.max(0, ...rows.map((row) => row.length));
  return mapFromContent(rows.filter((row) => row.length === width));
}
