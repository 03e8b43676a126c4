import type { Transaction } from './bookkeeping';

/**
 * A transaction for tests, benchmarks and browser seeds: an uncategorised, unchecked manual
 * expense of company `c0…` with `overrides`. The one builder the client's unit tests, the
 * server's sync tests and the browser tests share.
 */
export function testTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: crypto.randomUUID(),
    companyId: '00000000-0000-4000-8000-0000000000c0',
    date: '2026-03-02',
    description: 'AWS invoice',
    amountCents: -12_345,
    accountKind: null,
    accountId: null,
    category: null,
    merchant: null,
    note: '',
    checked: false,
    receipt: null,
    blocked: false,
    importId: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

/** The fields of a manual transaction as the bookkeeping mutators take them (`createTransaction`'s form), with `overrides`. */
export function transactionForm(overrides: Record<string, unknown> = {}) {
  const { date, description, amountCents, accountKind, accountId, category, merchant, note } = testTransaction();
  return { date, description, amountCents, accountKind, accountId, category, merchant, note, ...overrides };
}
