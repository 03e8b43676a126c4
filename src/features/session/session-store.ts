import { useSyncExternalStore } from 'react';
import type { User } from '@domain/account';

/**
 * The signed-in user of this page, as `/users/me` (or the offline cache) last told it. Route
 * guards fill it; screens read it with `useCurrentUser()`.
 */
let current: User | null = null;
const listeners = new Set<() => void>();

export const getCurrentUser = () => current;

export function setCurrentUser(user: User | null) {
  current = user;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useCurrentUser(): User | null {
  return useSyncExternalStore(subscribe, getCurrentUser, () => null);
}
