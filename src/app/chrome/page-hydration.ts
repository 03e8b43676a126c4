import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether the page itself has hydrated. React hydrates a pre-rendered page's chrome first and
 * the page, inside the layout's Suspense boundary, after it; the header's links already work in
 * between. A language link followed then would switch i18next to the other language before the
 * page's HTML hydrated, and the page would hydrate with the other language's text (React error
 * 418, the page rendered again from scratch). Until the page has hydrated, the language links
 * load the other language's page as a document, as they do without scripts.
 */
let hydrated = false;
const listeners = new Set<() => void>();

/** Called when the page has hydrated, or at once when the app renders without pre-rendered HTML. */
export function markPageHydrated() {
  if (hydrated) return;
  hydrated = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** False while a pre-rendered page has not hydrated yet, true afterwards. */
export const usePageHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => hydrated,
    () => false,
  );

/** Rendered next to the page inside the layout's Suspense boundary: its effect runs once the page has hydrated. */
export function PageHydratedMarker() {
  useEffect(markPageHydrated, []);
  return null;
}
