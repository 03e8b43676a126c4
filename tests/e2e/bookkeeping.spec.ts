import { test, type Page } from '@playwright/test';
import { demo, expect, logInAs } from './support/alta';
import { userDatabase, waitForSyncPosition } from './support/sync';

// The bookkeeping workspace on the demo company's year of books (server/seed.ts). Each test
// works on its own lines of those books (its own search), so they do not step on each other.
test.use({ serviceWorkers: 'block' });

const grid = (page: Page) => page.getByRole('grid', { name: /^Transactions: / });
const rows = (page: Page) => grid(page).getByRole('row').filter({ has: page.getByRole('gridcell') });
const syncButton = (page: Page) => page.getByRole('button', { name: /^Sync status: / });

async function openBookkeeping(page: Page, query = '') {
  await page.goto(`/en/accounting-ai/bookkeeping${query}`);
  await expect(grid(page)).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

test('lists the year of books with totals, filters from the URL and sorts by amount', async ({ page }) => {
  await logInAs(page, demo);
  await openBookkeeping(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill('wework');
  await expect(page).toHaveURL(/q=wework/);
  await expect(page.getByText(/^1[23] transactions$/)).toBeVisible();
  await expect(rows(page).first()).toContainText('WEWORK MEMBERSHIP NYC');
  await expect(rows(page).first()).toContainText('-$450');

  await page.getByLabel('Category', { exact: true }).selectOption('uncategorised');
  await expect(page).toHaveURL(/category=uncategorised/);
  await page.getByRole('button', { name: /Clear 2 filters/ }).click();
  await expect(page).not.toHaveURL(/q=|category=/);

  await page.getByRole('button', { name: 'Amount', exact: true }).click();
  await expect(page).toHaveURL(/sort=amount/);
  await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'descending');
  await expect(rows(page).first()).toContainText('OWNER CAPITAL CONTRIBUTION');

  // Spanish formats: day first, comma decimals.
  await page.goto('/es/accounting-ai/bookkeeping?q=wework');
  await expect(page.getByRole('grid', { name: /^Transacciones: / }).getByRole('row').nth(1)).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByText(/^1[23] transacciones$/)).toBeVisible();
});

test('categorises and checks rows with the keyboard, undoes, and lists the shortcuts', async ({ page }) => {
  await logInAs(page, demo);
  await openBookkeeping(page, '?q=T-MOBILE');
  const first = rows(page).nth(0);
  const second = rows(page).nth(1);
  await first.getByRole('gridcell').nth(1).click();
  await expect(grid(page)).toBeFocused();

  await page.keyboard.press('Enter');
  const picker = page.getByRole('combobox', { name: /^Category of T-MOBILE POSTPAID/ });
  await expect(picker).toBeFocused();
  await page.keyboard.type('phone');
  await expect(page.getByRole('listbox', { name: 'Categories' }).getByRole('option', { name: 'Phone and internet' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(first.getByRole('button', { name: /Phone and internet/ })).toBeVisible();
  await expect(grid(page)).toBeFocused();

  const firstChecked = first.getByRole('checkbox', { name: /^Checked: / });
  const secondChecked = second.getByRole('checkbox', { name: /^Checked: / });
  await expect(firstChecked).not.toBeChecked();
  await page.keyboard.press(' ');
  await expect(firstChecked).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(second).toHaveAttribute('data-active', 'true');
  const before = await secondChecked.isChecked();
  await page.keyboard.press(' ');
  await expect(secondChecked).toBeChecked({ checked: !before });
  await page.keyboard.press('Control+z');
  await expect(secondChecked).toBeChecked({ checked: before });
  await expect(firstChecked).toBeChecked();

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByText('Check or uncheck')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});

test('a new transaction by hand: the invalid date is explained, then it is created', async ({ page }) => {
  await logInAs(page, demo);
  await openBookkeeping(page);
  await page.getByRole('button', { name: 'New transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'New transaction' });
  await dialog.getByLabel('Date').fill('');
  await dialog.getByLabel('Description').fill('Coworking day pass Lisbon');
  await dialog.getByLabel('Amount ($)').fill('1,234.5');
  await dialog.getByRole('button', { name: 'Create transaction' }).click();
  await expect(dialog.getByText('Enter a valid date.')).toBeVisible();
  await dialog.getByLabel('Date').fill('2026-02-03');
  await dialog.getByRole('button', { name: 'Create transaction' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search' }).fill('coworking day pass');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('-$1,234.50');
});
