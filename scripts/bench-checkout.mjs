// The end of the funnel on the local payment sandbox, in Debian's Chromium against the
// production build: from the last wizard step ("Continue to payment") to the payment-success
// popup, median of 5 visitors (each in a fresh browser context), split into its parts; and the
// gzipped JavaScript of the checkout route. Measures only; never fails.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';

const runs = Number(process.env.BENCH_CHECKOUT_RUNS ?? 5);
const port = 3193;
const origin = `http://localhost:${port}`;
const lang = 'en';

// The browser tests' page models walk the wizard and the checkout by role and label.
const { fillCreateCompanyWizard, wizardWords } = await tsImport('../tests/e2e/support/wizard.ts', import.meta.url);
const { CheckoutPage, sandboxCards } = await tsImport('../tests/e2e/support/checkout.ts', import.meta.url);
const { expect } = await tsImport('../tests/e2e/support/alta.ts', import.meta.url);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const kib = (bytes) => (bytes / 1024).toFixed(1);

/** The route's own chunks (what navigating to it downloads once the app shell is there), from Vite's manifest. */
function routeJavaScript() {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8'));
  const gzip = (file) => gzipSync(readFileSync(path.join('dist/client', file)), { level: 9 }).length;
  const closure = (key, seen = new Set()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) closure(child, seen);
    return seen;
  };
  const shell = closure('index.html');
  const wizard = closure('src/app/routes/guest/create-company.tsx');
  const route = [...closure('src/app/routes/guest/checkout.tsx')].filter((key) => !shell.has(key));
  const routeBytes = route.reduce((sum, key) => sum + gzip(manifest[key].file), 0);
  // Coming from the wizard (the funnel), its chunks (schemas, zod, phone and country data) are already there.
  const afterWizard = route.filter((key) => !wizard.has(key));
  const afterWizardBytes = afterWizard.reduce((sum, key) => sum + gzip(manifest[key].file), 0);
  const shellBytes = [...shell].reduce((sum, key) => sum + gzip(manifest[key].file), 0);
  const translations = ['checkout', 'plans', 'validation', 'errors'].reduce(
    (sum, namespace) => sum + gzip(manifest[`src/i18n/locales/${lang}/${namespace}.json`].file),
    0,
  );
  const stripe = Object.keys(manifest).find((key) => key.includes('@stripe/stripe-js'));
  return {
    route: route.length,
    routeBytes,
    afterWizard: afterWizard.length,
    afterWizardBytes,
    shellBytes,
    translations,
    stripeBytes: stripe ? gzip(manifest[stripe].file) : 0,
  };
}

if (!existsSync('dist/client/.vite/manifest.json')) throw new Error('Build the client first (npx vite build)');

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    APP_URL: origin,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'alta-bench-checkout-')),
    LOG_REQUESTS: '0',
    DATABASE_URL: '',
  },
  stdio: 'ignore',
});
let serverExited = false;
server.on('exit', () => {
  serverExited = true;
});

try {
  for (let i = 0; i < 120; i++) {
    if (serverExited) throw new Error(`the server did not start (is port ${port} taken?)`);
    try {
      if ((await fetch(`${origin}/api/v1/health`)).ok) break;
    } catch {
      // Not listening yet: try again.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const samples = { toCheckout: [], pay: [], total: [] };
  try {
    // One visitor more than measured: the first warms the server (JIT, database pages).
    for (let run = 0; run <= runs; run++) {
      const context = await browser.newContext({ baseURL: origin, serviceWorkers: 'block' });
      const page = await context.newPage();
      await fillCreateCompanyWizard(page, lang);
      const checkout = new CheckoutPage(page, lang);

      const start = performance.now();
      await page.getByRole('button', { name: wizardWords[lang].pay, exact: true }).click();
      await expect(checkout.payButton).toBeEnabled();
      const ready = performance.now();
      await checkout.fillCard({ number: sandboxCards.success });
      const payClick = performance.now();
      await checkout.payButton.click();
      await checkout.successPopup.waitFor();
      const end = performance.now();
      await context.close();

      if (run === 0) continue;
      samples.toCheckout.push(ready - start);
      samples.pay.push(end - payClick);
      samples.total.push(end - start);
    }
  } finally {
    await browser.close();
  }

  const bundle = routeJavaScript();
  console.log(`Checkout on the local sandbox, median of ${runs} visitors (${lang}, Chromium, production build):`);
  console.table([
    { step: '"Continue to payment" → checkout ready (order placed, route loaded, order fetched)', ms: Math.round(median(samples.toCheckout)) },
    { step: 'Pay → payment-success popup', ms: Math.round(median(samples.pay)) },
    { step: '"Continue to payment" → payment-success popup (includes typing the card)', ms: Math.round(median(samples.total)) },
  ]);
  console.log('Checkout route JavaScript (gzip -9):');
  console.table([
    { part: `route chunks beyond the app shell, opened directly (${bundle.route} files)`, KiB: kib(bundle.routeBytes) },
    { part: `of which new after the create-company wizard (${bundle.afterWizard} files)`, KiB: kib(bundle.afterWizardBytes) },
    { part: `${lang} translations it loads (checkout, plans, validation, errors)`, KiB: kib(bundle.translations) },
    { part: 'app shell (already loaded on any page)', KiB: kib(bundle.shellBytes) },
    { part: '@stripe/stripe-js wrapper, only with Stripe keys', KiB: kib(bundle.stripeBytes) },
  ]);
} finally {
  server.kill('SIGTERM');
}
