import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { currentUserDatabase } from '@sync/client/db';
import { useCurrentUser } from '@src/features/session/session-store';
import { ApiError, withRetry } from './api';

export type CachedPageState<T> = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed' } | { kind: 'ready'; page: T; cachedAt: string | null };

/**
 * An online-only page read offline after one online visit (`pageCache`, decision 025): this
 * device's copy at once, refreshed from the API whenever it answers (retried like the other
 * dashboard reads). A 404 (not the caller's any more) shows nothing and drops the copy.
 * Once the API's answer is stored, the page is read live from the copy: when the sync engine
 * drops it (the user left the company's team), the open screen shows it missing at once.
 * `reload` reads the API again after a change. `key` null waits (nothing to load yet).
 */
export function useCachedPage<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): { state: CachedPageState<T>; reload: () => void } {
  const user = useCurrentUser();
  const db = useMemo(() => (user ? currentUserDatabase() : null), [user]);
  const cached = useLiveQuery(async () => (db && key ? ((await db.pageCache.get(key).catch(() => undefined)) ?? null) : null), [db, key]);
  const [fetched, setFetched] = useState<{ key: string; page: T; storedAt: string | null } | null>(null);
  // The key whose stored answer the live read has shown: from then on the copy is the page.
  const [live, setLive] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ key: string | null; value: 'pending' | 'missing' | 'failed' | 'done' }>({ key, value: 'pending' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((value) => value + 1), []);

  useEffect(() => {
    if (!db || !key) return;
    const abort = new AbortController();
    withRetry(() => load(abort.signal)).then(
      (page) => {
        if (abort.signal.aborted) return;
        if (!page) return setOutcome({ key, value: 'failed' });
        setFetched({ key, page, storedAt: null });
        setOutcome({ key, value: 'done' });
        const cachedAt = new Date().toISOString();
        // IndexedDB may be unavailable (some private modes): the answer is then shown as it came.
        db.pageCache.put({ key, value: page, cachedAt }).then(
          () => !abort.signal.aborted && setFetched({ key, page, storedAt: cachedAt }),
          () => undefined,
        );
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) {
          setOutcome({ key, value: 'missing' });
          void db.pageCache.delete(key).catch(() => undefined);
        } else setOutcome({ key, value: 'failed' });
      },
    );
    return () => abort.abort();
    // `load` is the caller's inline function: the key names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, key, round]);

  const storedAt = fetched?.key === key ? fetched.storedAt : null;
  useEffect(() => {
    if (key && storedAt && cached && cached.cachedAt >= storedAt) setLive(key);
  }, [key, storedAt, cached]);

  const current = outcome.key === key ? outcome.value : 'pending';
  if (current === 'missing') return { state: { kind: 'missing' }, reload };
  if (live === key && cached !== undefined) return { state: cached ? { kind: 'ready', page: cached.value as T, cachedAt: null } : { kind: 'missing' }, reload };
  if (fetched && fetched.key === key) return { state: { kind: 'ready', page: fetched.page, cachedAt: null }, reload };
  if (cached) return { state: { kind: 'ready', page: cached.value as T, cachedAt: cached.cachedAt }, reload };
  return { state: current === 'failed' ? { kind: 'failed' } : { kind: 'loading' }, reload };
}
