import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useMemo, type ReactNode } from 'react';
import { currentUserDatabase } from '@sync/client/db';
import { useCurrentUser } from '@src/features/session/session-store';
import { dehydrateOptions, queryCacheOf } from './query-cache';


/**
 * The signed-in screens' server data (dashboard and admin): TanStack Query, with the offline
 * pages restored from and saved to the user's database; restored pages stay in memory for the
 * visit (`gcTime`), since they are read from the database only at start. Mounted by the
 * signed-in layouts only, so the public pages and login do not load it.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const userId = useCurrentUser()?.id ?? null;
  const { client, persister } = useMemo(() => queryCacheOf(userId, currentUserDatabase), [userId]);
  return (
    <PersistQueryClientProvider
      client={client}
      persistOptions={{ persister, maxAge: Infinity, dehydrateOptions, hydrateOptions: { defaultOptions: { queries: { gcTime: Infinity } } } }}
    >
      {children}
    </PersistQueryClientProvider>
  );
}
