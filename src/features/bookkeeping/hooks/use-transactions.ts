import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { AppDB } from '@sync/client/db';
import { TransactionStore, type TransactionSnapshot } from '../db/transaction-store';

const stores = new Map<string, { store: TransactionStore; users: number }>();

/** One store per database and company, shared by the screens that show it and closed with the last. */
function acquire(db: AppDB, companyId: string): TransactionStore {
  const key = `${db.name}|${companyId}`;
  const entry = stores.get(key);
  if (entry && entry.store.db === db) {
    entry.users++;
    return entry.store;
  }
  entry?.store.close();
  const store = new TransactionStore(db, companyId);
  stores.set(key, { store, users: 1 });
  return store;
}

function release(store: TransactionStore): void {
  const key = `${store.db.name}|${store.companyId}`;
  const entry = stores.get(key);
  if (!entry || entry.store !== store) return;
  entry.users--;
  // Kept a moment after the last screen leaves, so going from the list to a detail and back is instant.
  if (entry.users === 0) {
    setTimeout(() => {
      if (entry.users === 0 && stores.get(key) === entry) {
        stores.delete(key);
        store.close();
      }
    }, 30_000);
  }
}

const empty: TransactionSnapshot = { rows: [], search: [], byId: new Map(), loaded: false, version: 0 };

/** Every transaction of a company, newest first, live (see `TransactionStore`). */
export function useTransactions(db: AppDB | null, companyId: string | null): TransactionSnapshot {
  return useTransactionStore(db, companyId).snapshot;
}

/** `useTransactions` with its store, for screens that show their edits before the database has them (`TransactionStore.preview`). */
export function useTransactionStore(db: AppDB | null, companyId: string | null): { snapshot: TransactionSnapshot; store: TransactionStore | null } {
  const store = useSharedStore(db, companyId);
  const snapshot = useSyncExternalStore(store ? store.subscribe : noop, store ? store.getSnapshot : () => empty, () => empty);
  return { snapshot, store };
}

/**
 * A value drawn from a company's transactions, for a screen that shows only part of them: it
 * renders again only when `select` returns another value (compared with `Object.is`), not at
 * every edit of the list. `select` gets the value it returned last, to return it again when
 * what it draws did not change.
 */
export function useTransactionsSelect<T>(db: AppDB | null, companyId: string | null, select: (snapshot: TransactionSnapshot, last: T | undefined) => T): T {
  const store = useSharedStore(db, companyId);
  const last = useRef<{ snapshot: TransactionSnapshot; value: T } | null>(null);
  const selected = () => {
    const snapshot = store ? store.getSnapshot() : empty;
    if (last.current?.snapshot !== snapshot) last.current = { snapshot, value: select(snapshot, last.current?.value) };
    return last.current.value;
  };
  return useSyncExternalStore(store ? store.subscribe : noop, selected, selected);
}

function useSharedStore(db: AppDB | null, companyId: string | null): TransactionStore | null {
  const store = useMemo(() => (db && companyId ? acquire(db, companyId) : null), [db, companyId]);
  useEffect(() => (store ? () => release(store) : undefined), [store]);
  return store;
}

const noop = () => () => {};
