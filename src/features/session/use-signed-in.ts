import { useMemo, useSyncExternalStore } from 'react';
import { parseActingAs, readActingAs, readSignedIn, subscribeSignedIn, type ActingAs, type SignedInRole } from './signed-in-flag';

/** The signed-in role according to the hint; null for visitors and while pre-rendering. */
export function useSignedIn(): SignedInRole | null {
  return useSyncExternalStore(subscribeSignedIn, readSignedIn, () => null);
}

/** Whom the admin acts as according to the hint (public pages' banner); null otherwise and while pre-rendering. */
export function useActingAs(): ActingAs | null {
  const stored = useSyncExternalStore(subscribeSignedIn, readActingAs, () => null);
  return useMemo(() => parseActingAs(stored), [stored]);
}
