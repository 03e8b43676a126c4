import type { APIRequestContext, Page } from '@playwright/test';
import { LoginPage, admin, blockedAnswer, demo, logInAs, uniqueEmail } from './support/alta';
import { readResetCode } from './support/outbox';
import { expect, failing, test } from './support/test';

// These tests are about screens and timers, not the installed app: the service worker would
// only compete with the pages (and could answer /config from its cache).
test.use({ serviceWorkers: 'block' });

/** A fresh account made through the real API (its own request context: the page stays signed out). */
async function registerAccount(request: APIRequestContext, label: string) {
  const account = { email: uniqueEmail(label), password: 'Start#2026x', firstName: 'Reset', lastName: 'Tester' };
  const response = await request.post('/api/v1/users', { data: { ...account, language: 'en', acceptTerms: true } });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** Stops the page's fake clock, so every timer registered from now on is due at an exact fake time. */
async function pauseClock(page: Page) {
  await page.clock.pauseAt(Date.now() + 60_000);
}

test.describe('password reset through the mailed code', () => {
  test('request, read the code from the outbox, confirm, count down 3 s to login, log in with the new password', async ({ page, request }) => {
    test.slow(); // a registration, a mail and three argon2 checks on a shared 2-core machine
    const account = await registerAccount(request, 'reset');
    await page.clock.install();
    await page.goto('/en/reset-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    const requestedAt = Date.now();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send code' }).click();

    await expect(page).toHaveURL('/en/reset-password/confirm');
    await expect(page.getByText('If an account exists for this email, we have sent it a security code.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    const code = await readResetCode(account.email, requestedAt);
    await page.getByLabel('Security code').fill(code);
    await page.getByLabel('New password', { exact: true }).fill('Changed#2026y');
    await page.getByLabel('Repeat password', { exact: true }).fill('Changed#2026y');

    // From here the countdown's timers only move when the test moves the clock.
    await pauseClock(page);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    await expect(page.getByText('Taking you to login in 3 seconds.')).toBeVisible();
    await page.clock.runFor(1000);
    await expect(page.getByText('Taking you to login in 2 seconds.')).toBeVisible();
    await page.clock.runFor(1000);
    await expect(page.getByText('Taking you to login in 1 second.')).toBeVisible();
    await expect(page).toHaveURL('/en/reset-password/confirm');
    await page.clock.runFor(1000);
    await expect(page).toHaveURL('/en/login');
    await page.clock.resume();

    const login = new LoginPage(page, 'en');
    await expect(login.heading).toBeVisible();
    await login.logIn({ email: account.email, password: account.password });
    await expect(page.getByRole('alert').filter({ hasText: 'Email and/or password are incorrect.' })).toBeVisible();
    await login.password.fill('Changed#2026y');
    await login.submit.click();
    await expect(page).toHaveURL('/en/dashboard');
  });
});

test.describe('blocked account', () => {
  const blockedLogin = (page: Page) => page.route('**/api/v1/login', (route) => route.fulfill(blockedAnswer));

  test('a blocked user who logs in sees the payment-expired popup and stays on login', async ({ page }) => {
    await blockedLogin(page);
    const login = new LoginPage(page, 'en');
    await login.goto();
    await login.logIn(demo);
    const popup = page.getByRole('dialog', { name: 'Your payment has expired' });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('Your account is paused because a payment was not completed.');
    await expect(page.getByRole('alert').filter({ hasText: 'Email and/or password are incorrect.' })).toHaveCount(0);
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(popup).toBeHidden();
    await expect(page).toHaveURL('/en/login');
  });

  test.describe('its closing animation', () => {
    test.use({ reducedMotion: 'no-preference' });
    test('the popup stays 3000 ms, then closes with a 300 ms animation', async ({ page }) => {
      await blockedLogin(page);
      await page.clock.install();
      const login = new LoginPage(page, 'en');
      await login.goto();
      await login.email.fill(demo.email);
      await login.password.fill(demo.password);
      await pauseClock(page);
      await login.submit.click();
      const popup = page.getByRole('dialog', { name: 'Your payment has expired' });
      await expect(popup).toBeVisible();
      const backdrop = popup.locator('..');

      await page.clock.runFor(2999);
      await expect(popup).toBeVisible();
      await expect(backdrop).not.toHaveClass(/closing/);
      await page.clock.runFor(1);
      await expect(backdrop).toHaveClass(/closing/);
      await expect(popup).toBeVisible();
      await page.clock.runFor(290);
      await expect(popup).toBeVisible();
      await page.clock.runFor(10);
      await expect(popup).toBeHidden();
    });
  });
});

test.describe('toasts', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('a toast stays 3000 ms, then closes with a 300 ms animation', async ({ page }) => {
    await page.clock.install();
    await page.goto('/en/contact');
    await page.getByLabel('Name').fill('Toast Timer');
    await page.getByLabel('Email').fill(uniqueEmail('toast'));
    await page.getByLabel('Message').fill('Checking how long the confirmation stays on screen.');
    await pauseClock(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Message sent successfully!' });
    await expect(toast).toBeVisible();

    await page.clock.runFor(2999);
    await expect(toast).toBeVisible();
    await expect(toast).not.toHaveClass(/closing/);
    await page.clock.runFor(1);
    await expect(toast).toHaveClass(/closing/);
    await page.clock.runFor(299);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1);
    await expect(toast).toHaveCount(0);
  });
});

test.describe('Google sign-in button', () => {
  const clientId = 'alta-e2e.apps.googleusercontent.com';

  test.describe('when the server has a Google client id', () => {
    // The stand-in Google script below is served from Google's address, which only the CSP of a
    // server started with GOOGLE_CLIENT_ID allows; the shared test server has none.
    test.use({ bypassCSP: true });
    // The token the stand-in Google hands over is no real Google token: the server refuses it with
    // 401 `google_auth_failed`, as it refuses any forged one.
    test.use({ expectedFailures: failing({ status: 401, url: /\/api\/v1\/login$/ }) });

    test('is shown on login and hands Google’s token to POST /login', async ({ page }) => {
      await page.route('**/api/v1/config', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), googleClientId: clientId } });
      });
      await page.route('https://accounts.google.com/gsi/client', (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: `window.google = { accounts: { id: {
            initialize(options) { window.__gsi = options; },
            renderButton(element) {
              const button = document.createElement('button');
              button.type = 'button';
              button.textContent = 'Continue with Google';
              button.onclick = () => window.__gsi.callback({ credential: 'google-id-token' });
              element.append(button);
            },
          } } };`,
        }),
      );
      const login = new LoginPage(page, 'en');
      await login.goto();
      const google = page.getByRole('button', { name: 'Continue with Google' });
      await expect(google).toBeVisible();
      await expect(page.getByText('or', { exact: true })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __gsi: { client_id: string } }).__gsi.client_id)).toBe(clientId);

      const sent = page.waitForRequest((candidate) => candidate.url().endsWith('/api/v1/login') && candidate.method() === 'POST');
      await google.click();
      expect((await sent).postDataJSON()).toMatchObject({ token: 'google-id-token' });
    });
  });

  test('is absent when the server has no Google client id', async ({ page }) => {
    const google: string[] = [];
    page.on('request', (candidate) => {
      if (candidate.url().startsWith('https://accounts.google.com/')) google.push(candidate.url());
    });
    const config = page.waitForResponse((response) => response.url().endsWith('/api/v1/config'));
    const login = new LoginPage(page, 'en');
    await login.goto();
    expect(await (await config).json()).toMatchObject({ googleClientId: null });
    await expect(login.submit).toBeVisible();
    await expect(page.getByRole('button', { name: /Google/ })).toHaveCount(0);
    await expect(page.getByText('or', { exact: true })).toHaveCount(0);
    expect(google).toEqual([]);
  });
});

test.describe('admin chrome', () => {
  test.use({ viewport: { width: 410, height: 800 } });

  test('the footer shows on public pages and is hidden on dashboard paths', async ({ page }) => {
    await page.goto('/en/faq');
    await expect(page.getByRole('contentinfo')).toBeVisible();

    await logInAs(page, demo, 'en');
    await expect(page).toHaveURL('/en/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await page.goto('/en/subscriptions');
    await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('the footer is hidden on admin paths', async ({ page }) => {
    await page.goto('/en/requirements');
    await expect(page.getByRole('contentinfo')).toBeVisible();

    await logInAs(page, admin, 'en');
    await expect(page).toHaveURL('/en/admin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await page.goto('/en/admin/companies');
    await expect(page).toHaveURL('/en/admin/companies');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('the admin drawer has admin, admin companies and logout, and nothing of the user area', async ({ page }) => {
    await logInAs(page, admin, 'en');
    await expect(page).toHaveURL('/en/admin');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Companies', exact: true })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Log out' })).toBeVisible();
    for (const item of ['My companies', 'Mailing', 'Banking & crypto', 'Accounting AI', 'Teammates', 'Go to the website']) {
      await expect(drawer.getByRole('link', { name: item, exact: true })).toHaveCount(0);
    }

    await drawer.getByRole('link', { name: 'Companies', exact: true }).click();
    await expect(page).toHaveURL('/en/admin/companies');
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page).toHaveURL('/en/admin');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('button', { name: 'Log out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Log out of Alta?' });
    await confirm.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/en/login');
  });
});
