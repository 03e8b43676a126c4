import { cpSync, existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { assetsCacheName } from '@src/features/pwa/warm-cache';
import { demo, logInAs } from './support/alta';
import { expect, failing, networkCut, test } from './support/test';

// These tests take the browser offline: its requests to Alta fail on purpose.
test.use({ expectedFailures: failing(networkCut) });

/** Waits until the service worker is active, i.e. the app shell is precached. */
async function serviceWorkerActive(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state;
  });
}

test('the manifest makes Alta installable: name, start URL, standalone, icons and maskable icon', async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Alta', short_name: 'Alta', display: 'standalone', start_url: '/?source=pwa', theme_color: '#0f3d3e' });
  const purposes = manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`);
  expect(purposes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.headers()['content-type']).toBe('image/png');
  }
});

test('the installed app reloads and navigates offline, showing that it is offline', async ({ page, context }) => {
  await logInAs(page, demo, 'en');
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await serviceWorkerActive(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${demo.firstName}`);
  await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeVisible();

  // Another screen, never visited online: its code and translations come from the precache.
  // The sync indicator says "Sin conexión" too; the banner is the status that explains it.
  await page.goto('/es/mailing');
  const banner = page.getByRole('status').filter({ hasText: 'Sin conexión. Alta sigue funcionando' });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation').first()).toBeVisible();

  await context.setOffline(false);
  await expect(banner).toBeHidden();
});

test('the first session works offline: the worker takes control without a reload, and an unvisited screen opens offline', async ({ page, context }) => {
  await logInAs(page, demo, 'en');
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  // No second load: the worker installed during this visit controls this very page.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);

  await context.setOffline(true);
  await page.getByRole('complementary').getByRole('link', { name: 'Mailing', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/mailing$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Sorry, this page could not be loaded.');
  await expect(page.getByRole('heading', { level: 1, name: 'Mailing' })).toBeVisible();
});

test('offline, a dashboard reload shows the real company names kept on the device', async ({ page, context }) => {
  await logInAs(page, demo, 'en');
  const company = page.getByRole('link', { name: /Demo Ventures LLC/ });
  await expect(company).toContainText('Step 3 of 8');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeVisible();
  await expect(company).toContainText('Step 3 of 8');
  await expect(company).toContainText('Plan Standard');
  await expect(page.getByText('Company 1')).toHaveCount(0);
});

test('the precache holds the app, the public site is warmed into the runtime cache after, and a later page load fetches only what the cache lost', async ({
  page,
}) => {
  await page.goto('/en/login');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
  const later = (await (await page.request.get('/precache-later.json')).json()) as string[];
  expect(later.length).toBeGreaterThan(0);
  expect(later.every((url) => url.startsWith('/assets/'))).toBe(true);
  const cachedCount = () =>
    page.evaluate(
      async ({ name, urls }) => {
        const cache = await caches.open(name);
        const found = await Promise.all(urls.map((url) => cache.match(url)));
        return found.filter(Boolean).length;
      },
      { name: assetsCacheName, urls: later },
    );
  await expect.poll(cachedCount, { timeout: 40_000 }).toBe(later.length);

  // The cache loses the list's last file: the next page load warms that one alone (the list is
  // warmed in order, so the loop is done once it is back), not every file of the list again.
  const lost = later.at(-1)!;
  await page.evaluate(async ({ name, url }) => (await caches.open(name)).delete(url), { name: assetsCacheName, url: lost });
  const warmed: string[] = [];
  let listRead = false;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/precache-later.json') listRead = true;
  });
  page.on('request', (request) => {
    const pathname = new URL(request.url()).pathname;
    if (listRead && later.includes(pathname)) warmed.push(pathname);
  });
  await page.reload();
  await expect.poll(cachedCount, { timeout: 40_000 }).toBe(later.length);
  expect(listRead).toBe(true);
  expect(warmed).toEqual([lost]);
  // Pre-rendered public pages are not precached: the worker answers navigations with the shell.
  const precached = await page.evaluate(async () => {
    const names = await caches.keys();
    const precache = await caches.open(names.find((name) => name.startsWith('workbox-precache'))!);
    return (await precache.keys()).map((request) => new URL(request.url).pathname);
  });
  expect(precached).toContain('/index.html');
  expect(precached.filter((pathname) => pathname.endsWith('.html') && pathname !== '/index.html')).toEqual([]);
  expect(precached.some((pathname) => later.includes(pathname))).toBe(false);
});

test.describe('a screen whose code is not on the device', () => {
  // No worker: the screen's chunk cannot come from any cache.
  test.use({ serviceWorkers: 'block' });

  test('offline, it shows the offline state in place (no redirect) and opens once back online', async ({ page, context }) => {
    await logInAs(page, demo, 'en');
    await expect(page).toHaveURL(/\/en\/dashboard$/);
    await context.setOffline(true);
    await page.getByRole('complementary').getByRole('link', { name: 'Teammates', exact: true }).click();
    const offline = page.getByRole('heading', { level: 1, name: 'This screen is not on this device yet.' });
    await expect(offline).toBeVisible();
    await expect(page.getByText("It will open by itself as soon as you're back online.")).toBeVisible();
    // Well past the 3-second countdown of other route errors: still here, same address.
    await page.waitForTimeout(4_000);
    await expect(page).toHaveURL(/\/en\/teammates$/);
    await expect(offline).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Teammates' })).toBeVisible();
    await expect(page).toHaveURL(/\/en\/teammates$/);
  });
});

/**
 * A deployment of its own for the update test: a copy of the build served by a tiny static
 * server, so the test can "deploy" a new service worker without touching the shared server.
 */
async function serveCopyOfBuild() {
  const root = mkdtempSync(path.join(tmpdir(), 'alta-deploy-'));
  cpSync('dist/client', root, { recursive: true });
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.html': 'text/html',
    '.json': 'application/json',
    '.webmanifest': 'application/manifest+json',
    '.png': 'image/png',
    '.woff2': 'font/woff2',
    '.svg': 'image/svg+xml',
  };
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = path.join(root, pathname);
    const found = file.startsWith(root) && existsSync(file) && statSync(file).isFile() ? file : path.join(root, 'index.html');
    response.writeHead(200, { 'content-type': types[path.extname(found)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    response.end(readFileSync(found));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    deployNewServiceWorker: () => writeFileSync(path.join(root, 'sw.js'), `${readFileSync(path.join(root, 'sw.js'), 'utf8')}\n// deployment ${Date.now()}\n`),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test('a new deployment offers "new version available — reload" and reloading activates it', async ({ page, baseURL }) => {
  const deployment = await serveCopyOfBuild();
  // The copy has no API of its own: its calls go to the test server.
  await page.route(`${deployment.url}/api/**`, async (route) => {
    const url = new URL(route.request().url());
    await route.fulfill({ response: await route.fetch({ url: `${baseURL}${url.pathname}${url.search}` }) });
  });
  try {
    await page.goto(`${deployment.url}/en/login`);
    await serviceWorkerActive(page);
    // A returning user: the page is now served and controlled by the installed worker.
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    deployment.deployNewServiceWorker();
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const prompt = page.getByRole('alert').filter({ hasText: 'A new version of Alta is available.' });
    await expect(prompt).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(prompt).toBeHidden();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
  } finally {
    await deployment.close();
  }
});
