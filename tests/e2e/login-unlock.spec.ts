import { LoginPage, uniqueEmail } from './support/alta';
import { readResetCode } from './support/outbox';
import { expect, test } from './support/test';

// About the login screen, not the installed app.
test.use({ serviceWorkers: 'block' });

/**
 * Issue 9 §5: a stranger's failed logins lock the account, but not its owner out: with the right
 * password the screen asks for the code mailed to the account, and the two let the owner in.
 */
test('an owner locked out by a stranger gets in with the password and the mailed code (pt)', async ({ page, request }) => {
  test.slow(); // a hundred argon2 checks on a shared machine
  const account = { email: uniqueEmail('unlock'), password: 'Start#2026x' };
  const created = await request.post('/api/v1/users', { data: { ...account, firstName: 'Rita', lastName: 'Lopes', language: 'pt', acceptTerms: true } });
  expect(created.status(), await created.text()).toBe(201);

  // The stranger (another address) fails until the account is locked (5 × the test server's multiplier of 20).
  let refusal = 'invalid_credentials';
  for (let i = 0; i < 120 && refusal !== 'rate_limited'; i++) {
    const attempt = await request.post('/api/v1/login', { data: { email: account.email, password: 'Wrong#2026' } });
    refusal = ((await attempt.json()) as { code: string }).code;
  }
  expect(refusal).toBe('rate_limited');

  const since = Date.now();
  const login = new LoginPage(page, 'pt');
  await login.goto();
  await login.logIn(account);
  await expect(page.getByRole('status')).toContainText('Enviamos um código por e-mail');
  const code = page.getByLabel('Código de segurança');
  await expect(code).toBeFocused();
  await code.fill(await readResetCode(account.email, since));
  await login.submit.click();
  await expect(page).toHaveURL(/\/pt\/dashboard$/);
});
