import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectHydrated, langs, publicPages, sampleArticleId } from './support/public-site';
import { expect, test } from './support/test';

/**
 * Decision 013: a pre-rendered page carries its stylesheets inline, so its first paint waits
 * for no stylesheet request, and the CSP allows exactly those inline styles by hash. Hydration
 * and client-side navigation keep every style without downloading an inlined one again. The
 * app is fetched after the first paint. Nothing breaks the CSP, not even zod's eval probe.
 */

// Pages straight from the server, as on a first visit (a service worker would answer from its cache).
test.use({ serviceWorkers: 'block' });

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The directive's sources, e.g. `style-src` (not `style-src-attr`). */
function directive(csp: string, name: string): string[] {
  const found = csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([first]) => first === name);
  return found ? found.slice(1) : [];
}

/** Every CSP violation: Chromium's console report and the DOM event, logged from outside the page's CSP. */
async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} ${event.sample}`.trim());
    });
  });
  return violations;
}

function stylesheetRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

test('the CSP served with every pre-rendered page allows exactly its inline styles, and no inline script', async ({ request }) => {
  for (const lang of langs) {
    for (const { path } of publicPages(lang)) {
      const url = `/${lang}${path}`;
      const response = await request.get(url);
      const html = await response.text();
      const csp = response.headers()['content-security-policy'] ?? '';
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
      expect(styles.length, url).toBeGreaterThan(0);
      const styleSrc = directive(csp, 'style-src');
      for (const text of styles) expect(styleSrc, url).toContain(hashOf(text));
      expect(styleSrc, url).not.toContain("'unsafe-inline'");
      expect(directive(csp, 'script-src'), url).not.toContain("'unsafe-inline'");
      // Nothing left for the first paint to wait for: every stylesheet link is a disabled marker.
      expect(html.match(/<link rel="stylesheet"(?![^>]*\sdisabled>)[^>]*>/g) ?? [], url).toEqual([]);
    }
  }
});

test('a public page is styled before any script runs, by its own HTML', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
  const page = await context.newPage();
  const violations = await watchCspViolations(page);
  const stylesheets = stylesheetRequests(page);

  await page.goto('/es');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const bar = page.getByRole('banner');
  await expect(bar).toHaveCSS('position', 'sticky');
  expect(await bar.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Inter Variable');
  expect(stylesheets).toEqual([]);
  expect(violations).toEqual([]);
  await context.close();
});

test('hydration and client-side navigation keep every style, with no CSP violation and no inlined stylesheet downloaded again', async ({ page }) => {
  test.slow(); // three pages, each until the network is idle
  const violations = await watchCspViolations(page);
  const stylesheets = stylesheetRequests(page);

  // On a signed-in device the public pages run the app; a visitor's do without it (decision 081).
  await page.addInitScript(() => localStorage.setItem('alta.signedIn', 'user'));
  await page.goto('/en/blogs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectHydrated(page);
  await page.waitForLoadState('networkidle');
  // Hydration loaded the page's modules, whose stylesheets the page already has inline.
  expect(stylesheets).toEqual([]);
  const inlined = await page
    .locator('link[rel="stylesheet"][disabled]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(inlined.length).toBeGreaterThan(1);

  // The contact page was not pre-rendered into this document: its own stylesheet is fetched.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('navigation', { name: 'Explore' }).getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/en\/contact$/);
  expect(await page.evaluate(() => 'sameDocument' in window), 'navigated by the hydrated router, not reloaded').toBe(true);
  await expect(page.getByLabel('Message')).toHaveCSS('min-height', '144px');
  // The form's schema is built by now (zod, jitless: no eval probe for the CSP to report).
  await expect(page.getByLabel('Message')).toBeEnabled();
  await page.getByRole('link', { name: 'Alta, home page' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole('banner')).toHaveCSS('position', 'sticky');
  await page.waitForLoadState('networkidle');

  expect(stylesheets.length).toBeGreaterThan(0);
  for (const url of stylesheets) expect(inlined, url).not.toContain(url);
  const applied = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="stylesheet"]:not([disabled])')].map((link) => new URL((link as HTMLLinkElement).href).pathname),
  );
  for (const url of applied) expect(inlined, url).not.toContain(url);
  expect(violations).toEqual([]);
});

test("a visitor's home runs without the app, and hands over to it when someone signs in on this device", async ({ page, context }) => {
  const scripts: string[] = [];
  let bytes = 0;
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(new URL(response.url()).pathname);
    bytes += (await response.body().catch(() => Buffer.alloc(0))).length;
  });
  await page.goto('/en?utm_source=newsletter&utm_campaign=autumn');
  await expectHydrated(page);
  await page.waitForLoadState('networkidle');
  // The first touch is kept for the sign-up, as the app keeps it.
  expect(await page.evaluate(() => localStorage.getItem('alta.attribution'))).toContain('newsletter');
  const entry = await page.locator('script[data-entry]').getAttribute('data-entry');
  // The starter, its page script and the service worker's registration (decision 081): a few
  // small files, not the app (its entry alone is over 200 KB).
  expect(scripts).not.toContain(entry);
  expect(scripts.length).toBeLessThanOrEqual(5);
  expect(bytes).toBeLessThan(40_000);
  const topBar = page.getByRole('banner');
  await expect(topBar.getByRole('link', { name: 'Log in' })).toBeVisible();

  // Signing in from another tab: this page loads the app, which offers the account.
  const other = await context.newPage();
  await other.goto('/en/coming-soon');
  await other.evaluate(() => localStorage.setItem('alta.signedIn', 'user'));
  await expect(topBar.getByRole('link', { name: 'My dashboard' })).toBeVisible();
  expect(scripts).toContain(entry);

  // The app took the drawer over from the page script: it opens with the signed-in items.
  await page.setViewportSize({ width: 410, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Signed in on this device, the page starts the app at once.
  scripts.length = 0;
  await page.reload();
  await expect(topBar.getByRole('link', { name: 'My dashboard' })).toBeVisible();
  expect(scripts).toContain(entry);
});

test("a visitor's FAQ searches, opens linked questions and copies links without the app, in the page's language", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/pt/faq#refunds');
  await expectHydrated(page);
  const entry = await page.locator('script[data-entry]').getAttribute('data-entry');
  await expect(page.locator('details#refunds')).toHaveAttribute('open', '');
  await expect(page.locator('details#refunds summary')).toBeFocused();

  const search = page.getByRole('searchbox', { name: 'Pesquise nas perguntas' });
  await search.fill('reembolso');
  await expect(page.getByRole('status').filter({ hasText: 'reembolso' })).toHaveText(/^\d+ perguntas? correspondem? a “reembolso”$/);
  await expect(page.getByRole('navigation', { name: 'Temas' })).toBeHidden();
  await search.fill('zzzz');
  await expect(page.getByRole('status').filter({ hasText: 'zzzz' })).toContainText('Nenhuma pergunta corresponde a “zzzz”');
  await expect(page.locator('details:visible')).toHaveCount(0);
  await page.getByRole('button', { name: 'Limpar pesquisa' }).click();
  await expect(search).toBeFocused();
  await expect(page.getByRole('navigation', { name: 'Temas' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Limpar pesquisa' })).toBeHidden();

  const question = page.locator('details#refunds');
  await question.getByRole('button', { name: 'Copiar o link desta pergunta' }).click();
  await expect(question.getByRole('status')).toHaveText('Link copiado');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/pt\/faq#refunds$/);
  expect(scripts).not.toContain(entry);
});

test("a visitor's blog filters by the address and loads more without the app", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/en/blogs?category=us-banks');
  await expectHydrated(page);
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Filter by category' }).getByRole('link', { name: 'US banks' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText('Showing 1 of 1 articles');
  await expect(page.getByRole('button', { name: 'Load more articles' })).toBeHidden();

  await page.getByRole('navigation', { name: 'Filter by category' }).getByRole('link', { name: 'All' }).click();
  await expect(page).toHaveURL(/\/en\/blogs$/);
  await expect(cards).toHaveCount(6);
  await page.getByRole('button', { name: 'Load more articles' }).click();
  await expect(cards.nth(6).getByRole('link')).toBeFocused();
  expect(scripts).not.toContain(await page.locator('script[data-entry]').getAttribute('data-entry'));
});

test("a visitor's article copies its link without the app", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`/es/blogs/${sampleArticleId}`);
  await expectHydrated(page);
  await page.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enlace copiado' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/es/blogs/${sampleArticleId}$`));
  expect(scripts).not.toContain(await page.locator('script[data-entry]').getAttribute('data-entry'));
});

test('a pre-rendered page loads one small starter, and the app only after its first paint', async ({ page, request }) => {
  const html = await (await request.get('/es/contact')).text();
  const scripts = [...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*>/g)].map((match) => match[1]!);
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/start-after-paint-[\w-]+\.js$/)]);
  expect(html).not.toContain('rel="modulepreload"');
  const entry = /data-entry="([^"]+)"/.exec(html)?.[1];
  const preload = (/data-preload="([^"]+)"/.exec(html)?.[1] ?? '').split(' ');
  expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  expect(preload.length).toBeGreaterThan(3);

  const requests: { url: string; priority: string }[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', ({ request: sent }) => void requests.push({ url: new URL(sent.url).pathname, priority: sent.initialPriority }));
  // Someone signed in on this device: the page runs the app (a visitor's page does without it, decisions 081, 082).
  await page.addInitScript(() => localStorage.setItem('alta.signedIn', 'user'));
  await page.goto('/es/contact');
  await expectHydrated(page);

  // The browser's own timeline: the paint came before the entry and the page's modules were asked for.
  const timeline = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    scripts: performance.getEntriesByType('resource').map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
  }));
  expect(timeline.firstPaint).toBeGreaterThan(0);
  for (const url of [entry!, ...preload]) {
    const fetched = timeline.scripts.find((script) => script.url === url);
    expect(fetched, url).toBeDefined();
    expect(fetched!.start, url).toBeGreaterThanOrEqual(timeline.firstPaint);
  }
  // The font the first paint's text needs is the one high-priority request besides the page.
  expect(requests.filter(({ url }) => url.endsWith('.woff2'))).toEqual([
    { url: expect.stringMatching(/^\/assets\/inter-latin-wght-normal-/), priority: 'High' },
  ]);
});
