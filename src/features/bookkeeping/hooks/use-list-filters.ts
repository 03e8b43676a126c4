import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
 *
 * The URL is written after the frame that shows the change, once for the choices made until
 * then: a URL change costs the browser more than the list's whole render (it resolves every
 * link of the page again), and the router renders the layouts for it.
 */
export function useListFilters(): [TransactionFilters, (next: TransactionFilters) => void] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const fromUrl = useMemo(() => parseFilters(params), [params]);
  const [chosen, setChosen] = useState<TransactionFilters | null>(null);

  const unwritten = useRef<TransactionFilters | null>(null);
  const writeLater = useRef<number | null>(null);

  // Each navigation has its own key; only a new location is looked at, not a new choice.
  const external = !isOwnWrite(location.state);
  useEffect(() => {
    if (!external) return;
    setChosen(null);
    unwritten.current = null;
  }, [location.key, external]);

  useEffect(
    () => () => {
      // Leaving the page: its last choice stays unwritten rather than land on the next page's URL.
      if (writeLater.current !== null) cancelAnimationFrame(writeLater.current);
      writeLater.current = null;
      unwritten.current = null;
    },
    [],
  );
  const choose = useCallback(
    (next: TransactionFilters) => {
      setChosen(next);
      unwritten.current = next;
      writeLater.current ??= requestAnimationFrame(() => {
        writeLater.current = null;
        // A task posted in the frame runs after its paint.
        setTimeout(() => {
          const filters = unwritten.current;
          unwritten.current = null;
          if (filters) setParams((current) => writeFilters(filters, current), { replace: true, state: ownWrite });
        });
      });
    },
    [setParams],
  );
  return [chosen ?? fromUrl, choose];
}
