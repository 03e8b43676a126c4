import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import type { CompanySummary } from '@domain/company';
import { currentUserDatabase } from '@sync/client/db';
import { useCurrentUser } from '@src/features/session/session-store';
import { withRetry } from '@src/lib/api';
import { listCompanies } from '../api/companies-api';
import { cacheCompanies, cachedCompanies } from '../db/companies';

/**
 * The user's companies with their name, status, plan and order number: from this device's
 * database at once (so they open offline), refreshed from the API whenever it answers. Null
 * only before either has answered, or when neither has any list (the page then lists the
 * ids of the profile).
 */
export function useCompanies(): CompanySummary[] | null {
  const user = useCurrentUser();
  const db = useMemo(() => (user ? currentUserDatabase() : null), [user]);
  const cached = useLiveQuery(async () => (db ? cachedCompanies(db).catch(() => null) : null), [db]);
  const [fetched, setFetched] = useState<CompanySummary[] | null>(null);
  useEffect(() => {
    // Signed out (logging out from this page): nothing to ask, the answer would be a 401.
    if (!db) return;
    const abort = new AbortController();
    // SPEC §8 "load errors: companies": retried like the other dashboard reads, then the cached list.
    withRetry(() => listCompanies(abort.signal)).then(
      (items) => {
        if (abort.signal.aborted || !items) return;
        setFetched(items);
        // IndexedDB may be unavailable (some private modes): only the offline copy is lost.
        void cacheCompanies(db, items).catch(() => undefined);
      },
      () => undefined,
    );
    return () => abort.abort();
  }, [db]);
  if (fetched) return fetched;
  // An empty cache says nothing yet (the first visit): the profile's ids are better than no list.
  return cached && cached.length > 0 ? cached : null;
}
