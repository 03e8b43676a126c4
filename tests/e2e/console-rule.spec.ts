import type { Page } from '@playwright/test';
import { LoginPage, uniqueEmail, words } from './support/alta';
import { expect, failing, test } from './support/test';

// The console rule of tests/e2e/support/test.ts (docs/decisions/056): a request the browser
// logs as failed passes only when the test declares it or the app announces it as an answer
// its screen expected. Each failing case below runs its whole body without error, so the
// failure `test.fail` expects can only be the rule's, raised once the test has run.

test.use({ serviceWorkers: 'block' });

/** Asks for the signed-in user without a session, outside the app's API client: a 401 nobody expects. */
const unexpected401 = (page: Page) => page.evaluate(async () => (await fetch('/api/v1/users/me')).status);

test('an undeclared 4xx fails the test', async ({ page }) => {
  test.fail();
  await new LoginPage(page, 'en').goto();
  expect(await unexpected401(page)).toBe(401);
});

test.describe('a declared 4xx', () => {
  test.use({ expectedFailures: failing({ status: 401, url: /\/api\/v1\/users\/me$/ }) });

  test('passes', async ({ page }) => {
    await new LoginPage(page, 'en').goto();
    expect(await unexpected401(page)).toBe(401);
  });
});

test('a 401 the login screen expects (a wrong password) passes undeclared: the app announces it', async ({ page }) => {
  const login = new LoginPage(page, 'en');
  await login.goto();
  // An unknown address answers as a wrong password does, and locks no shared account.
  await login.logIn({ email: uniqueEmail('console-rule'), password: 'Wrong#2026' });
  await expect(page.getByRole('alert')).toHaveText(words.en.wrongCredentials);
});

test('the same 401 sent outside the screen that expects it fails: the announcement is the call’s, not the address’s', async ({ page }) => {
  test.fail();
  await new LoginPage(page, 'en').goto();
  const status = await page.evaluate(
    async (email) =>
      (
        await fetch('/api/v1/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password: 'Wrong#2026' }),
        })
      ).status,
    uniqueEmail('console-rule'),
  );
  expect(status).toBe(401);
});
