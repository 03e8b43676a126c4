import type { Page } from '@playwright/test';
import { demo, logInAs } from './support/alta';
import { expect, failing, networkCut, test } from './support/test';
import { rows } from './support/books';

// The test takes the browser offline: its requests to Alta fail on purpose.
test.use({ expectedFailures: failing(networkCut) });

// Offline bookkeeping with the installed app: edits and a receipt wait on the device, survive
// a reload without network, and reach another device once back online.

const syncButton = (page: Page) => page.getByRole('button', { name: /^Sync status: / });
const checkedStates = (page: Page, count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, index) =>
      rows(page)
        .nth(index)
        .getByRole('checkbox', { name: /^Checked: / })
        .isChecked(),
    ),
  );

// Tall enough for the virtualised list to render the 21 rows the test reads at once, on both devices.
const tall = { width: 1280, height: 2000 };
test.use({ viewport: tall });

// A 1×1 PNG.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('offline: 20 edits and a receipt wait on the device, survive a reload, then reach a second device', async ({ page, context, browser }) => {
  test.slow(); // two logins, a reload offline and a second browser on a shared machine
  await logInAs(page, demo);
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.goto('/en/accounting-ai/bookkeeping?q=PAYMENT&sort=amount&order=asc');
  await expect(rows(page).nth(20)).toBeVisible();
  await expect(syncButton(page)).toHaveAccessibleName('Sync status: Saved');
  const before = await checkedStates(page, 20);

  await context.setOffline(true);
  await expect(syncButton(page)).toHaveAccessibleName('Sync status: Offline');
  await rows(page).first().getByRole('gridcell').nth(1).click();
  for (let index = 0; index < 20; index++) {
    await page.keyboard.press(' ');
    await page.keyboard.press('ArrowDown');
  }
  const after = before.map((checked) => !checked);
  await expect.poll(() => checkedStates(page, 20)).toEqual(after);

  // A receipt attached offline waits on the device (Home scrolls back to the first row). On a
  // retry the row already has the receipt the first try attached, and it is replaced.
  await page.keyboard.press('Home');
  const target = rows(page).first();
  const description = (await target.getByRole('link').textContent())!;
  await target.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: description })).toBeVisible();
  await page
    .getByText(/^(Attach a receipt|Replace the receipt)$/)
    .locator('input[type=file]')
    .setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('saved on this device, uploads when you are back online')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Receipt ticket.png' })).toBeVisible();

  await page.goto('/en/accounting-ai/bookkeeping?q=PAYMENT&sort=amount&order=asc');
  await page.reload();
  await expect(rows(page).nth(20)).toBeVisible();
  await expect.poll(() => checkedStates(page, 20)).toEqual(after);
  await expect(rows(page).first().getByRole('img', { name: 'Receipt waiting to upload' })).toBeVisible();
  await syncButton(page).click();
  await expect(syncButton(page)).toHaveAccessibleName('Sync status: Offline · 20 waiting');
  await expect(page.getByText('You are offline. 20 changes are kept on this device and will be sent when you are back online.')).toBeVisible();

  await context.setOffline(false);
  await expect(syncButton(page)).toHaveAccessibleName('Sync status: Saved', { timeout: 60_000 });
  await expect(rows(page).first().getByRole('img', { name: 'Receipt: ticket.png' })).toBeVisible({ timeout: 60_000 });
  await expect(syncButton(page)).toHaveAccessibleName('Sync status: Saved');

  const other = await browser.newContext({ serviceWorkers: 'block', viewport: tall });
  const phone = await other.newPage();
  await logInAs(phone, demo);
  await phone.goto('/en/accounting-ai/bookkeeping?q=PAYMENT&sort=amount&order=asc');
  await expect(rows(phone).nth(20)).toBeVisible();
  await expect.poll(() => checkedStates(phone, 20)).toEqual(after);
  await expect(rows(phone).first().getByRole('img', { name: 'Receipt: ticket.png' })).toBeVisible();
  await other.close();
});
