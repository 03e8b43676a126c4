import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { currentUserDatabase } from '@sync/client/db';
import { useCurrentUser } from '@src/features/session/session-store';
import { ApiError } from '../api';
import { useOnlineStatus } from '../use-online-status';
import { useCacheRestored } from './query-provider';

export type CachedPageState<T> = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed' } | { kind: 'ready'; page: T; cachedAt: string | null };

/**
 * An online-only page read offline after one online visit (decision 025): a query kept on the
 * device (`meta.offline`, `page-persister.ts`), shown at once from the copy and read again from
 * the API whenever the screen opens (retried per SPEC §7). `cachedAt` is the copy's time while
 * it is what there is: offline, or the API failed this visit (not while its first request is on
 * its way online). A 404 (not the caller's any more) shows nothing and drops the
 * copy, and so does the sync engine dropping the copy while the screen is open (the user left
 * the company's team). `key` is the page's `pageCache` key; null waits (nothing to load yet).
 */
export function useOfflineQuery<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): { state: CachedPageState<T>; reload: () => void } {
  const user = useCurrentUser();
  const db = useMemo(() => (user ? currentUserDatabase() : null), [user]);
  const restored = useCacheRestored();
  const online = useOnlineStatus();
  // It waits for the device's copy to be back in the cache, so the copy shows while the API answers.
  const query = useQuery({
    queryKey: [key ?? ''],
    queryFn: ({ signal }) => load(signal),
    enabled: key !== null && db !== null && restored,
    meta: { offline: true },
    gcTime: Infinity,
  });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);

  const stored = useLiveQuery(async () => (db && key ? Boolean(await db.pageCache.get(key).catch(() => undefined)) : null), [db, key]);
  const [seen, setSeen] = useState<string | null>(null);
  useEffect(() => {
    if (key && stored) setSeen(key);
  }, [key, stored]);
  const gone = query.error instanceof ApiError && query.error.status === 404;
  useEffect(() => {
    if (gone && db && key) void db.pageCache.delete(key).catch(() => undefined);
  }, [gone, db, key]);

  if (key === null) return { state: { kind: 'loading' }, reload };
  if (gone || (seen === key && stored === false)) return { state: { kind: 'missing' }, reload };
  if (query.data !== undefined) {
    const fresh = query.isFetchedAfterMount && !query.isError;
    // Online, while this visit's first request is on its way, the copy shows without its date: the
    // note says the copy is what there is (offline, or the API failed), and flashing it at every
    // visit moved the page under it when the answer took it away.
    const asking = query.fetchStatus === 'fetching' && query.failureCount === 0 && online;
    return { state: { kind: 'ready', page: query.data, cachedAt: fresh || asking ? null : new Date(query.dataUpdatedAt).toISOString() }, reload };
  }
  return { state: query.isError ? { kind: 'failed' } : { kind: 'loading' }, reload };
}
