import type { Browser, Page } from '@playwright/test';
import { LoginPage, uniqueEmail } from './support/alta';
import { createAccount, openCheckout, placeOrder, sandboxCards, type PlacedOrder } from './support/checkout';
import { readMailedLink } from './support/outbox';
import { submitWizardOrder, WizardPage } from './support/wizard';
import { expect, test } from './support/test';

// Issue 8 §1, §2 and the payment-success popup (decision 017): a paid company follows its
// email to any device, but only to an account that proved that email; a signed-in owner adds
// a company as themselves without being signed out.
test.use({ serviceWorkers: 'block' });

const password = 'Alta#2026go';

/** A fresh browser (its own storage and cookies), as a second device would be. */
async function secondDevice(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  return context.newPage();
}

async function registerThroughForm(page: Page, email: string, options: { phoneKept?: boolean } = {}) {
  if (!options.phoneKept) {
    await page.goto('/en/register');
    await page.getByLabel('First name').fill('María');
    await page.getByLabel('Last name').fill('González');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Country code').selectOption('AR');
    await page.getByLabel('Phone number').fill('11 5555-1234');
  }
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByLabel(/I accept the terms and conditions/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/en\/dashboard$/);
}

async function payAsGuest(page: Page, order: PlacedOrder) {
  const checkout = await openCheckout(page, order, 'en');
  await checkout.pay({ number: sandboxCards.success });
  return checkout;
}

async function expectCompanyArrived(page: Page, orderNumber: string) {
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  const popup = page.getByRole('dialog', { name: 'Company created' });
  await expect(popup).toContainText('Andes Labs is on its way.');
  const company = page.getByRole('link', { name: /Andes Labs/ });
  await expect(company).toContainText('Step 1 of 8: Start');
  await expect(company).toContainText(`Order ${orderNumber}`);
  await popup.click();
  await expect(popup).toBeHidden();
}

test('paid as a guest on one device, the company is claimed on another through the receipt’s link', async ({ page, request, browser }) => {
  test.slow(); // a payment, a registration (argon2), mail and two browsers
  const order = await placeOrder(request);
  const since = Date.now();
  const checkout = await payAsGuest(page, order);
  // Plain words on what comes next, no "user does not exist".
  await expect(checkout.successPopup).toContainText(`Order ${order.orderNumber} is paid.`);
  await expect(checkout.successPopup).toContainText(`We sent the receipt to ${order.email}. Create your account with that email`);

  // Another device: the account is created there with the same email, which proves nothing yet.
  const other = await secondDevice(browser);
  await registerThroughForm(other, order.email);
  await expect(other.getByText('You do not have any companies yet. Choose how you want to start.')).toBeVisible();
  await expect(other.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();

  // The receipt's claim link, opened on that device, adds the company to the signed-in account.
  const link = await readMailedLink(order.email, since, 'claim');
  await other.goto(link);
  await expectCompanyArrived(other, order.orderNumber);
  // The link proved the account's email too: no more "confirm your email".
  await other.reload();
  await expect(other.getByRole('heading', { name: 'Confirm your email' })).toHaveCount(0);
  // Opened again by its owner, it changes nothing: still one company.
  await other.goto(link);
  await expect(other).toHaveURL(/\/en\/dashboard$/);
  await expect(other.getByRole('link', { name: /Andes Labs/ })).toHaveCount(1);
  await other.context().close();
});

test('a stranger who registers with the payer’s email but cannot prove it sees nothing', async ({ page, request, browser }) => {
  test.slow();
  const order = await placeOrder(request);
  await payAsGuest(page, order);
  await expect(page).toHaveURL(/\/en\/register$/);

  const stranger = await secondDevice(browser);
  await registerThroughForm(stranger, order.email);
  await expect(stranger.getByText('You do not have any companies yet. Choose how you want to start.')).toBeVisible();
  // Signing in again brings nothing either.
  await stranger.goto('/en/login');
  await expect(stranger).toHaveURL(/\/en\/dashboard$/);
  await expect(stranger.getByRole('link', { name: /Andes Labs/ })).toHaveCount(0);
  // Without the mailed link, the claim page has nothing to use.
  await stranger.goto('/en/claim');
  await expect(stranger.getByRole('alert')).toContainText('This link is incomplete');
  const view = await request.get(`/api/v1/orders/${order.orderId}`, { headers: { 'X-Checkout-Token': order.checkoutToken } });
  expect(((await view.json()) as { claimed: boolean }).claimed).toBe(false);
  await stranger.context().close();
});

test('registration after payment keeps the phone, and confirming the email brings the company', async ({ page, request }) => {
  test.slow();
  const order = await placeOrder(request);
  const since = Date.now();
  const checkout = await payAsGuest(page, order);
  await expect(checkout.successPopup).toBeVisible();
  // The popup leads to account creation, prefilled with everything the wizard collected.
  await expect(page).toHaveURL(/\/en\/register$/);
  await expect(page.getByRole('status')).toContainText(`Order ${order.orderNumber} is paid.`);
  await expect(page.getByLabel('Email')).toHaveValue(order.email);
  await expect(page.getByLabel('Country code')).toHaveValue('AR');
  await expect(page.getByLabel('Phone number')).toHaveValue('91155551234');
  await registerThroughForm(page, order.email, { phoneKept: true });

  // The order number and the next step stay on the dashboard until the company arrives.
  await expect(
    page.getByText(`Order ${order.orderNumber} is paid: to add the company to your account, open the link in the receipt we sent to ${order.email}.`),
  ).toBeVisible();
  const me = await page.request.get('/api/v1/users/me');
  expect(((await me.json()) as { phone: string }).phone).toBe('+5491155551234');

  // The welcome mail's link proves the email, which brings every paid order of it.
  await page.goto(await readMailedLink(order.email, since, 'verify-email'));
  await expectCompanyArrived(page, order.orderNumber);
  await expect(page.getByText(`Order ${order.orderNumber} is paid: to add`)).toHaveCount(0);
});

test('a claim link opened while signed out asks to log in, then adds the company', async ({ page, request }) => {
  test.slow();
  // The order first: the account made through the API signs that request context in.
  const email = uniqueEmail('claim-later');
  const order = await placeOrder(request, { email });
  const account = await createAccount(request, email);
  const since = Date.now();
  const checkout = await payAsGuest(page, order);
  await expect(checkout.successPopup).toContainText(`Log in with that email and open the link.`);
  await page.goto(await readMailedLink(account.email, since, 'claim'));
  await expect(page.getByRole('heading', { level: 1, name: 'Add your company to your account' })).toBeVisible();
  // The secret leaves the address bar at once.
  expect(new URL(page.url()).hash).toBe('');
  await page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }).click();
  await new LoginPage(page, 'en').logIn(account);
  await expectCompanyArrived(page, order.orderNumber);
});

test('a signed-in owner adds companies as themselves and stays signed in', async ({ page, request }) => {
  test.slow(); // a wizard, a payment and the dashboard
  const account = await createAccount(request, uniqueEmail('owner'));
  await page.goto('/en/login');
  await new LoginPage(page, 'en').logIn(account);
  await expect(page).toHaveURL(/\/en\/dashboard$/);

  // The dashboard's "Create a company" opens the wizard without signing out, "your info" from the profile.
  await page.getByRole('link', { name: 'Create a company' }).click();
  await expect(page).toHaveURL(/\/en\/create-company$/);
  const wizard = new WizardPage(page, 'en');
  await wizard.expectStep('owner');
  await expect(wizard.field(wizard.words.firstName)).toHaveValue('Lucía');
  await expect(wizard.field(wizard.words.email)).toHaveValue(account.email);
  await expect(page.getByRole('link', { name: 'My dashboard' })).toBeVisible();
  expect((await page.request.get('/api/v1/users/me')).status()).toBe(200);

  // The top bar's "Start now" also keeps the session; the crypto wizard is paid as the owner.
  await page.getByRole('banner').getByRole('link', { name: 'Start now', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/start-now$/);
  expect((await page.request.get('/api/v1/users/me')).status()).toBe(200);
  await wizard.goto('crossBorderCrypto');
  const w = wizard.words;
  await expect(wizard.field(w.email)).toHaveValue(account.email);
  await wizard.field(w.phoneCountry).selectOption('BR');
  await wizard.field(w.phoneNumber).fill('11912345678');
  await wizard.next('business');
  await wizard.field(w.legalName).fill('Pereira Trading');
  await wizard.field(w.registrationCountry).selectOption('BR');
  await wizard.next('residence');
  await wizard.field(w.residenceCountry).selectOption('BR');
  await wizard.next('plan');
  await page.getByRole('radio', { name: /^Monthly/ }).check();
  await page.getByRole('radio', { name: 'Standard', exact: true }).check();
  await submitWizardOrder(page, 'en');
  const checkout = page.getByRole('button', { name: /^Pay \$/ });
  await expect(checkout).toBeEnabled();
  await page.getByLabel('Card number').fill(sandboxCards.success);
  await page.getByLabel('Name on the card').fill('Lucía Fernández');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('ZIP or postal code').fill('01000');
  await page.getByLabel('Country or nationality').selectOption('BR');
  await checkout.click();
  await expect(page.getByRole('dialog', { name: 'Payment successful' })).toContainText('The company is already in your dashboard');

  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await expect(page.getByRole('link', { name: /Pereira Trading/ })).toBeVisible();
  // With a company, another can still be added, signed in.
  await expect(page.getByRole('heading', { name: 'Add another company' })).toBeVisible();
  await page.getByRole('link', { name: 'Migrate a company' }).click();
  await expect(page).toHaveURL(/\/en\/migrate-company$/);
  await expect(page.getByRole('link', { name: 'My dashboard' })).toBeVisible();
  expect((await page.request.get('/api/v1/users/me')).status()).toBe(200);
});
