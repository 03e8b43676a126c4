import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { parseFilters, writeFilters, type TransactionFilters } from '../filters';

/** The history state of the URLs this hook writes: how it tells its own URLs from the others. */
const ownWrite = { listFilters: true } as const;
const isOwnWrite = (state: unknown) => typeof state === 'object' && state !== null && (state as { listFilters?: unknown }).listFilters === true;

/**
 * The list's filters, kept in the URL (a link, a reload or the back button brings them back).
 *
 * A change is shown from state at once, in the task of the keystroke or click, and the URL
 * follows. The router applies every URL change as a transition, which React renders in slices
 * spread over several frames: a list drawn from the URL alone painted a filter change 50 to
 * 100 ms late on 50,000 rows. On a big list the URLs also land several changes late, one after
 * the other, so only a URL this page did not write (a link to other filters, the sidebar's link
 * to the plain list, the back button) replaces the filters chosen here; one of its own, however
 * late, never takes the person's latest choice back.
 */
export function useListFilters(): [TransactionFilters, (next: TransactionFilters) => void] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const fromUrl = useMemo(() => parseFilters(params), [params]);
  const [chosen, setChosen] = useState<TransactionFilters | null>(null);

  // Each navigation has its own key; only a new location is looked at, not a new choice.
  const external = !isOwnWrite(location.state);
  useEffect(() => {
    if (external) setChosen(null);
  }, [location.key, external]);

  const choose = useCallback(
    (next: TransactionFilters) => {
      setChosen(next);
      setParams((current) => writeFilters(next, current), { replace: true, state: ownWrite });
    },
    [setParams],
  );
  return [chosen ?? fromUrl, choose];
}
