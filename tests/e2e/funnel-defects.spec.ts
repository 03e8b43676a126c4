import { admin, logInAs } from './support/alta';
import { openCheckout, placeOrder, sandboxCards } from './support/checkout';
import { expect, test } from './support/test';
import { fillCreateCompanyWizard, fillMigrateCompanyWizard, samplePartner, submitWizardOrder, WizardPage, wizardWords } from './support/wizard';

// The funnel's rough edges of issue 8 §6, each as a new customer meets it.
test.use({ serviceWorkers: 'block' });

test('plan step: the "required" error goes as soon as a plan is chosen, and the next click pays', async ({ page }) => {
  await fillCreateCompanyWizard(page, 'es', { plan: null });
  const plans = page.getByRole('group', { name: 'Elige tu plan' });
  const pay = page.getByRole('button', { name: wizardWords.es.pay, exact: true });
  await pay.click();
  const popup = page.getByRole('dialog', { name: wizardWords.es.missingTitle });
  await expect(popup).toBeVisible();
  await popup.click();
  await expect(popup).toBeHidden();
  await expect(plans).toContainText('Este campo es obligatorio.');

  await page.getByRole('radio', { name: /^Estándar\b/ }).check();
  await expect(plans).not.toContainText('Este campo es obligatorio.');
  // The button is where it will stay: one click places the order.
  await submitWizardOrder(page, 'es');
});

test('your info: a wrong phone is flagged on the first Continue, with the other wrong fields', async ({ page }) => {
  const wizard = new WizardPage(page, 'en');
  const w = wizard.words;
  await wizard.goto('createCompany');
  await wizard.field(w.lastName).fill('Gómez');
  await wizard.field(w.email).fill('lucia@');
  await wizard.field(w.phoneCountry).selectOption('AR');
  await wizard.field(w.phoneNumber).fill('123');
  await wizard.next();
  const popup = page.getByRole('dialog', { name: w.missingTitle });
  await expect(popup).toContainText(w.firstName);
  await expect(popup).toContainText(w.email);
  await expect(popup).toContainText(w.phoneNumber);
  await page.keyboard.press('Escape');
  await expect(wizard.field(w.phoneNumber)).toHaveAttribute('aria-invalid', 'true');
  await expect(wizard.field(w.phoneNumber)).toHaveAccessibleDescription(/Enter a valid phone number with its country code\./);
  // Fixed, the error goes at once.
  await wizard.field(w.phoneNumber).fill('11 2345 6789');
  await expect(wizard.field(w.phoneNumber)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(wizard.field(w.phoneNumber)).not.toHaveAccessibleDescription(/Enter a valid phone number/);
});

test('a partner living where digital banking is unavailable is told so and is not sold banking add-ons', async ({ page }) => {
  await fillCreateCompanyWizard(page, 'en', { partners: [samplePartner({ country: 'NG' })] });
  const wizard = new WizardPage(page, 'en');
  await expect(
    page.getByRole('note').filter({ hasText: 'Your plan does not include banking: digital banking is not available to residents of Nigeria.' }),
  ).toBeVisible();

  await wizard.back('partners');
  await expect(wizard.partner(1).getByRole('note')).toContainText('Digital banking is not available to residents of Nigeria.');
  await wizard.back('services');
  await expect(page.getByRole('checkbox', { name: 'Bank account assistance' })).toHaveCount(0);
  await expect(page.getByRole('note')).toContainText('Banking services, such as bank account assistance, are not offered');

  // The same company with partners elsewhere is offered it.
  await wizard.next('partners');
  await wizard.partner(1).getByLabel(wizard.words.country, { exact: true }).selectOption('AR');
  await expect(wizard.partner(1).getByRole('note')).toHaveCount(0);
  await wizard.back('services');
  await expect(page.getByRole('checkbox', { name: 'Bank account assistance' })).toBeVisible();
});

test('the payment-success popup says banking is unavailable when a partner lives in a SPEC §1 country, in es, en and pt', async ({ page, request }) => {
  test.slow(); // four payments on a shared machine
  const noBanking = {
    es: 'La banca digital no está disponible para residentes de Nigeria: Alta no puede abrir una cuenta bancaria para tu empresa',
    en: 'Digital banking is not available to residents of Nigeria: Alta cannot open a bank account for your company',
    pt: 'O banco digital não está disponível para residentes de Nigéria: a Alta não pode abrir uma conta bancária para sua empresa',
  } as const;
  for (const lang of ['es', 'en', 'pt'] as const) {
    const order = await placeOrder(request, { language: lang, partnerCountry: 'NG' });
    const checkout = await openCheckout(page, order, lang);
    await checkout.pay({ number: sandboxCards.success });
    await expect(checkout.successPopup).toContainText(noBanking[lang]);
  }
  // A partner where banking is open hears nothing of it.
  const open = await placeOrder(request, { language: 'en' });
  const checkout = await openCheckout(page, open, 'en');
  await checkout.pay({ number: sandboxCards.success });
  await expect(checkout.successPopup).toContainText(`Order ${open.orderNumber} is paid.`);
  await expect(checkout.successPopup).not.toContainText('Digital banking');
});

test('a migration is priced as a migration, in the plan step and at checkout', async ({ page }) => {
  await fillMigrateCompanyWizard(page, 'es');
  await expect(page.getByRole('region', { name: 'Tu pedido' })).toContainText('Migración');
  await expect(page.getByRole('region', { name: 'Tu pedido' })).not.toContainText('Constitución');
  await submitWizardOrder(page, 'es');
  const summary = page.getByRole('table');
  await expect(summary).toContainText('Migración de la empresa');
  await expect(summary).not.toContainText('Constitución de la empresa');
});

test('progress labels are whole at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const wizard = new WizardPage(page, 'es');
  await wizard.goto('createCompany');
  const steps = page.getByRole('navigation', { name: 'Progreso' }).getByRole('listitem');
  await expect(steps).toHaveCount(8);
  const cut = await steps.evaluateAll((items) =>
    items.flatMap((item) =>
      [...item.querySelectorAll<HTMLElement>('span')].filter((span) => span.textContent && span.scrollWidth > span.clientWidth).map((span) => span.textContent),
    ),
  );
  expect(cut).toEqual([]);
  await expect(steps.nth(1)).toHaveText('Nombre de la empresa');
  await expect(steps.nth(5)).toHaveText('Servicios adicionales');
});

test('the admin home has no link to itself and no "Hi, Alta"', async ({ page }) => {
  await logInAs(page, admin, 'en');
  await expect(page).toHaveURL(/\/en\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to users' })).toHaveCount(0);
  await expect(page.getByRole('banner')).not.toContainText('Hi, Alta');
  await expect(page.getByRole('banner')).toContainText(`Administrator · ${admin.email}`);
  // Elsewhere in the area the drawer leads home.
  await page.getByRole('complementary').getByRole('link', { name: 'Companies' }).click();
  await expect(page).toHaveURL(/\/en\/admin\/companies$/);
  await page.getByRole('complementary').getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/admin$/);
});

test('unknown paths lead home with a clean console (no React Router warning)', async ({ page }) => {
  for (const [path, home] of [
    ['/en/nowhere/at/all', '/en'],
    // No language in the address: the detected one's home.
    ['/nowhere', '/(es|en|pt)'],
    ['/es/dashboard/nothing-here', '/es'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${home}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test('a visitor opening a signed-in page goes to login without asking who is signed in', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/users/me')) asked.push(request.url());
  });
  await page.goto('/en/dashboard');
  await expect(page).toHaveURL(/\/en\/login/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  expect(asked).toEqual([]);
});
