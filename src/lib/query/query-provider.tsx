import { QueryClientProvider } from '@tanstack/react-query';
import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { currentUserDatabase } from '@sync/client/db';
import { useCurrentUser } from '@src/features/session/session-store';
import { queryCacheOf, type UserQueryCache } from './query-cache';

const Restored = createContext(false);

/** Whether the pages kept on the device are back in the cache (offline queries wait for it). */
export const useCacheRestored = () => use(Restored);

/**
 * The signed-in screens' server data (dashboard and admin): TanStack Query, with the offline
 * pages restored from and saved to the user's database. Mounted by the signed-in layouts only,
 * so the public pages and login do not load it.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const userId = useCurrentUser()?.id ?? null;
  const cache = useMemo(() => queryCacheOf(userId, currentUserDatabase), [userId]);
  const [restored, setRestored] = useState<UserQueryCache | null>(null);
  // The cache this layout opened with: when the signed-in user changes under it (login as a
  // user, return to admin, logout), its screens belong to the session that ended and the app
  // is on its way to another layout, so they are not drawn again, which would read their data
  // as the new user (an admin list read as the customer is a 403).
  const [opened] = useState(cache);
  useEffect(() => {
    let current = true;
    void cache.restored.then(() => current && setRestored(cache));
    return () => {
      current = false;
    };
  }, [cache]);
  if (opened.userId !== null && cache !== opened) return null;
  return (
    <QueryClientProvider client={cache.client}>
      <Restored value={restored === cache}>{children}</Restored>
    </QueryClientProvider>
  );
}
