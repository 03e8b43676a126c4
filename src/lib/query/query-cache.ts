import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import type { AppDB } from '@sync/client/db';
import { createPagePersister } from './page-persister';
import { createQueryClient } from './query-client';

export interface UserQueryCache {
  userId: string | null;
  client: QueryClient;
  /** Settles once the pages kept on the device are back in `client`: offline queries wait for it. */
  restored: Promise<void>;
  stop(): void;
}

/** Only the queries a screen marks `meta: { offline: true }` are kept on the device, and only their answers. */
export const dehydrateOptions = {
  shouldDehydrateQuery: (query: { meta?: Record<string, unknown>; state: { status: string } }) =>
    query.meta?.offline === true && query.state.status === 'success',
};

/** How long a burst of answers is gathered before the offline pages are written. */
export const persistDelayMs = 1000;

/**
 * A query client whose offline pages are read from `database` at start and written back as
 * answers arrive. (TanStack's persist-client package is not used: it pins an older query-core,
 * which would put a second copy in the bundle.)
 */
function startCache(userId: string | null, database: () => AppDB | null): UserQueryCache {
  const client = createQueryClient();
  const persister = createPagePersister(() => (userId ? (database()?.pageCache ?? null) : null));
  // Restored pages stay in memory for the visit: the database is read only now.
  const restored = persister.restore().then(
    (queries) => hydrate(client, { queries, mutations: [] }, { defaultOptions: { queries: { gcTime: Infinity } } }),
    () => undefined,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = client.getQueryCache().subscribe(() => {
    timer ??= setTimeout(() => {
      timer = undefined;
      void persister.persist(dehydrate(client, dehydrateOptions));
    }, persistDelayMs);
  });
  return {
    userId,
    client,
    restored,
    stop: () => {
      unsubscribe();
      clearTimeout(timer);
      client.clear();
    },
  };
}

let current: UserQueryCache | null = null;

/** The query cache of `userId`: a new one when someone else signs in (or an admin acts as a user), so no answer crosses accounts. */
export function queryCacheOf(userId: string | null, database: () => AppDB | null): UserQueryCache {
  if (current?.userId !== userId) {
    current?.stop();
    current = startCache(userId, database);
  }
  return current;
}

/** Logout: the answers in memory go with the user's database, which holds their persisted copies. */
export function forgetQueries(): void {
  current?.stop();
  current = null;
}
