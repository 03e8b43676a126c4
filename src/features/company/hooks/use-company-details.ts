import type { CompanyDetail } from '@domain/company-views';
import type { CompanyDocument } from '@domain/files';
import type { CompanyRenewal } from '@domain/renewal';
import { companyPageKey } from '@sync/client/company-caches';
import { useOfflineQuery, type CachedPageState } from '@src/lib/query/use-offline-query';
import { getCompany, getRenewal, listDocuments } from '../api/company-api';

/** What company details shows, as the API last answered it. */
export interface CompanyPage {
  company: CompanyDetail;
  documents: CompanyDocument[];
  renewal: CompanyRenewal;
}

export type CompanyPageState = CachedPageState<CompanyPage>;

const loadPage = async (companyId: string, signal: AbortSignal): Promise<CompanyPage> => {
  const [company, documents, renewal] = await Promise.all([getCompany(companyId, signal), listDocuments(companyId, signal), getRenewal(companyId, signal)]);
  return { company, documents, renewal };
};

/**
 * A company's details, documents and renewal: from this device at once (read offline after
 * one online visit, `pageCache`), refreshed from the API whenever it answers. `reload` reads
 * the API again after a change (an upload, a delete, a renewal).
 */
export function useCompanyPage(companyId: string): { state: CompanyPageState; reload: () => void } {
  return useOfflineQuery(companyPageKey(companyId), (signal) => loadPage(companyId, signal));
}
