import { test, type Page } from '@playwright/test';
import { demo, expect, logInAs } from './support/alta';

// The bookkeeping workspace on the demo company's year of books (server/seed.ts).
test.use({ serviceWorkers: 'block' });

const grid = (page: Page) => page.getByRole('grid', { name: /^Transactions: / });
const row = (page: Page, description: string | RegExp) => grid(page).getByRole('row').filter({ hasText: description });

async function openBookkeeping(page: Page, query = '') {
  await logInAs(page, demo);
  await page.goto(`/en/accounting-ai/bookkeeping${query}`);
  await expect(grid(page)).toBeVisible();
  await expect(grid(page).getByRole('row').nth(1)).toBeVisible();
}

test('lists the year of books with totals, filters from the URL and sorts by amount', async ({ page }) => {
  await openBookkeeping(page);
  await page.screenshot({ path: 'test-results/bookkeeping-list.png', fullPage: true });
  await page.getByRole('searchbox', { name: 'Search' }).fill('wework');
  await expect(page).toHaveURL(/q=wework/);
  await expect(row(page, 'WEWORK MEMBERSHIP NYC').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /transactions?$/ }).first()).toBeVisible();
  await page.getByLabel('Category', { exact: true }).selectOption('uncategorised');
  await expect(page).toHaveURL(/category=uncategorised/);
});
