import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { blockedAnswer, LoginPage, uniqueEmail } from './support/alta';
import { createAccount } from './support/checkout';
import { expectAutoClose, expectClosingAnimation, freezeClock } from './support/popup-clock';

// SPEC §4: blocked users (an expired payment flagged for the owner's email) see the
// payment-expired popup. The server side (the order's 24 h running out with its payment left
// incomplete) is proved in server/routes/payment-expiry.test.ts; the browser server cannot
// move its clock a day ahead, so here the API answers what that server answers for such an
// email at login, 403 `user_blocked`; account creation is stood in the same way.
test.use({ serviceWorkers: 'block' });

async function answerBlocked(page: Page, path: string) {
  let answered = 0;
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      answered += 1;
      await route.fulfill(blockedAnswer);
    },
  );
  return () => answered;
}

test('a blocked account sees the payment-expired popup at login, and it closes after 3000 ms', async ({ page, request }) => {
  const account = await createAccount(request, uniqueEmail('blocked-login'));
  const answered = await answerBlocked(page, '/api/v1/login');
  await page.clock.install();
  const login = new LoginPage(page, 'en');
  await login.goto();
  await login.email.fill(account.email);
  await login.password.fill(account.password);
  await freezeClock(page);
  await login.submit.click();

  const popup = page.getByRole('dialog', { name: 'Your payment has expired' });
  await expect(popup).toContainText('Your account is paused because a payment was not completed.');
  expect(answered()).toBe(1);
  await expect(page).toHaveURL(/\/en\/login$/);
  await expectAutoClose(page, popup, 3000);
  await expect(page).toHaveURL(/\/en\/login$/);
});

test('creating an account for a flagged email shows the payment-expired popup (es)', async ({ page }) => {
  const answered = await answerBlocked(page, '/api/v1/users');
  await page.clock.install();
  await page.goto('/es/register');
  await page.getByLabel('Nombre', { exact: true }).fill('Lucía');
  await page.getByLabel('Apellido', { exact: true }).fill('Fernández');
  await page.getByLabel('Correo electrónico').fill(uniqueEmail('blocked-register'));
  await page.getByLabel('Código de país').selectOption('AR');
  await page.getByLabel('Número de teléfono').fill('11 5555-1234');
  await page.getByLabel('Contraseña', { exact: true }).fill('Alta#2026go');
  await page.getByLabel('Repite la contraseña').fill('Alta#2026go');
  await page.getByRole('checkbox', { name: /Acepto los términos/ }).check();
  await freezeClock(page);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();

  const popup = page.getByRole('dialog', { name: 'Tu pago venció' });
  await expect(popup).toBeVisible();
  expect(answered()).toBe(1);
  await popup.click();
  await expectClosingAnimation(page, popup);
  await expect(page).toHaveURL(/\/es\/register$/);
});
