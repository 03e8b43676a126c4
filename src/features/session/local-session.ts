import type { User } from '@domain/account';
import { currentUserDatabase, deleteUserDatabase, openUserDatabase } from '@sync/client/db';
import { ApiError, api } from '@src/lib/api';
import { whileSigningOut } from '@src/lib/session-ended';
import { fetchMe, logoutRequest } from './api/session-api';
import { getCurrentUser, setCurrentUser } from './session-store';
import { clearSignedIn, markSignedIn, readSignedIn } from './signed-in-flag';

/**
 * The session on this device: the user's own Dexie database opened at sign-in with the
 * profile cached in it (so an offline reload still knows who is signed in), and everything
 * deleted at sign-out. This module loads Dexie, so only the dashboard and sign-in code import
 * it, and only dynamically: public pages never pay for it.
 */

/**
 * After login, registration or a new password: the user and the signed-in hint are set
 * synchronously (a guard right after sees them), then the user's database is opened and the
 * profile cached.
 */
export async function rememberUser(user: User): Promise<void> {
  setCurrentUser(user);
  markSignedIn(user);
  try {
    const db = openUserDatabase(user.id);
    await db.profile.put({ key: 'me', user, cachedAt: new Date().toISOString() });
  } catch {
    // IndexedDB can be unavailable (some private modes): the session still works online,
    // only the offline reload is lost.
  }
}

async function cachedUser(): Promise<User | null> {
  try {
    const row = await currentUserDatabase()?.profile.get('me');
    return row?.user ?? null;
  } catch {
    return null;
  }
}

/** The session is over (a 401): forget the cached profile and the signed-in hint. */
export async function forgetSession(): Promise<void> {
  setCurrentUser(null);
  clearSignedIn();
  try {
    await currentUserDatabase()?.profile.delete('me');
  } catch {
    // Nothing cached.
  }
}

async function offlineUser(): Promise<User | null> {
  const user = await cachedUser();
  if (user) setCurrentUser(user);
  // Neither the API nor this device can confirm the session: drop the hint, or the
  // guest-only login page would send the visitor straight back here, in a loop.
  else clearSignedIn();
  return user;
}

/**
 * Who is signed in, for the route guards: the user already known to this page, else
 * `/users/me` (caching the answer), else — when the API cannot be reached — the cached
 * profile. A 401 means signed out: the cache is cleared and null returned. A visitor (no
 * sign-in on this browser, every sign-in sets the hint) is not asked about: the answer
 * could only be a 401, an error in the console of every visit.
 */
export async function resolveSession(): Promise<User | null> {
  const known = getCurrentUser();
  if (known) return known;
  if (!readSignedIn()) return null;
  if (!navigator.onLine) return offlineUser();
  try {
    const me = await fetchMe();
    if (!me) return offlineUser();
    await rememberUser(me);
    return me;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      await forgetSession();
      return null;
    }
    throw error;
  }
}

/** Reads `/users/me` again after the account changed on the server (a company arrived): the profile and its cache follow. */
export async function refreshUser(): Promise<void> {
  const me = await fetchMe();
  if (me) await rememberUser(me);
}

/**
 * "Return to admin" (decision 028): the customer's database, filled while the admin acted as
 * them, is deleted from the admin's device, then the admin is remembered again.
 */
export async function switchBackToAdmin(admin: User): Promise<void> {
  try {
    await deleteUserDatabase();
  } catch {
    // Already gone or IndexedDB unavailable.
  }
  await rememberUser(admin);
}

/**
 * Logout (SPEC §4): stops this tab's sync, ends the session on the server (a failure there
 * does not keep anyone signed in here), deletes the user's database with every cached page,
 * forgets the server answers held in memory, and clears the hint. The caller then goes to login.
 */
export function signOut(): Promise<void> {
  return whileSigningOut(endSession);
}

async function endSession(): Promise<void> {
  // Sync stops first, and its requests in flight are answered: a pull reaching the server after
  // it ended the session would be refused (401).
  const { stopSyncEngine } = await import('@src/features/sync/sync-runtime');
  await stopSyncEngine();
  // The screen's own requests on their way (a reminder, a list) are answered with the session
  // they were sent in, and no other leaves until the session has ended here: none reaches the
  // server after the logout as a 401.
  await api.endingSession(3_000, async () => {
    await logoutRequest();
    setCurrentUser(null);
    clearSignedIn();
    try {
      await deleteUserDatabase();
    } catch {
      // Already gone or IndexedDB unavailable.
    }
    // The server answers in memory go with the database that kept their offline copies.
    const { forgetQueries } = await import('@src/lib/query/query-cache');
    forgetQueries();
  });
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith('alta.')) sessionStorage.removeItem(key);
  } catch {
    // Storage disabled.
  }
}
