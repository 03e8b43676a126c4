import { describe, expect, it } from 'vitest';
import { blockingTransactions } from '@domain/tax-form';
import { testTransaction } from '@domain/transaction-fixture';
import { compareTransactions, filterTransactions, searchTextOf } from '@src/features/bookkeeping/filter-engine';
import { parseFilters } from '@src/features/bookkeeping/filters';
import { blockingRowsLinks } from './blocking-rows';

// The confirmation links the rows that stop the declaration: opened in the bookkeeping list,
// the two links show exactly the year's uncategorised or unchecked rows, nothing else.

const rows = [
  testTransaction({ id: 'uncategorised', date: '2025-03-01', category: null, checked: true }),
  testTransaction({ id: 'unchecked', date: '2025-06-30', category: 'sales', checked: false }),
  testTransaction({ id: 'both', date: '2025-12-31', category: null, checked: false }),
  testTransaction({ id: 'done', date: '2025-01-01', category: 'software', checked: true }),
  testTransaction({ id: 'last year', date: '2024-12-31', category: null, checked: false }),
  testTransaction({ id: 'this year', date: '2026-01-01', category: null, checked: false }),
].sort(compareTransactions);
const source = { rows, search: rows.map(searchTextOf) };

/** The ids the bookkeeping list shows for a link (on any day). */
const shownBy = (link: string) => {
  const url = new URL(link, 'https://alta.example');
  return [...filterTransactions(source, parseFilters(url.searchParams), '2026-11-22').order].map((index) => rows[index]!.id);
};

describe('links to the rows blocking the declaration', () => {
  it('open the bookkeeping list of the company on exactly the year’s uncategorised and unchecked rows', () => {
    const links = blockingRowsLinks('pt', 'c1', 2025);
    expect(new URL(links.unchecked, 'https://alta.example').pathname).toBe('/pt/accounting-ai/bookkeeping');
    expect(new URL(links.unchecked, 'https://alta.example').searchParams.get('company')).toBe('c1');
    expect(shownBy(links.uncategorised).sort()).toEqual(['both', 'uncategorised']);
    expect(shownBy(links.unchecked).sort()).toEqual(['both', 'unchecked']);
    // The counts the confirmation shows are the links' rows.
    expect(blockingTransactions(rows, 2025)).toEqual({ uncategorised: shownBy(links.uncategorised).length, unchecked: shownBy(links.unchecked).length });
  });
});
