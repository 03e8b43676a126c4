import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseFilters, writeFilters, type TransactionFilters } from '../filters';

const keyOf = (filters: TransactionFilters) => writeFilters(filters).toString();

/**
 * The list's filters, kept in the URL (a link, a reload or the back button brings them back).
 *
 * A change is shown from state at once, in the task of the keystroke or click, and the URL
 * follows. The router applies every URL change as a transition, which React renders in slices
 * spread over several frames: a list drawn from the URL alone painted a filter change 50 to
 * 100 ms late on 50,000 rows. A URL this page did not write (a link to other filters, the
 * sidebar's link to the plain list) wins over the state.
 */
export function useListFilters(): [TransactionFilters, (next: TransactionFilters) => void] {
  const [params, setParams] = useSearchParams();
  const fromUrl = useMemo(() => parseFilters(params), [params]);
  const [chosen, setChosen] = useState<TransactionFilters | null>(null);
  // The URLs of the choices the router has not caught up with yet, and the one before them.
  const written = useRef(new Set<string>());
  const urlKey = keyOf(fromUrl);
  const urlKeyRef = useRef(urlKey);
  urlKeyRef.current = urlKey;

  useEffect(() => {
    if (chosen === null) return;
    if (urlKey === keyOf(chosen)) written.current = new Set([urlKey]);
    else if (!written.current.has(urlKey)) {
      written.current.clear();
      setChosen(null);
    }
  }, [chosen, urlKey]);

  const choose = useCallback(
    (next: TransactionFilters) => {
      written.current.add(urlKeyRef.current);
      written.current.add(keyOf(next));
      setChosen(next);
      setParams((current) => writeFilters(next, current), { replace: true });
    },
    [setParams],
  );
  return [chosen ?? fromUrl, choose];
}
