import type { Page } from '@playwright/test';
import { continueLink, linkShape, sampleCreateCompany, WizardPage } from './support/wizard';
import { expect, failing, networkCut, test } from './support/test';

// The test takes the browser offline: its requests to Alta fail on purpose.
test.use({ expectedFailures: failing(networkCut) });

// Issue 8 §4: what a guest typed offline, then reloaded offline, is sent as soon as the browser
// is back online — not at the next keystroke — and the continue link opens it. The service
// worker serves the reload while offline.

/** Waits until the service worker is active, so a reload works offline. */
const serviceWorkerActive = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);

/** The first company name of the guest draft stored on this device. */
const localName = (page: Page, id: string) =>
  page.evaluate(async (draftId) => {
    const open = indexedDB.open('alta-guest');
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
    const row = await new Promise<{ data?: unknown } | undefined>(
      (resolve) => (db.transaction('drafts').objectStore('drafts').get(draftId).onsuccess = (event) => resolve((event.target as IDBRequest).result)),
    );
    db.close();
    return JSON.stringify(row?.data ?? null);
  }, id);

test('a guest edit made offline and reloaded offline reaches the server within 5 s of going online', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const input = sampleCreateCompany();
  const wizard = new WizardPage(page, 'en');
  const w = wizard.words;
  await wizard.goto('createCompany');
  await serviceWorkerActive(page);
  await wizard.fillOwner(input.owner);
  await wizard.next('names');
  await wizard.field(w.nameOption1).fill(input.nameOption1);
  await wizard.field(w.nameOption2).fill(input.nameOption2);
  const [, id, secret] = linkShape.exec(await continueLink(page))!;
  const serverCopy = async () => JSON.stringify((await (await request.get(`/api/v1/drafts/${id}`, { headers: { 'X-Draft-Secret': secret! } })).json()).data);
  await expect.poll(serverCopy).toContain(input.nameOption1);

  await context.setOffline(true);
  const offlineName = `Offline ${input.nameOption1}`;
  await wizard.field(w.nameOption1).fill(offlineName);
  await expect.poll(() => localName(page, id!)).toContain(offlineName);
  await page.reload();
  await wizard.expectStep('names');
  await expect(wizard.field(w.nameOption1)).toHaveValue(offlineName);
  expect(await serverCopy()).not.toContain(offlineName);

  // Back online, without touching anything.
  await context.setOffline(false);
  await expect.poll(serverCopy, { timeout: 5_000, intervals: [100] }).toContain(offlineName);

  // The continue link serves what was typed offline.
  const other = await (await page.context().browser()!.newContext({ serviceWorkers: 'block' })).newPage();
  try {
    await other.goto(`/en/continue#${id}.${secret}`);
    await other.waitForURL(/\/en\/create-company$/);
    await new WizardPage(other, 'en').expectStep('names');
    await expect(other.getByLabel(w.nameOption1, { exact: true })).toHaveValue(offlineName);
  } finally {
    await other.context().close();
  }
});
