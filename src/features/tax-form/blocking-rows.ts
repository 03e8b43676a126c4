import type { Language } from '@domain/constants';
import { noFilters, writeFilters, type TransactionFilters } from '@src/features/bookkeeping/filters';
import { href, paths } from '@src/lib/paths';

/**
 * The bookkeeping list, filtered to the tax year's transactions that stop the declaration
 * (SPEC §4): one link to the uncategorised ones, one to the unchecked ones; together exactly
 * the rows to fix, in the list's own URL filters.
 */
export function blockingRowsLinks(language: Language, companyId: string, taxYear: number): { uncategorised: string; unchecked: string } {
  const year: TransactionFilters = { ...noFilters, period: 'custom', from: `${taxYear}-01-01`, to: `${taxYear}-12-31` };
  const link = (filters: TransactionFilters) =>
    `${href(language, paths.bookkeeping)}?${writeFilters(filters, new URLSearchParams({ company: companyId })).toString()}`;
  return { uncategorised: link({ ...year, category: 'uncategorised' }), unchecked: link({ ...year, checked: 'unchecked' }) };
}
