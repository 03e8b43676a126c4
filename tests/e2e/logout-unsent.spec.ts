import type { Page } from '@playwright/test';
import { databaseNames, demo, logInAs } from './support/alta';
import { hasLocalDraft, queueDraftChange, serverDraftIds, signedInAndSynced } from './support/sync';
import { expect, failing, networkCut, test } from './support/test';

// One test takes the browser offline, another makes the sync API answer 503: both on purpose.
test.use({ expectedFailures: failing(networkCut, { status: 503, url: /\/api\/v1\/sync\/push$/ }) });

// Logout deletes the device's database: changes not sent yet are sent first, or named and kept
// until the user chooses. The service worker is not under test here.
test.use({ serviceWorkers: 'block' });

/** How many mutations wait in the outbox of the tab's database. */
const outboxCount = (page: Page, database: string) =>
  page.evaluate(async (name) => {
    const open = indexedDB.open(name);
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
    const count = await new Promise<number>(
      (resolve) => (db.transaction('outbox').objectStore('outbox').count().onsuccess = (event) => resolve((event.target as IDBRequest<number>).result)),
    );
    db.close();
    return count;
  }, database);

/** Opens the logout confirmation from the sidebar and confirms it. */
async function confirmLogout(page: Page) {
  await page.getByRole('complementary').getByRole('button', { name: 'Log out', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Log out of Alta?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Log out', exact: true }).click();
}

const warningDialog = (page: Page) => page.getByRole('dialog', { name: 'Changes not sent yet' });

test('offline, logout names the change it would lose; staying keeps it; back online logout sends it first', async ({ page, context }) => {
  test.slow(); // two logins (argon2) and the user's database, on a shared 2-core machine
  const { database } = await signedInAndSynced(page);

  await context.setOffline(true);
  await expect(page.getByRole('button', { name: /^Sync status: / })).toHaveAccessibleName('Sync status: Offline');
  const id = await queueDraftChange(page, database);
  await expect.poll(() => outboxCount(page, database)).toBe(1);

  await confirmLogout(page);
  const warning = warningDialog(page);
  await expect(warning).toContainText('1 change made on this device has not reached Alta yet and would be lost if you log out now.');
  const stay = warning.getByRole('button', { name: 'Stay and sync' });
  await expect(stay).toBeFocused();
  await expect(warning.getByRole('button', { name: 'Log out anyway' })).toBeVisible();
  await stay.click();
  await expect(warning).toBeHidden();

  // Still signed in, with the change still queued on the device.
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: /^Sync status: / })).toBeVisible();
  expect(await outboxCount(page, database)).toBe(1);
  expect(await hasLocalDraft(page, database, id)).toBe(true);
  expect(await databaseNames(page)).toContain(database);

  await context.setOffline(false);
  await confirmLogout(page);
  await expect(page).toHaveURL(/\/en\/login$/);
  await expect(warningDialog(page)).toHaveCount(0);
  await expect.poll(() => databaseNames(page)).not.toContain(database);

  // Nothing was lost: the change is on the server.
  await logInAs(page, demo);
  await expect.poll(() => serverDraftIds(page)).toContain(id);
});

test('with the server failing, logout counts every unsent change and "Log out anyway" logs out', async ({ page }) => {
  const { database } = await signedInAndSynced(page);
  // The sync API answers 503 from now on: the device keeps its changes.
  await page.route('**/api/v1/sync/push', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({ code: 'sync_unavailable', status: 503, title: 'Unavailable' }),
    }),
  );
  await queueDraftChange(page, database);
  await queueDraftChange(page, database);
  await expect.poll(() => outboxCount(page, database)).toBe(2);

  await confirmLogout(page);
  const warning = warningDialog(page);
  await expect(warning).toContainText('2 changes made on this device have not reached Alta yet and would be lost if you log out now.');
  await warning.getByRole('button', { name: 'Log out anyway' }).click();
  await expect(page).toHaveURL(/\/en\/login$/);
  await expect.poll(() => databaseNames(page)).not.toContain(database);
});

test('logout stops sync before the server ends the session: nothing pulls or refreshes with it', async ({ page }) => {
  await signedInAndSynced(page);
  const afterLogout: string[] = [];
  // The server ends the session at once, and its answer reaches the tab half a second later;
  // meanwhile the tab is told it is back online, which makes a running engine sync at once.
  await page.route('**/api/v1/logout', async (route) => {
    const response = await route.fetch();
    page.on('request', (request) => {
      if (/\/api\/v1\/(sync\/(push|pull)|auth\/refresh)$/.test(request.url())) afterLogout.push(request.url());
    });
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForTimeout(500);
    await route.fulfill({ response });
  });
  await confirmLogout(page);
  await expect(page).toHaveURL(/\/en\/login$/);
  expect(afterLogout).toEqual([]);
});

test('logout waits for a pull already on its way, so the server ends the session after answering it', async ({ page }) => {
  await signedInAndSynced(page);
  const order: string[] = [];
  // Every pull reaches the server 700 ms late, as on a slow network.
  await page.route('**/api/v1/sync/pull', async (route) => {
    await page.waitForTimeout(700);
    const response = await route.fetch();
    order.push(`pull ${response.status()}`);
    await route.fulfill({ response });
  });
  await page.route('**/api/v1/logout', async (route) => {
    order.push('logout');
    await route.continue();
  });
  const pulling = page.waitForRequest(/\/api\/v1\/sync\/pull$/);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await pulling;
  await confirmLogout(page);
  await expect(page).toHaveURL(/\/en\/login$/);
  // The pull on its way (and any other the engine had started with it) answered, then the logout.
  expect(order.join(', ')).toMatch(/^(pull 200, )+logout$/);
});
