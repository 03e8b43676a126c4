import { useEffect, useState } from 'react';
import type { CompanySummary } from '@domain/company';
import { withRetry } from '@src/lib/api';
import { listCompanies } from '../api/companies-api';

/**
 * The user's companies with their name, status, plan and order number. Null while loading
 * and when the API cannot be reached (offline): the page then lists the ids it has from the
 * profile, as before.
 */
export function useCompanies(): CompanySummary[] | null {
  const [companies, setCompanies] = useState<CompanySummary[] | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    // SPEC §8 "load errors: companies": retried like the other dashboard reads, then the offline list.
    withRetry(() => listCompanies(abort.signal)).then(
      (items) => {
        if (!abort.signal.aborted && items) setCompanies(items);
      },
      () => undefined,
    );
    return () => abort.abort();
  }, []);
  return companies;
}
