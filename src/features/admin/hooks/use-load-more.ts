import { useCallback, useEffect, useRef, useState } from 'react';
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
 * A list that grows by "load more" (SPEC §9: admin lists load more, 25 at a time). `key` is
 * the query without paging: when it changes (a search, a sort, a filter) the list starts over,
 * and an answer to an older query is dropped.
 */
export function useLoadMore<T>(key: string, fetchPage: (offset: number, limit: number, signal: AbortSignal) => Promise<Page<T>>) {
  const [items, setItems] = useState<T[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [totalKind, setTotalKind] = useState<ListTotalKind>('exact');
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState(false);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const controller = useRef<AbortController | null>(null);

  const load = useCallback((offset: number) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setLoading(true);
    setError(false);
    fetchRef.current(offset, usersPageSize, current.signal).then(
      (page) => {
        if (current.signal.aborted) return;
        setItems((previous) => (offset === 0 ? page.items : [...previous, ...page.items]));
        setTotal(page.total);
        setTotalKind(page.totalKind ?? 'exact');
        // The server says whether a page follows when it can: an estimated total cannot.
        setHasMore(page.hasMore ?? offset + page.items.length < page.total);
        setLoading(false);
      },
      () => {
        if (current.signal.aborted) return;
        setError(true);
        setLoading(false);
      },
    );
  }, []);

  useEffect(() => {
    load(0);
    return () => controller.current?.abort();
  }, [key, load]);

  return {
    items,
    total,
    loading,
    error,
    totalKind,
    hasMore,
    loadMore: () => load(items.length),
    reload: () => load(0),
    /** Replaces one loaded row (after a staff action) without reloading the list. */
    update: (match: (item: T) => boolean, next: T) => setItems((previous) => previous.map((item) => (match(item) ? next : item))),
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
