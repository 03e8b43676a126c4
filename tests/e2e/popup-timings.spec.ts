import { test, type Page } from '@playwright/test';
import { expect, LoginPage, uniqueEmail } from './support/alta';
import { createAccount, openCheckout, placeOrder, sandboxCards } from './support/checkout';

// SPEC §4 timings, on Playwright's fake clock: a popup closes by itself after 3000 ms with a
// 300 ms closing animation; the company-created popup stays three times 3000 ms, then the
// new-company flag (localStorage `alta.newCompany`) is reset.
test.use({ serviceWorkers: 'block' });

/** Freezes the page's clock a little ahead, so the popup's timer starts from a time the test controls. */
async function freezeClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

test('the payment-success popup stays 3000 ms, closes with a 300 ms animation, then leads on', async ({ page, request }) => {
  const order = await placeOrder(request);
  await page.clock.install();
  const checkout = await openCheckout(page, order, 'en');
  await checkout.fillCard({ number: sandboxCards.success });
  await freezeClock(page);
  await checkout.payButton.click();
  const popup = checkout.successPopup;
  await expect(popup).toBeVisible();

  await page.clock.runFor(2999);
  await expect(popup).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/en/checkout/${order.orderId}$`));
  // At 3000 ms the closing animation starts: the popup is still there during its 300 ms.
  await page.clock.runFor(1);
  await page.clock.runFor(298);
  await expect(popup).toBeVisible();
  await page.clock.runFor(2);
  await expect(popup).toBeHidden();
  await expect(page).toHaveURL(/\/en\/register$/);
});

test('a click closes the payment-success popup after the 300 ms animation, before its 3000 ms', async ({ page, request }) => {
  const account = await createAccount(request, uniqueEmail('popup-click'));
  const order = await placeOrder(request, { email: account.email });
  await page.clock.install();
  const checkout = await openCheckout(page, order, 'en');
  await checkout.fillCard({ number: sandboxCards.success });
  await freezeClock(page);
  await checkout.payButton.click();
  const popup = checkout.successPopup;
  await expect(popup).toContainText(`User exists: log in with ${account.email}`);

  await page.clock.runFor(1000);
  await popup.click();
  await page.clock.runFor(299);
  await expect(popup).toBeVisible();
  await page.clock.runFor(1);
  await expect(popup).toBeHidden();
  await expect(page).toHaveURL(/\/en\/login$/);
});

test('the company-created popup stays 3 × 3000 ms, then closes and resets the new-company flag', async ({ page, request }) => {
  test.slow(); // payment, login (argon2), claim and the dashboard
  const account = await createAccount(request, uniqueEmail('popup-created'));
  const order = await placeOrder(request, { email: account.email });
  await page.clock.install();
  const checkout = await openCheckout(page, order, 'en');
  await checkout.pay({ number: sandboxCards.success });
  await checkout.successPopup.click();
  await expect(page).toHaveURL(/\/en\/login$/);
  const login = new LoginPage(page, 'en');
  await expect(login.email).toHaveValue(account.email);
  await login.password.fill(account.password);
  await freezeClock(page);
  await login.submit.click();

  await expect(page).toHaveURL(/\/en\/dashboard$/);
  const popup = page.getByRole('dialog', { name: 'Company created' });
  await expect(popup).toContainText('Andes Labs is on its way.');
  expect(await page.evaluate(() => localStorage.getItem('alta.newCompany'))).not.toBeNull();

  await page.clock.runFor(3000);
  await expect(popup).toBeVisible();
  await page.clock.runFor(3000);
  await expect(popup).toBeVisible();
  await page.clock.runFor(2999);
  await expect(popup).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('alta.newCompany'))).not.toBeNull();
  // 9000 ms: the closing animation starts; 300 ms later it is gone and the flag is reset.
  await page.clock.runFor(1);
  await page.clock.runFor(298);
  await expect(popup).toBeVisible();
  await page.clock.runFor(2);
  await expect(popup).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('alta.newCompany'))).toBeNull();
  await expect(page.getByRole('link', { name: /Andes Labs/ })).toBeVisible();
});
