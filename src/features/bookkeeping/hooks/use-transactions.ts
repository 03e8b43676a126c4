import { useEffect, useMemo, useSyncExternalStore } from 'react';
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

function useSharedStore(db: AppDB | null, companyId: string | null): TransactionStore | null {
  const store = useMemo(() => (db && companyId ? acquire(db, companyId) : null), [db, companyId]);
  useEffect(() => (store ? () => release(store) : undefined), [store]);
  return store;
}

const noop = () => () => {};
