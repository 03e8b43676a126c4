import { describe, expect, it } from 'vitest';
import { analyticsOf, monthsBetween } from './analytics';
import { compareTransactions } from './filter-engine';
import { testTransaction } from '@domain/transaction-fixture';

const rows = [
  testTransaction({ date: '2026-11-10', amountCents: 500_000, category: 'sales', checked: true }),
  testTransaction({ date: '2026-11-03', amountCents: -20_000, category: 'software', checked: true }),
  testTransaction({ date: '2026-10-28', amountCents: -5_000, category: null }),
  testTransaction({ date: '2026-10-02', amountCents: -80_000, category: 'rent' }),
  testTransaction({ date: '2026-10-01', amountCents: 1_000_000, category: 'ownerContribution', checked: true }),
  testTransaction({ date: '2026-09-30', amountCents: -100_000, category: 'transfer', checked: true }),
  testTransaction({ date: '2025-06-01', amountCents: -7_000, category: 'meals', checked: true }),
].sort(compareTransactions);

describe('accounting home analytics', () => {
  it('lists every month of the period, even empty ones', () => {
    expect(monthsBetween('2025-11-23', '2026-02-10')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('adds income, expenses and profit per month, leaving capital and transfers out', () => {
    const figures = analyticsOf(rows, 'last3Months', '2026-11-22');
    expect(figures.months).toEqual([
      { month: '2026-08', incomeCents: 0, expensesCents: 0, profitCents: 0 },
      { month: '2026-09', incomeCents: 0, expensesCents: 0, profitCents: 0 },
      { month: '2026-10', incomeCents: 0, expensesCents: 85_000, profitCents: -85_000 },
      { month: '2026-11', incomeCents: 500_000, expensesCents: 20_000, profitCents: 480_000 },
    ]);
    expect([figures.incomeCents, figures.expensesCents, figures.profitCents]).toEqual([500_000, 105_000, 395_000]);
  });

  it('ranks expense categories (uncategorised too), keeps the latest transactions and counts what needs work', () => {
    const figures = analyticsOf(rows, 'last12Months', '2026-11-22');
    expect(figures.topCategories).toEqual([
      { category: 'rent', cents: 80_000, share: 80_000 / 105_000 },
      { category: 'software', cents: 20_000, share: 20_000 / 105_000 },
      { category: null, cents: 5_000, share: 5_000 / 105_000 },
    ]);
    expect(figures.recent.map((row) => row.date)).toEqual(['2026-11-10', '2026-11-03', '2026-10-28', '2026-10-02', '2026-10-01', '2026-09-30']);
    expect([figures.uncategorisedCount, figures.uncheckedCount]).toEqual([1, 2]);
    expect(analyticsOf(rows, 'previousYear', '2026-11-22')).toMatchObject({ expensesCents: 7_000, uncheckedCount: 0 });
  });
});
