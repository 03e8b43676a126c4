import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ListTotalKind } from '@domain/admin';
import { usersPageSize } from '@domain/constants';

interface Page<T> {
  items: T[];
  total: number;
  /** Absent: the total is exact and pages follow while fewer than `total` rows are loaded. */
  totalKind?: ListTotalKind;
  hasMore?: boolean;
}

/**
 * A list that grows by "load more" (SPEC §9: admin lists load more, 25 at a time), as an
 * infinite query. `queryKey` names the query without paging: when it changes (a search, a
 * sort, a filter) the list starts over, and an answer to an older query is not shown.
 */
export function usePagedList<T>(queryKey: readonly unknown[], fetchPage: (offset: number, limit: number, signal: AbortSignal) => Promise<Page<T>>) {
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, usersPageSize, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.items.length, 0);
      // The server says whether a page follows when it can: an estimated total cannot.
      return (last.hasMore ?? loaded < last.total) ? loaded : undefined;
    },
  });
  const pages = query.data?.pages ?? [];
  const last = pages.at(-1);
  return {
    items: pages.flatMap((page) => page.items),
    total: last?.total ?? null,
    totalKind: last?.totalKind ?? 'exact',
    hasMore: query.hasNextPage,
    loading: query.isFetching,
    error: query.isError,
    loadMore: () => void query.fetchNextPage(),
    /** Replaces one loaded row (after a staff action) without reading the list again. */
    update: (match: (item: T) => boolean, next: T) =>
      client.setQueryData<InfiniteData<Page<T>, number>>(
        queryKey,
        (data) => data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (match(item) ? next : item)) })) },
      ),
  };
}

/** `value`, settled for `ms` after the last change (search fields query as the user pauses). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
