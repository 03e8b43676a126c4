import { expect, test } from './support/test';
import type { Lang } from './support/alta';
import { checkoutWords, CheckoutPage, sandboxCards } from './support/checkout';
import { readMailedLink } from './support/outbox';
import { fillCreateCompanyWizard, submitWizardOrder } from './support/wizard';

// The whole funnel as a visitor lives it (issue 5): the create-company wizard, the payment with
// 4242 4242 4242 4242, the account created from the order, and the company in the dashboard.
test.use({ serviceWorkers: 'block' });

const words = {
  es: {
    ...checkoutWords.es,
    firstName: 'Nombre',
    lastName: 'Apellido',
    email: 'Correo electrónico',
    phoneCountry: 'Código de país',
    phoneNumber: 'Número de teléfono',
    password: 'Contraseña',
    repeatPassword: 'Repite la contraseña',
    terms: /Acepto los términos y condiciones/,
    createAccount: 'Crear cuenta',
    companyCreated: 'Empresa creada',
    step: 'Paso 1 de 8: Inicio',
    order: 'Pedido',
    summary: 'Resumen del pedido',
    plan: 'Estándar, pago mensual',
  },
  en: {
    ...checkoutWords.en,
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    phoneCountry: 'Country code',
    phoneNumber: 'Phone number',
    password: 'Password',
    repeatPassword: 'Repeat password',
    terms: /I accept the terms and conditions/,
    createAccount: 'Create account',
    companyCreated: 'Company created',
    step: 'Step 1 of 8: Start',
    order: 'Order',
    summary: 'Order summary',
    plan: 'Standard, billed monthly',
  },
} as const;

for (const lang of ['es', 'en'] as const satisfies Lang[]) {
  test(`a visitor completes the create-company wizard, pays with 4242, creates the account and sees the company (${lang})`, async ({ page }) => {
    test.slow(); // nine wizard steps, a payment, a registration (argon2) and the dashboard
    const w = words[lang];
    const input = await fillCreateCompanyWizard(page, lang);
    const { orderId } = await submitWizardOrder(page, lang);

    const checkout = new CheckoutPage(page, lang);
    // The summary is the server's order, in the page's language.
    const summary = page.getByRole('region', { name: w.summary });
    await expect(summary).toContainText(input.nameOption1);
    await expect(summary).toContainText(w.plan);
    await checkout.pay({ number: sandboxCards.success });
    await expect(checkout.successPopup).toContainText(w.userDoesNotExist);

    await expect(page).toHaveURL(new RegExp(`/${lang}/register$`));
    await expect(page.getByLabel(w.email, { exact: true })).toHaveValue(input.owner.email);
    await expect(page.getByLabel(w.firstName, { exact: true })).toHaveValue(input.owner.firstName);
    await expect(page.getByLabel(w.lastName, { exact: true })).toHaveValue(input.owner.lastName);
    await page.getByLabel(w.phoneCountry).selectOption('US');
    await page.getByLabel(w.phoneNumber).fill('202 555 0148');
    await page.getByLabel(w.password, { exact: true }).fill('Alta#2026go');
    await page.getByLabel(w.repeatPassword).fill('Alta#2026go');
    await page.getByLabel(w.terms).check();
    const since = Date.now();
    await page.getByRole('button', { name: w.createAccount }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard$`));

    // The welcome mail's link proves the email; the paid company follows it (decision 017).
    await page.goto(await readMailedLink(input.owner.email, since, 'verify-email'));
    await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard$`));
    await expect(page.getByRole('dialog', { name: w.companyCreated })).toContainText(input.nameOption1);
    const company = page.getByRole('link', { name: new RegExp(input.nameOption1) });
    await expect(company).toContainText(w.step);
    await expect(company).toContainText(new RegExp(`${w.order} ALT-\\d{6}`));
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
  });
}
