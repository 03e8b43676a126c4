import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while pre-rendering and while hydrating pre-rendered HTML, true afterwards (and at
 * once on client-side navigation). Lets a page read browser-only state (the query string of
 * a static page, the clipboard) without a hydration mismatch.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
