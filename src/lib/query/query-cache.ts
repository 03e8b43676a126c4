import type { QueryClient } from '@tanstack/react-query';
import type { Persister } from '@tanstack/react-query-persist-client';
import type { AppDB } from '@sync/client/db';
import { createPagePersister } from './page-persister';
import { createQueryClient } from './query-client';

export interface UserQueryCache {
  userId: string | null;
  client: QueryClient;
  persister: Persister;
}

/** Only the queries a screen marks `meta: { offline: true }` are kept on the device, and only their answers. */
export const dehydrateOptions = {
  shouldDehydrateQuery: (query: { meta?: Record<string, unknown>; state: { status: string } }) => query.meta?.offline === true && query.state.status === 'success',
};

let current: UserQueryCache | null = null;

/**
 * The query cache of `userId`, persisted in `database` (the user's own): a new one when someone
 * else signs in (or an admin acts as a user), so no answer crosses accounts.
 */
export function queryCacheOf(userId: string | null, database: () => AppDB | null): UserQueryCache {
  if (current?.userId !== userId) {
    current?.client.clear();
    current = { userId, client: createQueryClient(), persister: createPagePersister(() => (userId ? (database()?.pageCache ?? null) : null)) };
  }
  return current;
}

/** Logout: the answers in memory go with the user's database, which holds their persisted copies. */
export function forgetQueries(): void {
  current?.client.clear();
  current = null;
}
