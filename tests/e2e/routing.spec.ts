import { LoginPage, admin, demo, logInAs } from './support/alta';
import { expect, failing, test } from './support/test';

// These tests are about the shell, not the installed app: the service worker's precache
// download would only compete with the pages under test.
test.use({ serviceWorkers: 'block' });

test.describe('guards', () => {
  test('a visitor on a guarded page goes to login and comes back there after it', async ({ page }) => {
    await page.goto('/en/subscriptions?tab=cards');
    await expect(page).toHaveURL('/en/login?from=%2Fen%2Fsubscriptions%3Ftab%3Dcards');

    await new LoginPage(page, 'en').logIn(demo);
    await expect(page).toHaveURL('/en/subscriptions?tab=cards');
    await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  });

  test('a signed-in user on a guest-only page is sent to the dashboard', async ({ page }) => {
    await logInAs(page, demo, 'es');
    for (const guestOnly of ['/es/register', '/es/login', '/es/reset-password/confirm', '/es/continue']) {
      await page.goto(guestOnly);
      await expect(page, guestOnly).toHaveURL('/es/dashboard');
    }
    // The funnel is open to a signed-in owner, who starts another company as themselves (decision 017).
    for (const funnel of ['/es/start-now', '/es/create-company']) {
      await page.goto(funnel);
      await expect(page, funnel).toHaveURL(funnel);
    }
  });

  test('the admin is kept in the admin area and a user is kept out of it', async ({ browser }) => {
    test.slow(); // two sign-ins
    const adminPage = await browser.newPage({ serviceWorkers: 'block' });
    await logInAs(adminPage, admin, 'en');
    await expect(adminPage).toHaveURL('/en/admin');
    await adminPage.goto('/en/mailing');
    await expect(adminPage).toHaveURL('/en/admin');
    await adminPage.close();

    const userPage = await browser.newPage({ serviceWorkers: 'block' });
    await logInAs(userPage, demo, 'en');
    await userPage.goto('/en/admin/companies');
    await expect(userPage).toHaveURL('/en/dashboard');
    await userPage.close();
  });

  test('start now while signed in keeps the session and opens the funnel (decision 017)', async ({ page }) => {
    await logInAs(page, demo, 'en', '/en/coming-soon');
    await expect(page.getByRole('link', { name: 'My dashboard' })).toBeVisible();
    await page.getByRole('link', { name: 'Start now' }).click();
    await expect(page).toHaveURL('/en/start-now');
    await expect(page.getByRole('link', { name: 'My dashboard' })).toBeVisible();
    await page.goto('/en/dashboard');
    await expect(page).toHaveURL('/en/dashboard');
  });
});

test.describe('languages', () => {
  test('the language selector keeps the path, the query and the hash', async ({ page }) => {
    await page.goto('/es/reset-password?ref=mail#top');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Restablece tu contraseña');
    await page.getByRole('navigation', { name: 'Idioma' }).getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL('/en/reset-password?ref=mail#top');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Reset your password · Alta');
  });

  test('switching language on login keeps where the visitor was going', async ({ page }) => {
    await page.goto('/es/login?from=%2Fes%2Fmailing');
    await page.getByRole('navigation', { name: 'Idioma' }).getByRole('link', { name: 'Português' }).click();
    await expect(page).toHaveURL('/pt/login?from=%2Fes%2Fmailing');
    await new LoginPage(page, 'pt').logIn(demo);
    await expect(page).toHaveURL('/pt/mailing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Correspondência');
  });

  test('the root goes to the detected language: query string before storage before browser', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'pt-BR', serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL('/pt');

    await page.evaluate(() => localStorage.setItem('alta.language', 'es'));
    await page.goto('/?utm_source=newsletter');
    await expect(page).toHaveURL('/es?utm_source=newsletter');

    await page.goto('/?lng=en');
    await expect(page).toHaveURL('/en');

    // A page the app ran in a language is the language this device keeps for its next visit.
    await page.goto('/pt/reset-password/confirm');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Escolha uma nova senha');
    await page.goto('/?utm_source=newsletter');
    await expect(page).toHaveURL('/pt?utm_source=newsletter');
    await context.close();
  });
});

test.describe('unknown paths', () => {
  test('an unknown page goes to the home of its language', async ({ page }) => {
    await page.goto('/pt/no-such-page/at/all');
    await expect(page).toHaveURL('/pt');
    await page.goto('/en/dashboard/no-such-thing');
    await expect(page).toHaveURL('/en');
  });

  test('a path without a valid language goes to the detected language home', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/de/faq');
    await expect(page).toHaveURL('/en');
    await page.goto('/faq');
    await expect(page).toHaveURL('/en');
    await context.close();
  });
});

test.describe('route errors', () => {
  // Each test makes one screen's code fail to download, on purpose.
  test.use({ expectedFailures: failing({ status: 'network', url: /\/assets\/(reset-password-confirm|mailing)-[^/]*\.js$/ }) });

  test('a public page that fails shows a 3-second countdown, then reloads the public home', async ({ page }) => {
    // The screen's code cannot be downloaded (a deployment replaced it, the network dropped).
    await page.route(/\/assets\/reset-password-confirm-[^/]*\.js$/, (route) => route.abort());
    const started = Date.now();
    await page.goto('/en/reset-password/confirm');

    await expect(page.getByRole('alert')).toHaveText('Sorry, this page could not be loaded.');
    await expect(page.getByText(/^We will take you back in [123] seconds?\.$/)).toBeVisible();
    // Still inside the public chrome.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    await expect(page).toHaveURL('/en');
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
  });

  test('a dashboard page that fails leads back to the dashboard home', async ({ page }) => {
    await logInAs(page, demo, 'en');
    await page.route(/\/assets\/mailing-[^/]*\.js$/, (route) => route.abort());
    const started = Date.now();
    await page.getByRole('link', { name: 'Mailing' }).click();

    await expect(page.getByRole('alert')).toHaveText('Sorry, this page could not be loaded.');
    await expect(page).toHaveURL('/en/dashboard');
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${demo.firstName}`);
  });
});
