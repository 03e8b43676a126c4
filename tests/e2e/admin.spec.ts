import { test } from './support/test';
import { admin, expect, logInAs } from './support/alta';
import { customerWithCompany } from './support/checkout';

// The admin area (issue 14, decision 028) in the browser: find a user, see their companies,
// copy the filtered e-mails, act as the user and come back, move a company along SPEC §4.
test.use({ serviceWorkers: 'block' });
// Each test first makes a customer through the API (account, order, payment): more than the default budget on a loaded machine.
test.setTimeout(120_000);

/** Names take letters only (SPEC §5): a random run of them keeps each test's customer apart. */
const letters = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

test('the admin finds a user without accents, opens their companies, copies e-mails, acts as them and returns', async ({ browser, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const lastName = `Muñoz${letters()}`;
  const customer = await customerWithCompany(request, { label: 'admin-customer', lastName });
  const context = await browser.newContext({ serviceWorkers: 'block', permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await logInAs(page, admin, 'en');
  await expect(page).toHaveURL('/en/admin');

  await page.getByLabel('Search by name, email, phone or company').fill(`inigo ${lastName.replace('ñ', 'n').toUpperCase()}`);
  const row = page.getByRole('row', { name: new RegExp(customer.email) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Showing 1 of 1' })).toBeVisible();

  await row.getByRole('button', { name: /1 company/ }).click();
  const companies = page.getByRole('dialog', { name: `Companies of ${customer.name}` });
  await expect(companies.getByRole('link', { name: 'Andes Labs' })).toBeVisible();
  await expect(companies).toContainText('Owner');
  await companies.getByRole('button', { name: 'Close' }).click();
  await expect(companies).toBeHidden();

  await page.getByRole('button', { name: 'Copy emails' }).click();
  await expect(page.getByText('1 email copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(customer.email);

  await row.getByRole('button', { name: `Log in as ${customer.name}` }).click();
  await expect(page).toHaveURL('/en/dashboard');
  const banner = page.getByRole('region', { name: 'Return to admin' });
  await expect(banner).toContainText(`You are acting as ${customer.name} (${customer.email}).`);
  await expect(page.getByRole('link', { name: /Andes Labs/ })).toBeVisible();
  // The banner stays on every page of the customer's area. The page's own reminder check
  // finishes first: a request still in flight when the session changes back would answer 401.
  const reminderChecked = page.waitForResponse((response) => response.url().includes('/api/v1/renewals/summary'));
  await page.goto('/en/teammates');
  await expect(banner).toBeVisible();
  await reminderChecked;

  await banner.getByRole('button', { name: 'Return to admin' }).click();
  await expect(page).toHaveURL('/en/admin');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Return to admin' })).toHaveCount(0);
  await context.close();
  await request.dispose();
});

test("the admin moves a company's status and its owner's dashboard shows the new step", async ({ browser, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const customer = await customerWithCompany(request, { label: 'admin-customer', lastName: `Status${letters()}` });
  const adminPage = await browser.newPage({ serviceWorkers: 'block' });
  await logInAs(adminPage, admin, 'en');
  await adminPage.goto('/en/admin/companies');
  await adminPage.getByLabel('Search by company name, order number or owner').fill(customer.email);
  await expect(adminPage.getByRole('status').filter({ hasText: 'Showing 1 of 1' })).toBeVisible();
  await adminPage.getByRole('link', { name: 'Andes Labs' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Progress status: Start' })).toBeVisible();
  await adminPage.getByLabel('Move to').selectOption({ label: 'Registered in the state' });
  await adminPage.getByRole('button', { name: 'Change status' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Progress status: Registered in the state' })).toBeVisible();
  await expect(adminPage.getByRole('cell', { name: 'Status changed' })).toBeVisible();

  const ownerPage = await browser.newPage({ serviceWorkers: 'block' });
  await logInAs(ownerPage, customer, 'en');
  await expect(ownerPage).toHaveURL('/en/dashboard');
  await expect(ownerPage.getByRole('link', { name: /Andes Labs/ })).toContainText('Registered in the state');
  await adminPage.close();
  await ownerPage.close();
  await request.dispose();
});
