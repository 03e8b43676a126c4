import { useCallback, useEffect, useState } from 'react';
import type { PlanCatalog } from '@domain/plans';
import { cachedPlanCatalog, fetchPlanCatalog } from '../api/plans-api';

export interface PlanCatalogState {
  /** The freshest catalog known: the server's, or the saved copy while offline. */
  catalog: PlanCatalog | null;
  /** True while a fetch is under way. */
  loading: boolean;
  /** The last fetch failed (offline, server down); the saved copy, if any, is still shown. */
  failed: boolean;
  /** Fetches the catalog again (after `price_mismatch`, or when the visitor asks); resolves to it. */
  refresh(): Promise<PlanCatalog | null>;
}

/** The price list for a wizard: the saved copy once read, then the server's as soon as it answers. */
export function usePlanCatalog(): PlanCatalogState {
  const [catalog, setCatalog] = useState<PlanCatalog | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      const fresh = await fetchPlanCatalog();
      setFailed(fresh === null);
      if (fresh) setCatalog(fresh);
      return fresh;
    } catch {
      // A malformed or refused answer: keep what is known and say it failed.
      setFailed(true);
      return null;
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    // The saved copy never replaces the server's, whichever answers first.
    void cachedPlanCatalog().then((saved) => setCatalog((known) => known ?? saved));
    void refresh();
  }, [refresh]);

  return { catalog, loading, failed, refresh };
}
