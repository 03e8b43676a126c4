import type { Page } from '@playwright/test';
import { queueDraftChange, serverDraftIds, signedInAndSynced } from './support/sync';
import { expect, failing, test } from './support/test';

// The leading tab's pushes go from the sync push worker (workers/sync-push.worker.ts), which
// reads the outbox over its own connection: the page's main thread neither reads the entries nor
// hands their bodies to `fetch`. Where the worker cannot load, the page pushes itself.
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

test('a change is pushed from the sync push worker, not from the page', async ({ page }) => {
  const pagePushes = await countPagePushes(page);
  const allPushes = countAllPushes(page);
  const { database } = await signedInAndSynced(page);

  const id = await queueDraftChange(page, database);
  await expect.poll(() => serverDraftIds(page)).toContain(id);
  expect(allPushes()).toBeGreaterThan(0);
  expect(await pagePushes()).toBe(0);
  expect(page.workers().map((worker) => worker.url())).toContainEqual(expect.stringMatching(/sync-push\.worker/));
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
