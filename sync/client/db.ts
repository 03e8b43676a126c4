import Dexie, { type Table } from 'dexie';
import type { User } from '@domain/account';

/**
 * The client's source of truth: one Dexie database per signed-in user (its name carries the
 * user id), created at login and deleted at logout. Each schema version is a dated constant
 * that is never edited, only followed by the next; data changes go in `.upgrade()`.
 */

export interface CachedProfile {
  key: 'me';
  user: User;
  cachedAt: string;
}

/** Read caches of online data (companies, mailing, initial page data) for offline viewing. */
export interface PageCacheEntry {
  key: string;
  value: unknown;
  cachedAt: string;
}

// 2026-11-21: first version — the cached profile and page data.
const schema20261121 = {
  profile: 'key',
  pageCache: 'key',
};

export class AppDB extends Dexie {
  profile!: Table<CachedProfile, 'me'>;
  pageCache!: Table<PageCacheEntry, string>;

  constructor(readonly userId: string) {
    super(databaseName(userId));
    this.version(1).stores(schema20261121);
  }
}

/** `alta-<userId>`: the database that belongs to that user. */
export const databaseName = (userId: string) => `alta-${userId}`;

const currentUserKey = 'alta.currentUser';
let open: AppDB | null = null;

/** Opens (creating if needed) the signed-in user's database and remembers who that is for offline reloads. */
export function openUserDatabase(userId: string): AppDB {
  if (open?.userId === userId) return open;
  open?.close();
  open = new AppDB(userId);
  localStorage.setItem(currentUserKey, userId);
  return open;
}

/** The database of the user who was signed in last, even offline; null after logout. */
export function currentUserDatabase(): AppDB | null {
  if (open) return open;
  const userId = localStorage.getItem(currentUserKey);
  return userId ? openUserDatabase(userId) : null;
}

/** Logout: closes and deletes the user's database with every cached page. */
export async function deleteUserDatabase(): Promise<void> {
  const userId = open?.userId ?? localStorage.getItem(currentUserKey);
  open?.close();
  open = null;
  localStorage.removeItem(currentUserKey);
  if (userId) await Dexie.delete(databaseName(userId));
}
