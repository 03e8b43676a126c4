// What a first visit downloads: the JavaScript and CSS each page loads before it is usable,
// measured in Chromium against the production build and gzipped as the server would send it.
// A page is usable once it has started (`<html data-hydrated>`: the app hydrated it, or for a
// visitor its page script wired it, decision 081) and the network is quiet;
// pre-rendered pages carry their CSS inline (decision 013), counted from the document. A visitor's
// login, reset password and the wizards start the app at the first touch of their form (decisions
// 082, 093): "once touched" focuses the email field and counts everything up to the app's hydration.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const pages = [
  ['login', '/es/login'],
  ['login, once touched', '/es/login', 'input[type=email]'],
  ['reset password', '/es/reset-password'],
  ['reset password, once touched', '/es/reset-password', 'input[type=email]'],
  ['home', '/es/'],
  ['faq', '/es/faq'],
  ['blog', '/es/blogs'],
  ['article', '/es/blogs/llc-vs-c-corp-for-founders'],
  ['contact', '/es/contact'],
  ['start now', '/es/start-now'],
  ['create-company wizard', '/es/create-company'],
  ['create-company wizard, once touched', '/es/create-company', 'input[type=email]'],
];
const port = 3190;
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'alta-bench-')),
    LOG_REQUESTS: '0',
    DATABASE_URL: '',
  },
  stdio: 'ignore',
});
try {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) break;
    } catch {
      // Not listening yet: try again.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const rows = [];
  for (const [name, url, touch] of pages) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const sizes = { js: 0, css: 0, inlineCss: 0, files: 0 };
    let pending = 0;
    let lastActivity = Date.now();
    page.on('request', () => {
      pending += 1;
      lastActivity = Date.now();
    });
    const settled = () => {
      pending -= 1;
      lastActivity = Date.now();
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const body = await response.body().catch(() => null);
      if (!body) return;
      sizes[type === 'script' ? 'js' : 'css'] += gzipSync(body, { level: 9 }).length;
      sizes.files += 1;
    });
    await page.goto(`http://localhost:${port}${url}`);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 });
    if (touch) {
      while (pending > 0 || Date.now() - lastActivity < 1000) await page.waitForTimeout(100);
      // The hand-over takes the page script's mark off; the app sets it again once it has hydrated.
      await page.focus(touch);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 });
    }
    // Then nothing in flight for a second: the lazy chunks the page asks for once started are in.
    while (pending > 0 || Date.now() - lastActivity < 1000) await page.waitForTimeout(100);
    const inline = await page.evaluate(() => [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join(''));
    sizes.inlineCss = inline ? gzipSync(inline, { level: 9 }).length : 0;
    rows.push({
      page: `${name} (${url})`,
      'JS gzip KiB': (sizes.js / 1024).toFixed(1),
      'CSS gzip KiB': (sizes.css / 1024).toFixed(1),
      'inline CSS gzip KiB': (sizes.inlineCss / 1024).toFixed(1),
      files: sizes.files,
    });
    await context.close();
  }
  await browser.close();
  console.table(rows);
} finally {
  server.kill('SIGTERM');
}
