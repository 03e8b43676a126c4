import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CompanyDetail } from '@domain/company';
import type { CompanyDocument } from '@domain/files';
import type { CompanyRenewal } from '@domain/renewal';
import { companyPageKey } from '@sync/client/company-caches';
import { currentUserDatabase } from '@sync/client/db';
import { useCurrentUser } from '@src/features/session/session-store';
import { ApiError, withRetry } from '@src/lib/api';
import { getCompany, getRenewal, listDocuments } from '../api/company-api';

/** What company details shows, as the API last answered it. */
export interface CompanyPage {
  company: CompanyDetail;
  documents: CompanyDocument[];
  renewal: CompanyRenewal;
}

const cacheKey = companyPageKey;

export type CompanyPageState =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed' }
  | { kind: 'ready'; page: CompanyPage; cachedAt: string | null };

/**
 * A company's details, documents and renewal: from this device at once (read offline after
 * one online visit, `pageCache`), refreshed from the API whenever it answers. `reload` reads
 * the API again after a change (an upload, a delete, a renewal).
 */
export function useCompanyPage(companyId: string): { state: CompanyPageState; reload: () => void } {
  const user = useCurrentUser();
  const db = useMemo(() => (user ? currentUserDatabase() : null), [user]);
  const cached = useLiveQuery(async () => (db ? ((await db.pageCache.get(cacheKey(companyId)).catch(() => undefined)) ?? null) : null), [db, companyId]);
  const [fetched, setFetched] = useState<CompanyPage | null>(null);
  const [outcome, setOutcome] = useState<'pending' | 'missing' | 'failed' | 'done'>('pending');
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((value) => value + 1), []);

  useEffect(() => {
    if (!db) return;
    const abort = new AbortController();
    const load = async () => {
      const [company, documents, renewal] = await Promise.all([getCompany(companyId, abort.signal), listDocuments(companyId, abort.signal), getRenewal(companyId, abort.signal)]);
      return { company, documents, renewal };
    };
    withRetry(load).then(
      (page) => {
        if (abort.signal.aborted) return;
        if (!page) return setOutcome('failed');
        setFetched(page);
        setOutcome('done');
        void db.pageCache.put({ key: cacheKey(companyId), value: page, cachedAt: new Date().toISOString() }).catch(() => undefined);
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        // Not the caller's company (or no longer): nothing is shown, and the stale copy goes.
        if (error instanceof ApiError && error.status === 404) {
          setOutcome('missing');
          void db.pageCache.delete(cacheKey(companyId)).catch(() => undefined);
        } else setOutcome('failed');
      },
    );
    return () => abort.abort();
  }, [db, companyId, round]);

  if (outcome === 'missing') return { state: { kind: 'missing' }, reload };
  if (fetched) return { state: { kind: 'ready', page: fetched, cachedAt: null }, reload };
  if (cached) return { state: { kind: 'ready', page: cached.value as CompanyPage, cachedAt: cached.cachedAt }, reload };
  return { state: outcome === 'failed' ? { kind: 'failed' } : { kind: 'loading' }, reload };
}
