import type { Page } from '@playwright/test';

/**
 * The order bodies the page sends from now on, read on their way out. Routed (and passed on
 * untouched) because Chromium reports the body of a `fetch(Request)` only to an interceptor.
 */
export async function orderBodies(page: Page): Promise<Record<string, unknown>[]> {
  const bodies: Record<string, unknown>[] = [];
  await page.route('**/api/v1/orders', async (route) => {
    if (route.request().method() === 'POST') bodies.push(JSON.parse(route.request().postData() ?? 'null') as Record<string, unknown>);
    await route.continue();
  });
  return bodies;
}
