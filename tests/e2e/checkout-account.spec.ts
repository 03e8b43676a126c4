import type { Page } from '@playwright/test';
import { test } from './support/test';
import { expect, LoginPage, uniqueEmail } from './support/alta';
import { createAccount, openCheckout, placeOrder, sandboxCards } from './support/checkout';

// After paying: 'User exists' → login, 'User does not exist' → create the account, and the
// order's company lands in that account (SPEC §4) with the company-created popup.
test.use({ serviceWorkers: 'block' });

async function expectCompanyInDashboard(page: Page, orderNumber: string) {
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  const popup = page.getByRole('dialog', { name: 'Company created' });
  await expect(popup).toContainText('Andes Labs is on its way.');
  const company = page.getByRole('link', { name: /Andes Labs/ });
  await expect(company).toContainText('Step 1 of 8: Start');
  await expect(company).toContainText('Plan Standard, billed monthly');
  await expect(company).toContainText(`Order ${orderNumber}`);
  // The popup closes on a click (SPEC §4) and does not come back: the new-company flag is reset.
  await popup.click();
  await expect(popup).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('alta.newCompany'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('alta.paidOrders'))).toBeNull();
  await page.reload();
  await expect(company).toBeVisible();
  await expect(popup).toHaveCount(0);
}

test('a new customer pays, creates the account from the order and finds the company in the dashboard', async ({ page, request }) => {
  test.slow(); // payment, popup, registration (argon2) and the dashboard
  const order = await placeOrder(request);
  const checkout = await openCheckout(page, order, 'en');
  await checkout.pay({ number: sandboxCards.success });
  await expect(checkout.successPopup).toContainText(`User does not exist: create your account with ${order.email}`);

  // The popup closes by itself after 3000 ms and leads to account creation, prefilled from the order.
  await expect(page).toHaveURL(/\/en\/register$/);
  await expect(page.getByRole('status')).toContainText(`Order ${order.orderNumber} is paid.`);
  await expect(page.getByLabel('First name')).toHaveValue('María');
  await expect(page.getByLabel('Last name')).toHaveValue('González');
  await expect(page.getByLabel('Email')).toHaveValue(order.email);
  await page.getByLabel('Country code').selectOption('AR');
  await page.getByLabel('Phone number').fill('11 5555-1234');
  await page.getByLabel('Password', { exact: true }).fill('Alta#2026go');
  await page.getByLabel('Repeat password').fill('Alta#2026go');
  await page.getByLabel(/I accept the terms and conditions/).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expectCompanyInDashboard(page, order.orderNumber);
});

test("an existing user's email is 'User exists': login attaches the company", async ({ page, request }) => {
  test.slow();
  const account = await createAccount(request, uniqueEmail('existing'));
  const order = await placeOrder(request, { email: account.email });
  const checkout = await openCheckout(page, order, 'en');
  await checkout.pay({ number: sandboxCards.success });
  await expect(checkout.successPopup).toContainText(`User exists: log in with ${account.email}`);
  // A click closes it at once (with its closing animation).
  await checkout.successPopup.click();

  await expect(page).toHaveURL(/\/en\/login$/);
  await expect(page.getByRole('status')).toContainText(`Order ${order.orderNumber} is paid.`);
  const login = new LoginPage(page, 'en');
  await expect(login.email).toHaveValue(account.email);
  await login.password.fill(account.password);
  await login.submit.click();

  await expectCompanyInDashboard(page, order.orderNumber);
});

test('a customer who leaves after paying gets the company at the next login', async ({ page, request }) => {
  test.slow();
  const account = await createAccount(request, uniqueEmail('later'));
  const order = await placeOrder(request, { email: account.email });
  const checkout = await openCheckout(page, order, 'en');
  await checkout.pay({ number: sandboxCards.success });
  await expect(checkout.successPopup).toBeVisible();

  // Away from the checkout before the popup leads anywhere: the paid order is remembered.
  await page.goto('/en/faq');
  await page.goto(`/en/checkout/${order.orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This order is paid' })).toBeVisible();
  await page.goto('/en/login');
  await new LoginPage(page, 'en').logIn(account);

  await expectCompanyInDashboard(page, order.orderNumber);
});
