import type { Page } from '@playwright/test';
import { queueDraftChange, serverDraftIds, signedInAndSynced } from './support/sync';
import { expect, failing, test } from './support/test';

// The leading tab's pushes go from the sync push worker (workers/sync-push.worker.ts), which
// reads the outbox over its own connection: the page's main thread neither reads the entries nor
// hands their bodies to `fetch`. Until the worker has loaded, and where it cannot load, the page
// pushes itself.
// The service worker is not under test here.
test.use({ serviceWorkers: 'block' });

/** Counts the pushes sent by the page's own `fetch` (its main thread), from before the app starts. */
async function countPagePushes(page: Page) {
  await page.addInitScript(() => {
    const pageFetch = window.fetch.bind(window);
    const counter = window as unknown as { pagePushes: number };
    counter.pagePushes = 0;
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/api/v1/sync/push')) counter.pagePushes++;
      return pageFetch(input, init);
    };
  });
  return () => page.evaluate(() => (window as unknown as { pagePushes: number }).pagePushes);
}

/** Every push request the browser sends for the page, from whichever thread. */
function countAllPushes(page: Page) {
  let pushes = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/sync/push')) pushes++;
  });
  return () => pushes;
}

test('once the sync push worker has loaded, changes are pushed from it, not from the page', async ({ page }) => {
  const pagePushes = await countPagePushes(page);
  const allPushes = countAllPushes(page);
  const { database } = await signedInAndSynced(page);

  // The session's first push starts the worker and goes from the page, which does not wait for it.
  const first = await queueDraftChange(page, database);
  await expect.poll(() => serverDraftIds(page)).toContain(first);
  expect(await pagePushes()).toBeGreaterThan(0);
  await expect.poll(() => page.workers().map((worker) => worker.url())).toContainEqual(expect.stringMatching(/sync-push\.worker/));

  // Once it has loaded, a change reaches the server with no push from the page…
  let sentByPage = await pagePushes();
  await expect(async () => {
    const id = await queueDraftChange(page, database);
    await expect.poll(() => serverDraftIds(page)).toContain(id);
    const now = await pagePushes();
    const fromPage = now > sentByPage;
    sentByPage = now;
    expect(fromPage).toBe(false);
  }).toPass({ timeout: 30_000 });
  // …and so does every change after it.
  const pushesBefore = allPushes();
  for (let i = 0; i < 2; i++) {
    const id = await queueDraftChange(page, database);
    await expect.poll(() => serverDraftIds(page)).toContain(id);
  }
  expect(allPushes()).toBeGreaterThan(pushesBefore);
  expect(await pagePushes()).toBe(sentByPage);
});

test.describe('when the worker cannot load', () => {
  // Its script is cut on purpose: the browser logs that request as failed.
  test.use({ expectedFailures: failing({ status: 'network', url: /sync-push\.worker/ }) });

  test('the page pushes the change itself', async ({ page }) => {
    await page.route(/sync-push\.worker/, (route) => route.abort());
    const pagePushes = await countPagePushes(page);
    const { database } = await signedInAndSynced(page);

    const first = await queueDraftChange(page, database);
    await expect.poll(() => serverDraftIds(page)).toContain(first);
    const second = await queueDraftChange(page, database);
    await expect.poll(() => serverDraftIds(page)).toContain(second);
    expect(await pagePushes()).toBeGreaterThanOrEqual(2);
  });
});
