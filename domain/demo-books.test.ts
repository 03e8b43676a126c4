import { describe, expect, it } from 'vitest';
import { manualAccountSchema, transactionSchema } from './bookkeeping';
import { demoBooks } from './demo-books';

const companyId = '00000000-0000-4000-8000-0000000000c0';

describe('demo books', () => {
  it('is a valid, deterministic year of books ending on the given day', () => {
    const books = demoBooks(companyId, '2026-11-22');
    expect(demoBooks(companyId, '2026-11-22')).toEqual(books);
    expect(books.transactions.length).toBeGreaterThan(300);
    for (const account of books.accounts) expect(manualAccountSchema.parse(account)).toEqual(account);
    for (const transaction of books.transactions) expect(transactionSchema.parse(transaction)).toEqual(transaction);
    expect(new Set(books.transactions.map((row) => row.id)).size).toBe(books.transactions.length);
    const dates = books.transactions.map((row) => row.date);
    expect(dates.every((date) => date > '2025-11-22' && date <= '2026-11-22')).toBe(true);
  });

  it('leaves the last weeks for the bookkeeper and has income, expenses and every kind of line', () => {
    const { transactions } = demoBooks(companyId, '2026-11-22');
    const recent = transactions.filter((row) => row.date > '2026-11-01');
    expect(recent.some((row) => row.category === null)).toBe(true);
    expect(recent.every((row) => !row.checked)).toBe(true);
    expect(transactions.filter((row) => row.date < '2026-10-01').every((row) => row.category !== null)).toBe(true);
    expect(transactions.some((row) => row.amountCents > 0)).toBe(true);
    expect(new Set(transactions.map((row) => row.category)).size).toBeGreaterThan(15);
  });
});
