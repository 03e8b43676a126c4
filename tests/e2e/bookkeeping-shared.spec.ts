import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { demo, logInAs } from './support/alta';
import { announceLocalWrites, localCompanyId, putLocalRows, userDatabase, waitForSyncPosition } from './support/sync';
import { expect, test } from './support/test';
import { grid, rows } from './support/books';

// What the company's devices share beyond transactions (decision 024): the years a sent
// declaration locks, and the receipt inbox. Both tests use the demo user and leave its books
// as they found them: the locked year lives only in this test's own browser database, and the
// inbox file has a name of its own and is removed by the test.
test.use({ serviceWorkers: 'block' });

const syncButton = (page: Page) => page.getByRole('button', { name: /^Sync status: / });
const declaredYearReason = 'The declaration for that year has already been sent, so its transactions can no longer change.';

async function signedInDevice(page: Page, query = '') {
  await logInAs(page, demo, 'en', `/en/accounting-ai/bookkeeping${query}`);
  await expect(rows(page).first()).toBeVisible();
  const database = await userDatabase(page);
  await waitForSyncPosition(page, database);
  return database;
}

test('rows of a declared year are read-only: badge, disabled controls, and the reason when edited', async ({ page }) => {
  test.slow(); // the demo's year of books is pulled first, on a shared machine
  // The turn of the year: December 2025 (to be declared) above January 2026 (open).
  const database = await signedInDevice(page, '?period=custom&from=2025-12-20&to=2026-01-10&sort=date&order=asc');
  // What the server syncs when a declaration of 2025 is sent (a `lockedYears` row), written
  // into this context's database only: the shared demo books stay open for the other tests.
  await putLocalRows(page, database, 'lockedYears', [
    { id: randomUUID(), companyId: await localCompanyId(page, database), year: 2025, lockedAt: new Date().toISOString() },
  ]);
  await announceLocalWrites(page);

  const locked = rows(page).filter({ hasText: '/2025' }).first();
  await expect(locked.getByText('Year declared')).toHaveAttribute('title', declaredYearReason);
  await expect(locked.getByRole('checkbox', { name: /^Checked: / })).toBeDisabled();
  await expect(locked.getByRole('button', { name: /^Category of .*\. Change$/ })).toBeDisabled();
  // The open year's rows come further down the list (only the rows in view are drawn).
  const scroller = page.getByTestId('transaction-scroller');
  await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  const open = rows(page).filter({ hasText: '/2026' }).last();
  await expect(open.getByRole('checkbox', { name: /^Checked: / })).toBeEnabled();
  await expect(open.getByText('Year declared')).toHaveCount(0);
  await scroller.evaluate((element) => element.scrollTo(0, 0));

  // The keyboard is refused too, with the reason: editing the category, and checking.
  await locked.getByRole('gridcell').nth(1).click();
  await expect(grid(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(declaredYearReason)).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Category of / })).toHaveCount(0);
  const checked = await locked.getByRole('checkbox', { name: /^Checked: / }).isChecked();
  await page.keyboard.press(' ');
  await expect(page.getByText("1 transaction of a declared year was left unchanged: that year's declaration has already been sent.")).toBeVisible();
  await expect(locked.getByRole('checkbox', { name: /^Checked: / })).toBeChecked({ checked });
});

/** A one-pixel PNG: a receipt the server accepts (its type is checked on the bytes). */
const onePixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

async function openInbox(page: Page) {
  await page.getByRole('button', { name: /^Receipt inbox \(\d+\)$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Receipt inbox' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function secondDevice(browser: Browser) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await signedInDevice(page);
  return { page, close: () => context.close() };
}

test('the receipt inbox is shared: a file added on one device waits on the other, and leaves both when removed', async ({ page, browser }) => {
  test.slow(); // two devices, an upload and two syncs on a shared machine
  await signedInDevice(page);
  const name = `e2e-inbox-${randomUUID().slice(0, 8)}.png`;
  const inbox = await openInbox(page);
  await inbox.locator('input[type="file"]').first().setInputFiles({ name, mimeType: 'image/png', buffer: onePixelPng });
  await expect(inbox.getByText(name)).toBeVisible();
  await expect(syncButton(page)).toHaveAccessibleName('Sync status: Saved', { timeout: 30_000 });

  const other = await secondDevice(browser);
  try {
    const otherInbox = await openInbox(other.page);
    await expect(otherInbox.getByText(name)).toBeVisible({ timeout: 30_000 });
    await otherInbox.getByRole('button', { name: `Remove ${name} from the inbox` }).click();
    await expect(otherInbox.getByText(name)).toHaveCount(0);
    await expect(syncButton(other.page)).toHaveAccessibleName('Sync status: Saved', { timeout: 30_000 });
  } finally {
    await other.close();
  }
  // The first device hears of it (a poke, or its next pull).
  await expect(inbox.getByText(name)).toHaveCount(0, { timeout: 30_000 });
});
