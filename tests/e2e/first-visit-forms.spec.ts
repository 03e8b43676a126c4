import type { Page, Route } from '@playwright/test';
import { LoginPage, uniqueEmail } from './support/alta';
import { createAccount } from './support/checkout';
import { expectHydrated } from './support/public-site';
import { expect, failing, networkCut, test } from './support/test';

/**
 * Decision 082: a visitor's first login, create-account, reset-password, contact and wizard pages are pre-rendered and paint their form
 * without the app, which loads at the first touch of the form. What is typed, clicked or sent
 * before the app has hydrated the form is kept, and done once it has; the password never goes
 * into the address.
 */

// Pages straight from the server, as on a first visit (a service worker would answer from its cache).
test.use({ serviceWorkers: 'block' });

/** The scripts the page fetched, by path, and the app's entry as the starter names it. */
function watchScripts(page: Page) {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const appEntry = (page: Page) => page.locator('script[data-entry]').getAttribute('data-entry');

/** Holds the app's entry back for `ms`, as a slow phone network would. */
async function slowApp(page: Page, ms: number) {
  await page.route('**/assets/index-*.js', async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** Every login call the page makes, and every address it asks for (none may carry the password). */
function watchLogin(page: Page) {
  const calls: string[] = [];
  const urls: string[] = [];
  page.on('request', (request) => {
    urls.push(request.url());
    if (new URL(request.url()).pathname === '/api/v1/login') calls.push(request.method());
  });
  return { calls, urls };
}

test('a visitor sees the login form without the app, which loads at the first touch and sends what was typed', async ({ page, request }) => {
  const account = await createAccount(request, uniqueEmail('first-login'));
  const scripts = watchScripts(page);
  const login = new LoginPage(page, 'en');
  await login.goto();
  await expectHydrated(page);
  await page.waitForLoadState('networkidle');
  const entry = await appEntry(page);
  expect(entry).toBeTruthy();
  expect(scripts).not.toContain(entry);
  await expect(page).toHaveTitle('Log in · Alta');

  await login.email.fill(account.email);
  await expect.poll(() => scripts.includes(entry!)).toBe(true);
  await login.password.fill(account.password);
  await login.submit.click();
  await expect(page).toHaveURL('/en/dashboard');
});

test('a login sent before the app has arrived waits for it, busy, and is sent once without the password in the address', async ({ page, request }) => {
  const account = await createAccount(request, uniqueEmail('early-login'));
  await slowApp(page, 1500);
  const { calls, urls } = watchLogin(page);
  await page.goto('/en/login', { waitUntil: 'commit' });
  const login = new LoginPage(page, 'en');
  await login.email.fill(account.email);
  await login.password.fill(account.password);
  await login.password.press('Enter');
  await expect(page.locator('form[aria-busy="true"]')).toBeVisible();
  await expect(page).toHaveURL('/en/dashboard');
  expect(calls).toEqual(['POST']);
  expect(urls.filter((url) => /password|email/.test(new URL(url).search))).toEqual([]);
});

test("a send before the page's starter has run does nothing, and the form sends once it has", async ({ page, request }) => {
  const account = await createAccount(request, uniqueEmail('before-starter'));
  let release = () => {};
  const starterHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/start-after-paint-*.js', async (route) => {
    await starterHeld;
    await route.continue();
  });
  const { calls, urls } = watchLogin(page);
  await page.goto('/en/login', { waitUntil: 'commit' });
  const login = new LoginPage(page, 'en');
  await login.email.fill(account.email);
  await login.password.fill(account.password);
  // Until the starter holds sends, the send button waits, and Enter in a field cannot send either.
  await expect(login.submit).toBeDisabled();
  await login.password.press('Enter');
  release();
  await expect(login.submit).toBeEnabled();
  await login.submit.click();
  await expect(page).toHaveURL('/en/dashboard');
  expect(calls).toEqual(['POST']);
  expect(urls.filter((url) => new URL(url).pathname === '/en/login')).toHaveLength(1);
});

test('a refused login sent before the app shows its message and keeps what was typed', async ({ page }) => {
  await slowApp(page, 1000);
  const login = new LoginPage(page, 'es');
  await login.goto();
  await login.email.fill('nadie@example.com');
  await login.password.fill('Not#The1Password');
  await login.submit.click();
  await expect(page.getByRole('alert')).toHaveText('El correo y/o la contraseña son incorrectos.');
  await expect(login.email).toHaveValue('nadie@example.com');
  await expect(page).toHaveURL('/es/login');
  // The form's own checks, with the app: an address that is not one is refused on the field.
  await login.email.fill('nadie');
  await login.submit.click();
  await expect(login.email).toHaveAttribute('aria-invalid', 'true');
  await expect(login.email).toBeFocused();
});

test("a click before the app has arrived is done once it has: the password's show button", async ({ page }) => {
  await slowApp(page, 1000);
  const login = new LoginPage(page, 'pt');
  await login.goto();
  await login.password.fill('segredo');
  await page.getByRole('button', { name: 'Mostrar' }).click();
  await expect(page.getByRole('button', { name: 'Ocultar' })).toHaveAttribute('aria-pressed', 'true');
  await expect(login.password).toHaveAttribute('type', 'text');
  await expect(login.password).toHaveValue('segredo');
});

test("a click held since the page loaded is done by the app when the page script finds the form needs it: the password's show button", async ({ page }) => {
  // The page script's form comes late: the click lands before anything listens to the form, and
  // the starter holds it. The page script then finds its controls ready and lets the held click go.
  await page.route('**/assets/login-island-*.js', async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  const login = new LoginPage(page, 'pt');
  await login.goto();
  await page.getByRole('button', { name: 'Mostrar' }).click();
  await expect(page.getByRole('button', { name: 'Ocultar' })).toHaveAttribute('aria-pressed', 'true');
  await expect(login.password).toHaveAttribute('type', 'text');
});

test('the way back a guard sent the visitor with is shown at once, the app loading untouched, and the form does not move', async ({ page }) => {
  const scripts = watchScripts(page);
  // The app held back until the pre-rendered form is measured.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route: Route) => {
    await released;
    await route.continue();
  });
  const login = new LoginPage(page, 'en');
  await page.goto('/en/login?from=%2Fen%2Fmailing');
  const before = await login.submit.boundingBox();
  release();

  await expect(page.getByText('Log in to continue where you left off.')).toBeVisible();
  await expect(page.getByText('Welcome back. Manage your US company from anywhere.')).toBeHidden();
  expect(scripts).toContain(await appEntry(page));
  // The subtitle changed in a place as tall as either text: a click aimed at the button as it
  // changed lands on it (it used to move up a line, and the click hit the card).
  expect(await login.submit.boundingBox()).toEqual(before);
});

test.describe('with Google sign-in configured', () => {
  test.use({ expectedFailures: failing({ status: 'network', url: /^https:\/\/accounts\.google\.com\// }) });

  test('the page loads the app at once to show the Google button', async ({ page }) => {
    const scripts = watchScripts(page);
    await page.route('**/api/v1/config', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), googleClientId: 'client.apps.googleusercontent.com' } });
    });
    // A server with a client id allows Google's script; this one has none, so the page's answer does.
    await page.route(
      (url) => url.pathname === '/en/login',
      async (route) => {
        const response = await route.fetch();
        const headers = response.headers();
        const csp = headers['content-security-policy']!.replace("script-src 'self'", "script-src 'self' https://accounts.google.com");
        await route.fulfill({ response, headers: { ...headers, 'content-security-policy': csp } });
      },
    );
    await page.route('https://accounts.google.com/**', (route) => route.abort());
    await page.goto('/en/login');
    const entry = await appEntry(page);
    await expect.poll(() => scripts.includes(entry!)).toBe(true);
    await expect(page.getByText('or', { exact: true })).toBeVisible();
  });
});

test("a visitor's contact form takes a message before the app, and sends it once the app has come", async ({ page }) => {
  const scripts = watchScripts(page);
  await slowApp(page, 1000);
  await page.goto('/es/contact');
  await expectHydrated(page);
  await page.waitForLoadState('networkidle');
  const entry = await appEntry(page);
  expect(scripts).not.toContain(entry);

  await page.getByLabel('Nombre').fill('Lucía Pérez');
  await page.getByLabel('Correo electrónico').fill('lucia@example.com');
  await page.getByLabel('Mensaje').fill('Quiero migrar mi LLC de Wyoming. ¿Qué necesito?');
  const sent = page.waitForRequest((sending) => sending.url().endsWith('/api/v1/contact'));
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  expect((await sent).postDataJSON()).toEqual({
    name: 'Lucía Pérez',
    email: 'lucia@example.com',
    message: 'Quiero migrar mi LLC de Wyoming. ¿Qué necesito?',
    language: 'es',
  });
  await expect(page.getByRole('status').filter({ hasText: '¡Mensaje enviado con éxito!' })).toBeVisible();
  await expect(page.getByLabel('Mensaje')).toHaveValue('');
  expect(new URL(page.url()).search).toBe('');
});

test('a visitor asks for a reset code before the app has come: a refused email keeps what was typed, and the one sent reaches the confirm screen', async ({
  page,
}) => {
  const scripts = watchScripts(page);
  await slowApp(page, 1000);
  const email = uniqueEmail('first-reset');
  await page.goto('/en/reset-password');
  await expect(page).toHaveTitle('Reset your password · Alta');
  await page.waitForLoadState('networkidle');
  const entry = await appEntry(page);
  expect(scripts).not.toContain(entry);

  const field = page.getByLabel('Email');
  await field.fill('ana@');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(field).toHaveValue('ana@');
  await expect(field).toBeFocused();

  await field.fill(email);
  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/reset-password' && request.method() === 'POST');
  await page.getByRole('button', { name: 'Send code' }).click();
  expect((await sent).postDataJSON()).toEqual({ email, language: 'en' });
  await expect(page).toHaveURL('/en/reset-password/confirm');
  await expect(page.getByLabel('Email')).toHaveValue(email);
});

test("a visitor's wizard paints its first step without the app: what is typed before it is kept, sent on with Continue and saved", async ({ page }) => {
  const scripts = watchScripts(page);
  await slowApp(page, 1000);
  await page.goto('/en/create-company');
  await expect(page.getByRole('heading', { level: 2, name: 'Your information' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const entry = await appEntry(page);
  expect(scripts).not.toContain(entry);
  // Chosen before anything was focused: every country is in the page.
  await page.getByLabel('Phone country code').selectOption('ES');

  await page.getByLabel('First name').fill('Inés');
  await page.getByLabel('Last name').fill('Ortega');
  await page.getByLabel('Email').fill('ines@example.com');
  await page.getByLabel('Phone number').fill('612 345 678');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Company name' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');

  // Saved on this device: a reload (the app now renders the wizard from the draft) resumes with it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Company name' })).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Inés');
  await expect(page.getByLabel('Phone country code')).toHaveValue('ES');
  await expect(page.getByLabel('Phone number')).toHaveValue('612 345 678');
});

test("a wizard's page on a device whose draft keys were cleared hydrates its empty step, then opens the draft the database still holds", async ({ page }) => {
  await page.goto('/en/migrate-company');
  await page.getByLabel('First name').fill('Joana');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('alta.companyDraftId'))).not.toBeNull();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('alta.')) localStorage.removeItem(key);
    sessionStorage.clear();
  });
  await page.reload();
  await page.getByLabel('Email').focus();
  await expect(page.getByLabel('First name')).toHaveValue('Joana');
});

test("a signed-in owner's wizard page is rendered with their profile, not hydrated as the page's empty step", async ({ page, request }) => {
  const account = await createAccount(request, uniqueEmail('wizard-owner'));
  const login = new LoginPage(page, 'en');
  await login.goto();
  await login.logIn(account);
  await expect(page).toHaveURL('/en/dashboard');
  await page.goto('/en/create-cross-border-crypto');
  await expect(page.getByLabel('First name')).toHaveValue('Lucía');
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await expect(page.getByRole('link', { name: 'My dashboard' })).toBeVisible();
});

test('a visitor fills in the create-account form before the app has come, and the account is made from what was typed', async ({ page }) => {
  const scripts = watchScripts(page);
  await slowApp(page, 1500);
  const email = uniqueEmail('first-register');
  await page.goto('/en/register');
  await expect(page).toHaveTitle('Create your account · Alta');
  const entry = await appEntry(page);
  // Chosen before anything was focused: the country list is in the page, and the app is not loading yet.
  await page.getByLabel('Country code').selectOption('ES');
  expect(scripts).not.toContain(entry);
  await page.getByLabel('First name').fill('Inés');
  await page.getByLabel('Last name').fill('Ortega');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('612 345 678');
  await page.getByLabel('Password', { exact: true }).fill('Alta#2026go');
  await page.getByLabel('Repeat password').fill('Alta#2026go');
  await page.getByLabel(/I accept the terms and conditions/).check();
  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/users' && request.method() === 'POST');
  await page.getByRole('button', { name: 'Create account' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    firstName: 'Inés',
    lastName: 'Ortega',
    email,
    phone: '+34612345678',
    password: 'Alta#2026go',
    acceptTerms: true,
    language: 'en',
  });
  await expect(page).toHaveURL('/en/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Inés');
});

test("the create-account page shows the browser's phone country before the app, and the rules follow what was typed before it", async ({ page }) => {
  const scripts = watchScripts(page);
  await slowApp(page, 1000);
  await page.goto('/pt/register');
  await expectHydrated(page);
  // Pre-rendered with the site language's usual country (BR); the page script sets this browser's (en-US).
  await expect(page.getByLabel('Código do país')).toHaveValue('US');
  expect(scripts).not.toContain(await appEntry(page));
  await page.getByLabel('Senha', { exact: true }).fill('Alta#2026go');
  await expect.poll(async () => scripts.includes((await appEntry(page))!)).toBe(true);
  await expectHydrated(page);
  await expect(page.getByLabel('Código do país')).toHaveValue('US');
  await expect(page.getByRole('listitem').filter({ hasText: 'Pelo menos 8 caracteres' })).toContainText('(ok)');
});

// Issue 35 §4: the browser's region names load on another thread while the app starts, so the
// phone field's first render does not load them on the main thread (decision 087).
test("register's phone field names its countries in the page's language, loaded by a worker as the app started", async ({ page }) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  await page.goto('/es/register');
  // The first touch of the form starts the app, which hydrates the field.
  await page.getByLabel('Nombre').focus();
  await expectHydrated(page);
  await expect(page.locator('select[autocomplete="tel-country-code"] option[value="MX"]')).toHaveText('México (+52)');
  expect(workers.some((path) => path.includes('region-names'))).toBe(true);
});

test.describe('offline', () => {
  test.use({ expectedFailures: failing(networkCut) });

  test('offline before the form is touched, the page stays as it is; back online, the form loads the app', async ({ page, context }) => {
    const scripts = watchScripts(page);
    await page.goto('/en/contact');
    await expectHydrated(page);
    await page.waitForLoadState('networkidle');
    const entry = await appEntry(page);

    // No service worker's copy to start the app from: the form neither loads it nor sends natively.
    await context.setOffline(true);
    await page.getByLabel('Name').fill('Ana');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL('/en/contact');
    expect(scripts).not.toContain(entry);
    await page.setViewportSize({ width: 410, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();

    await context.setOffline(false);
    await page.getByLabel('Email').fill('ana@example.com');
    await expect.poll(() => scripts.includes(entry!)).toBe(true);
    await expectHydrated(page);
    await expect(page.getByLabel('Name')).toHaveValue('Ana');
  });
});
