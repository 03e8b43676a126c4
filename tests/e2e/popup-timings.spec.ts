import { expect, test } from './support/test';
import { LoginPage, uniqueEmail } from './support/alta';
import { createAccount, openCheckout, placeOrder, sandboxCards } from './support/checkout';
import { readMailedLink } from './support/outbox';
import { expectAutoClose, expectClosingAnimation, freezeClock } from './support/popup-clock';

// SPEC §4 timings, on Playwright's fake clock: a popup closes by itself after 3000 ms with a
// 300 ms closing animation; the company-created popup stays three times 3000 ms, then the
// new-company flag (localStorage `alta.newCompany`) is reset.
test.use({ serviceWorkers: 'block', reducedMotion: 'no-preference' });

test('the payment-success popup stays 3000 ms, closes with a 300 ms animation, then leads on', async ({ page, request }) => {
  const order = await placeOrder(request);
  await page.clock.install();
  const checkout = await openCheckout(page, order, 'en');
  await checkout.fillCard({ number: sandboxCards.success });
  await freezeClock(page);
  await checkout.payButton.click();
  const popup = checkout.successPopup;
  await expect(popup).toBeVisible();

  await expectAutoClose(page, popup, 3000, async () => {
    await expect(page).toHaveURL(new RegExp(`/en/checkout/${order.orderId}$`));
  });
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
  await expect(popup).toContainText(
    `We sent the receipt to ${account.email} with a link that adds the company to your account. Log in with that email and open the link.`,
  );

  await page.clock.runFor(1000);
  await popup.click();
  await expectClosingAnimation(page, popup);
  await expect(page).toHaveURL(/\/en\/login$/);
});

test('the company-created popup stays 3 × 3000 ms, then closes and resets the new-company flag', async ({ page, request }) => {
  test.slow(); // payment, login (argon2), claim and the dashboard
  const account = await createAccount(request, uniqueEmail('popup-created'));
  const order = await placeOrder(request, { email: account.email });
  const since = Date.now();
  await page.clock.install();
  const checkout = await openCheckout(page, order, 'en');
  await checkout.pay({ number: sandboxCards.success });
  await checkout.successPopup.click();
  await expect(page).toHaveURL(/\/en\/login$/);
  // The receipt's claim link (decision 017), opened signed out: log in from it, and it brings the company.
  await page.goto(await readMailedLink(account.email, since, 'claim'));
  await page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }).click();
  const login = new LoginPage(page, 'en');
  await login.email.fill(account.email);
  await login.password.fill(account.password);
  await freezeClock(page);
  await login.submit.click();

  await expect(page).toHaveURL(/\/en\/dashboard$/);
  const popup = page.getByRole('dialog', { name: 'Company created' });
  await expect(popup).toContainText('Andes Labs is on its way.');
  expect(await page.evaluate(() => localStorage.getItem('alta.newCompany'))).not.toBeNull();

  // Three times 3000 ms: still shown after the first two, closing at 9000 ms, gone 300 ms later.
  await page.clock.runFor(3000);
  await expect(popup).toBeVisible();
  await page.clock.runFor(3000);
  await expect(popup).toBeVisible();
  await expectAutoClose(page, popup, 3000, async () => {
    expect(await page.evaluate(() => localStorage.getItem('alta.newCompany'))).not.toBeNull();
  });
  expect(await page.evaluate(() => localStorage.getItem('alta.newCompany'))).toBeNull();
  await expect(page.getByRole('link', { name: /Andes Labs/ })).toBeVisible();
});
