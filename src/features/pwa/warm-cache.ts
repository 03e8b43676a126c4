/**
 * The second half of the installed app's cache (decision 018): once the service worker
 * controls the page, the public site's chunks it did not precache are fetched one at a time,
 * when the browser is idle, so the worker's runtime cache holds them for offline use. The
 * list is written by the build (`scripts/precache.ts`). Only the files the cache does not hold
 * yet are fetched: once warmed, a page load costs one lookup of the cache's keys, not a request
 * through the worker for each of the list's files, which each page load paid before while it was
 * still starting (some 140 ms of a phone's main thread on the bookkeeping list's return visit).
 */
export const warmUrlsPath = '/precache-later.json';

/** The worker's runtime cache of `/assets/` (vite.config.ts). */
export const assetsCacheName = 'alta-assets';

let started = false;

const whenIdle = () =>
  new Promise<void>((resolve) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve()) : setTimeout(resolve, 200)));

async function warm(registration: ServiceWorkerRegistration | undefined): Promise<void> {
  await whenIdle();
  const response = await fetch(warmUrlsPath, { cache: 'no-cache' });
  if (!response.ok) return;
  const urls = (await response.json()) as unknown;
  if (!Array.isArray(urls)) return;
  const cached = new Set((await (await caches.open(assetsCacheName)).keys()).map((request) => new URL(request.url).pathname));
  for (const url of urls) {
    if (typeof url !== 'string' || !url.startsWith('/assets/') || cached.has(url) || !navigator.onLine) continue;
    await whenIdle();
    // A new deployment is on its way: its worker cannot take over while this one still answers
    // warming requests, so warming stops and the new worker (which precaches anew) goes first.
    if (registration?.installing || registration?.waiting) return;
    // Goes through the worker, whose cache-first route stores it.
    await fetch(url, { priority: 'low' }).catch(() => undefined);
  }
}

/** Starts warming once per page load, as soon as a service worker controls the page. */
export function warmWhenControlled(_swUrl: string, registration: ServiceWorkerRegistration | undefined): void {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  const start = () => void warm(registration).catch(() => undefined);
  if (navigator.serviceWorker.controller) start();
  else navigator.serviceWorker.addEventListener('controllerchange', start, { once: true });
}
