import type { DehydratedState } from '@tanstack/react-query';
import type { Table } from 'dexie';
import type { PageCacheEntry } from '@sync/client/db';

type DehydratedQuery = DehydratedState['queries'][number];

/** Saves the offline part of a query cache, and reads it back at start. */
export interface PagePersister {
  persist(state: DehydratedState): Promise<void>;
  restore(): Promise<DehydratedQuery[]>;
}

/** The `pageCache` row of a query: its key's one string (`company:<id>`, `mailing:<id>`, `boi-report`…). */
const pageKeyOf = (query: Pick<DehydratedQuery, 'queryKey'>) =>
  query.queryKey.length === 1 && typeof query.queryKey[0] === 'string' ? query.queryKey[0] : null;

const isDehydratedQuery = (value: unknown): value is DehydratedQuery =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as DehydratedQuery).queryKey) &&
  typeof (value as DehydratedQuery).state?.dataUpdatedAt === 'number';

/**
 * The query cache's offline part kept in the user's database (decision 025): each persisted
 * query is one `pageCache` row named by its key, so the database's deletion at logout takes it
 * along, and the sync engine drops a company's pages by their keys (decision 030) as it always
 * did. A row is written only when its query got a newer answer than the one stored, so a page
 * the sync engine dropped is not written back from memory. `pages` is null with no one signed in.
 */
export function createPagePersister(pages: () => Table<PageCacheEntry, string> | null): PagePersister {
  const stored = new Map<string, number>();
  return {
    async persist(state) {
      const table = pages();
      if (!table) return;
      const rows: PageCacheEntry[] = [];
      for (const query of state.queries) {
        const key = pageKeyOf(query);
        if (key === null || query.state.dataUpdatedAt <= (stored.get(key) ?? 0)) continue;
        stored.set(key, query.state.dataUpdatedAt);
        rows.push({ key, value: query, cachedAt: new Date(query.state.dataUpdatedAt).toISOString() });
      }
      // IndexedDB may be unavailable (some private modes): the answers then live in memory only.
      if (rows.length > 0) await table.bulkPut(rows).catch(() => undefined);
    },
    async restore() {
      const rows =
        (await pages()
          ?.toArray()
          .catch(() => [])) ?? [];
      // Rows of the hand-written cache before this one hold a bare page: they are read again online.
      const queries = rows.map((row) => row.value).filter(isDehydratedQuery);
      for (const query of queries) stored.set(pageKeyOf(query) ?? '', query.state.dataUpdatedAt);
      return queries;
    },
  };
}
