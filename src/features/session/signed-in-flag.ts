import { useSyncExternalStore } from 'react';
import type { User } from '@domain/account';

/**
 * A cheap, non-secret hint that someone is signed in on this browser, with their role, so the
 * public chrome (pre-rendered, without Dexie or the API) can show "dashboard" instead of
 * "log in". It grants nothing: guarded areas confirm the session with `/users/me`.
 */
const key = 'alta.signedIn';
export type SignedInRole = User['role'];

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

export function markSignedIn(role: SignedInRole) {
  try {
    localStorage.setItem(key, role);
  } catch {
    // Storage disabled: the chrome just shows the visitor's links.
  }
  notify();
}

export function clearSignedIn() {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to clear.
  }
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab signing in or out updates this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in role according to the hint; null for visitors and while pre-rendering. */
export function useSignedIn(): SignedInRole | null {
  return useSyncExternalStore(subscribe, readSignedIn, () => null);
}
