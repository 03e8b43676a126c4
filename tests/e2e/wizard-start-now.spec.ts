import { expect, test } from './support/test';
import { WizardPage } from './support/wizard';

test.use({ serviceWorkers: 'block' });

test('the start-now chooser offers the three paths, from $450, and works from the keyboard', async ({ page }) => {
  await page.goto('/en/start-now');
  await expect(page.getByRole('heading', { level: 1, name: 'How would you like to start?' })).toBeVisible();
  const paths = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(paths).toHaveText(['Create a US company', 'Migrate your company', 'Cross Border Crypto']);
  await expect(page.getByText('From $450')).toHaveCount(2);

  const create = page.getByRole('link', { name: 'Create my company' });
  await create.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Migrate my company' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Open my account' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await new WizardPage(page, 'en').expectStep('owner');
  await expect(page).toHaveURL(/\/en\/migrate-company$/);
});

test('the chooser speaks Spanish and Portuguese', async ({ page }) => {
  await page.goto('/es/start-now');
  await expect(page.getByRole('heading', { level: 1, name: '¿Cómo quieres empezar?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Crear mi empresa' })).toHaveAttribute('href', '/es/create-company');
  await page.goto('/pt/start-now');
  await expect(page.getByRole('heading', { level: 1, name: 'Como você quer começar?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Abrir minha conta' })).toHaveAttribute('href', '/pt/create-cross-border-crypto');
});

test('each wizard tells search engines and link previews what it makes, in its language', async ({ page }) => {
  for (const [path, title, description] of [
    ['/en/create-company', 'Create your company · Alta', 'Form a new LLC or C-Corp in the state you choose, from anywhere in the world.'],
    [
      '/pt/create-cross-border-crypto',
      'Abra sua conta Cross Border Crypto · Alta',
      'Uma conta digital nos EUA e uma carteira cripto para o seu negócio, com planos por volume mensal.',
    ],
  ]) {
    await page.goto(path!);
    await expect(page).toHaveTitle(title!);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description!);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));
  }
});

for (const width of [410, 768, 920, 1024, 1284]) {
  test(`the wizard fits a ${width} px screen without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const wizard = new WizardPage(page, 'en');
    await wizard.goto('createCompany');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeInViewport();
  });
}

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('start now is pre-rendered: its title, its three paths and their links are in the page itself', async ({ page }) => {
    await page.goto('/es/start-now');
    await expect(page).toHaveTitle('¿Cómo quieres empezar? · Alta');
    await expect(page.getByRole('heading', { level: 1, name: '¿Cómo quieres empezar?' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Migrar mi empresa' })).toHaveAttribute('href', '/es/migrate-company');
  });
});

test('a visitor who follows a path at once keeps the campaign they came from', async ({ page }) => {
  await page.goto('/en/start-now?utm_source=newsletter&utm_campaign=autumn');
  await page.getByRole('link', { name: 'Create my company' }).click();
  await new WizardPage(page, 'en').expectStep('owner');
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('alta.attribution')))!)).toMatchObject({
    utmSource: 'newsletter',
    utmCampaign: 'autumn',
    originPath: '/en/start-now',
  });
});
