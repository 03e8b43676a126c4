import { demo, logInAs } from './support/alta';
import { expectHydrated } from './support/public-site';
import { expect, test } from './support/test';

// These tests are about the shell, not the installed app: the service worker's precache
// download would only compete with the pages under test.
test.use({ serviceWorkers: 'block' });

test.use({ viewport: { width: 410, height: 800 } });

// A visitor's coming-soon page runs without the app (its drawer is wired by the page's own
// script, decision 081); the FAQ's is the app's.
for (const path of ['/en/coming-soon', '/en/faq']) {
  test(`the side drawer works from the keyboard: focus inside, Tab wraps, Escape closes, focus returns (${path})`, async ({ page }) => {
    await page.goto(path);
    const menu = page.getByRole('button', { name: 'Open menu' });
    await expect(menu).toBeVisible();
    // The menu works once the page has started (decision 013).
    await expectHydrated(page);
    await page.keyboard.press('Tab'); // skip link
    await page.keyboard.press('Tab');
    await expect(menu).toBeFocused();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    const close = drawer.getByRole('button', { name: 'Close menu' });
    await expect(close).toBeFocused();
    await expect(drawer.getByRole('link', { name: 'Requirements' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Log in' })).toBeVisible();

    // Shift+Tab from the first element wraps to the last (the language links), Tab wraps back.
    await page.keyboard.press('Shift+Tab');
    await expect(drawer.getByRole('link', { name: 'Português' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(drawer.getByRole('link', { name: 'Home' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    // Choosing an item navigates and closes the drawer.
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Contact' }).press('Enter');
    await expect(page).toHaveURL('/en/contact');
    await expect(drawer).toBeHidden();
  });
}

test('a signed-in user drawer has the dashboard items and logout asks first', async ({ page }) => {
  await logInAs(page, demo, 'en');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  for (const item of [
    'Banking & crypto',
    'Banking FAQ',
    'My companies',
    'Mailing',
    'Subscriptions',
    'BOI report',
    'Accounting AI',
    'Bookkeeping',
    'Tax form',
    'Invoices',
    'Teammates',
    'FAQ',
    'Go to the website',
  ]) {
    await expect(drawer.getByRole('link', { name: item, exact: true }).or(drawer.getByRole('link', { name: `${item} Stripe` }))).toBeVisible();
  }
  await expect(drawer.getByRole('link', { name: /Invoices/ })).toContainText('Stripe');

  const logout = drawer.getByRole('button', { name: 'Log out' });
  await logout.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Log out of Alta?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(logout).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Log out' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/en/login');
});
