import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { testTransaction } from '@domain/transaction-fixture';
import { demo, logInAs } from './support/alta';
import { announceLocalWrites, localCompanyId, putLocalRows, userDatabase, waitForSyncPosition } from './support/sync';
import { expect, failing, networkCut, test } from './support/test';

// Receipts read on the device (decision 067): a receipt dropped in the inbox is read in the
// reader's worker with the engine and language data Alta serves under /ocr/ (never a CDN), its
// total, date and merchant shown, and its transaction proposed and attached with one click.
// The demo's books are shared by the tests: the transaction lives only in this browser's
// database, and uploads are held back so the receipt never reaches the server.

const fixture = readFileSync(new URL('../fixtures/receipts/es-ticket-mercadona.png', import.meta.url));

/** Drops a file on the inbox's drop zone as a person dragging it from their desktop would. */
async function dropFile(page: Page, name: string, type: string, bytes: Buffer) {
  const transfer = await page.evaluateHandle(
    ({ name, type, base64 }) => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], name, { type }));
      return data;
    },
    { name, type, base64: bytes.toString('base64') },
  );
  await page.getByText('Drop receipts here').dispatchEvent('drop', { dataTransfer: transfer });
}

test.describe('in the inbox', () => {
  test.use({ serviceWorkers: 'block', expectedFailures: failing({ status: 'network', url: /\/api\/v1\/uploads$/ }) });

  test('a receipt dropped in the inbox is read on the device, its transaction proposed and attached with one click', async ({ page, baseURL }) => {
    test.slow(); // the reader's first download and OCR on a shared machine
    // Nothing is fetched from anywhere but Alta (no CDN for the engine or its language data).
    const outside: string[] = [];
    page.on('request', (request) => {
      if (/^https?:/.test(request.url()) && new URL(request.url()).origin !== new URL(baseURL!).origin) outside.push(request.url());
    });
    await page.route('**/api/v1/uploads**', (route) => route.abort());
    await logInAs(page, demo, 'en', '/en/accounting-ai/bookkeeping');
    await expect(
      page
        .getByRole('grid', { name: /^Transactions: / })
        .getByRole('gridcell')
        .first(),
    ).toBeVisible();
    const database = await userDatabase(page);
    await waitForSyncPosition(page, database);
    const companyId = await localCompanyId(page, database);
    const paid = testTransaction({ companyId, date: '2026-03-13', description: 'COMPRA TARJ. 4412 MERCADONA VALENCIA', amountCents: -4590 });
    const sameAmountElsewhere = testTransaction({ companyId, date: '2026-03-20', description: 'REPSOL ES LAS ROZAS', amountCents: -4590 });
    await putLocalRows(page, database, 'transactions', [paid, sameAmountElsewhere]);
    await announceLocalWrites(page);
    // The paid line on screen (other specs add lines to the demo's books on these days); the inbox proposes from every line.
    await page.goto('/en/accounting-ai/bookkeeping?period=custom&from=2026-03-12&to=2026-03-20&sort=date&order=asc&q=MERCADONA');
    await expect(page.getByRole('link', { name: paid.description })).toBeVisible();

    await page.getByRole('button', { name: /^Receipt inbox \(\d+\)$/ }).click();
    const inbox = page.getByRole('dialog', { name: 'Receipt inbox' });
    const readerFiles = page.waitForResponse((response) => /\/ocr\/[0-9a-f]{12}\/spa\.traineddata\.gz$/.test(response.url()) && response.ok());
    await dropFile(page, 'IMG_4471.png', 'image/png', fixture);

    // First use: the inbox says it is downloading the reader, and how much.
    await expect(inbox.getByRole('status')).toHaveText(/^Downloading the receipt reader \(\d+\.\d MB\), once/);
    await readerFiles;
    await expect(inbox.getByText('Read on this device: total 45.90 · 03/12/2026 · MERCADONA')).toBeVisible({ timeout: 90_000 });
    await expect(inbox.getByRole('status')).toHaveCount(0);

    const proposals = inbox.getByRole('list', { name: 'Suggested transactions for IMG_4471.png' }).getByRole('button');
    await expect(proposals.first()).toHaveText('Attach to COMPRA TARJ. 4412 MERCADONA VALENCIA · -$45.90 · 03/13/2026');
    await proposals.first().click();
    await expect(page.getByText('Receipt attached to COMPRA TARJ. 4412 MERCADONA VALENCIA.')).toBeVisible();
    await expect(inbox.getByText('IMG_4471.png')).toHaveCount(0);
    expect(outside).toEqual([]);
  });
});

test.describe('offline', () => {
  // The second fetch is made offline on purpose; the service worker answers it.
  test.use({ expectedFailures: failing(networkCut) });

  test("the reader's files are not precached, and are kept after their first use so reading works offline", async ({ page, context }) => {
    const [folder] = readdirSync(new URL('../../dist/client/ocr/', import.meta.url));
    const data = `/ocr/${folder}/por.traineddata.gz`;
    await page.goto('/en/login');
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
    const precached = await page.evaluate(async () => {
      const precache = await caches.open((await caches.keys()).find((name) => name.startsWith('workbox-precache'))!);
      return (await precache.keys()).map((request) => new URL(request.url).pathname);
    });
    expect(precached.filter((pathname) => pathname.startsWith('/ocr/'))).toEqual([]);

    const size = (url: string) => page.evaluate(async (url) => (await (await fetch(url)).arrayBuffer()).byteLength, url);
    const online = await size(data);
    expect(online).toBeGreaterThan(1_000_000);
    await expect.poll(() => page.evaluate(async (url) => Boolean(await caches.match(url, { cacheName: 'alta-ocr' })), data)).toBe(true);
    await context.setOffline(true);
    expect(await size(data)).toBe(online);
    await context.setOffline(false);
  });
});
