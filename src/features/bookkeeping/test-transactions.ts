import type { Transaction } from '@domain/bookkeeping';

/** A transaction for tests: an uncategorised, unchecked expense of company `c0…` with `overrides`. */
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
