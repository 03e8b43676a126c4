import type { ReturnFacts } from '@domain/tax-form';
import { companyPageKey } from '@sync/client/company-caches';
import { useOfflineQuery, type CachedPageState } from '@src/lib/query/use-offline-query';
import { fetchReturnFacts } from '../api/tax-form-api';

/**
 * A company's return for last year as Alta's server states it (GET /accounting/tax-info/{id}):
 * its forms, the deadline ahead and whether it was sent; kept on the device (`pageCache`) so it
 * reads offline after one online visit; `reload` after sending.
 */
export function useReturnFacts(companyId: string | null): { state: CachedPageState<ReturnFacts>; reload: () => void } {
  return useOfflineQuery(companyId ? companyPageKey(companyId, 'taxInfo') : null, (signal) => fetchReturnFacts(companyId!, signal));
}
