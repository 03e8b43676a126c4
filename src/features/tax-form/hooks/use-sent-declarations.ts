import type { TaxDocument } from '@domain/tax-form';
import { companyPageKey } from '@sync/client/company-caches';
import { useOfflineQuery, type CachedPageState } from '@src/lib/query/use-offline-query';
import { listTaxDocuments } from '../api/tax-form-api';

/**
 * A company's sent declarations (GET /accounting/tax-documents/{id}) as the API last gave
 * them (`pageCache`, so the list reads offline after one online visit); `reload` after sending.
 */
export function useSentDeclarations(companyId: string | null): { state: CachedPageState<TaxDocument[]>; reload: () => void } {
  return useOfflineQuery(companyId ? companyPageKey(companyId, 'taxDocuments') : null, (signal) => listTaxDocuments(companyId!, signal));
}
