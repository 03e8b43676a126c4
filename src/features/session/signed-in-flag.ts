import type { User } from '@domain/account';

/**
 * A cheap, non-secret hint that someone is signed in on this browser, with their role, so the
 * public chrome (pre-rendered, without Dexie or the API) can show "dashboard" instead of
 * "log in". It grants nothing: guarded areas confirm the session with `/users/me`.
 */
const key = 'alta.signedIn';
export type SignedInRole = User['role'];

/**
 * Whom the admin acts as ("log in as user"), kept beside the hint so public pages show the
 * banner too (decision 033): a name and an email, on the admin's own browser, granting nothing.
 */
const actingKey = 'alta.actingAs';
export interface ActingAs {
  name: string;
  email: string;
}

/** The banner's "acting as" of a signed-in user; null unless an admin acts as them. */
export function actingAsOf(user: Pick<User, 'firstName' | 'lastName' | 'email' | 'impersonatedBy'>): ActingAs | null {
  return user.impersonatedBy ? { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email } : null;
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function readSignedIn(): SignedInRole | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    const value = localStorage.getItem(key);
    return value === 'user' || value === 'admin' ? value : null;
  } catch {
    return null;
  }
}

export function markSignedIn(user: Pick<User, 'role' | 'firstName' | 'lastName' | 'email' | 'impersonatedBy'>) {
  try {
    localStorage.setItem(key, user.role);
    const acting = actingAsOf(user);
    if (acting) localStorage.setItem(actingKey, JSON.stringify(acting));
    else localStorage.removeItem(actingKey);
  } catch {
    // Storage disabled: the chrome just shows the visitor's links.
  }
  notify();
}

export function clearSignedIn() {
  try {
    localStorage.removeItem(key);
    localStorage.removeItem(actingKey);
  } catch {
    // Nothing stored, nothing to clear.
  }
  notify();
}

/** The stored "acting as" hint as written (`parseActingAs` reads it); null when there is none. */
export function readActingAs(): string | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    return localStorage.getItem(actingKey);
  } catch {
    return null;
  }
}

export function parseActingAs(stored: string | null): ActingAs | null {
  if (!stored) return null;
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null) return null;
    const { name, email } = value as Record<string, unknown>;
    return typeof name === 'string' && typeof email === 'string' ? { name, email } : null;
  } catch {
    return null;
  }
}

/** Calls `listener` whenever the hint changes, in this tab or another. */
export function subscribeSignedIn(listener: () => void) {
  listeners.add(listener);
  // Another tab signing in or out updates this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === actingKey || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
