import { captureAttribution } from '@src/features/attribution/attribution';
import { readActingAs, readSignedIn } from '@src/features/session/signed-in-flag';
import { unsentDraftIds } from '@src/features/sync/draft-keys';
import { holdUntilHydrated } from '@src/lib/held-actions';
import { currentUserId } from '@sync/client/current-user';

/**
 * The one script a pre-rendered public page loads (decision 013). The page is complete and
 * styled by its HTML, so the app that hydrates it is fetched only after the browser has
 * painted it: on a slow phone network the first paint no longer shares the bandwidth with
 * some 150 KB of scripts. The app starts at once instead when the person touches or types
 * first, or when the page is hidden (a background tab paints nothing until it is shown).
 *
 * A page with no control that only the app runs (the pre-render marks it `data-without-app`)
 * does without the app for a visitor (decision 081): `runWithoutApp` wires its drawer and
 * service worker and hands over to the app when the page needs it.
 *
 * The pre-render writes the app's entry (`data-entry`) and the modules hydrating this page
 * needs (`data-preload`, space-separated) on this script's element; they are fetched together.
 */

// First touch, at once, as the app does first: a visitor who follows a link before the page
// script or the app has run (start now's cards are plain links) keeps the campaign they came from.
captureAttribution();

const script = document.querySelector<HTMLScriptElement>('script[data-entry]');

// The language links keep the address's query and hash, as the app's selector does: the page was
// pre-rendered without them, and `/es/login?from=…` followed to Portuguese is `/pt/login?from=…`.
if (location.search || location.hash) {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[hreflang]')) link.href = link.pathname + location.search + location.hash;
}

// A click or a send before the page script or the app runs the page (the login page's fields work
// at once) waits for them, instead of being lost or going out as the browser's own GET.
holdUntilHydrated();
// Sends wait from now on: the send buttons pre-rendered disabled for want of this can work.
for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-enabled-by-starter]')) button.disabled = false;

function startApp() {
  const entry = script?.dataset.entry;
  if (!entry) return;
  // The entry first: it is the largest file, and the browser opens only so many connections at once.
  // One insertion for all the links: inserted one by one they cost the main thread tens of ms.
  const links = document.createDocumentFragment();
  for (const href of [entry, ...(script.dataset.preload ?? '').split(' ').filter(Boolean)]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
  void import(/* @vite-ignore */ entry);
}

const inputs = ['pointerdown', 'keydown', 'touchstart'] as const;
let observer: PerformanceObserver | undefined;
let started = false;

function startOnce() {
  if (started) return;
  started = true;
  observer?.disconnect();
  for (const type of inputs) removeEventListener(type, startOnce, true);
  if (needsApp()) startApp();
  // Should the page script itself fail, the app runs the page, as it would without it.
  else import('@src/page-without-app').then(({ runWithoutApp }) => runWithoutApp(startApp)).catch(startApp);
}

/**
 * Whether this visit needs the app from the start: always, unless the page can do without it
 * and the visitor has nothing the app must show or do. Someone signed in on this device (their
 * top bar and drawer differ), an admin acting as a user (the banner), drafts not yet sent (the
 * app sends them) and an offline start (the app says so) need it.
 */
function needsApp(): boolean {
  if (!script?.hasAttribute('data-without-app')) return true;
  return readSignedIn() !== null || readActingAs() !== null || currentUserId() !== null || unsentDraftIds().length > 0 || !navigator.onLine;
}

const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;

// The page script too waits for the first paint: fetched before it, even its few KiB delayed the
// largest paint by 0.1–0.2 s in Lighthouse's mobile run.
const canObservePaint = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
if (document.visibilityState === 'hidden' || !canObservePaint || painted()) {
  startOnce();
} else {
  for (const type of inputs) addEventListener(type, startOnce, { capture: true, passive: true });
  // The entries the observer hands over, not `performance` again: it may be replaced (test clocks).
  observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) startOnce();
  });
  observer.observe({ type: 'paint', buffered: true });
}
