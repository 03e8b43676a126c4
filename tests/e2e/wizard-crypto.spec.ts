import { expect, test } from './support/test';
import { fillCrossBorderCryptoWizard, submitWizardOrder, WizardPage, wizardWords } from './support/wizard';

test.use({ serviceWorkers: 'block' });

test('a resident of a country without digital banking is told so at the country step and cannot continue', async ({ page }) => {
  const wizard = new WizardPage(page, 'es');
  const w = wizard.words;
  await wizard.goto('crossBorderCrypto');
  await wizard.fillOwner({ firstName: 'Carla', lastName: 'Ríos', email: 'carla@example.com', phoneCountry: 'VE', phone: '4121234567' });
  await wizard.next('business');
  await wizard.field(w.legalName).fill('Ríos Trading');
  await wizard.field(w.registrationCountry).selectOption('PA');
  await wizard.next('residence');

  await wizard.field(w.residenceCountry).selectOption('VE');
  const refusal = page.getByRole('alert').filter({ hasText: 'La banca digital no está disponible en Venezuela' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('esta solicitud no puede continuar');
  await expect(page.getByText('La banca digital no está disponible para residentes de este país.')).toBeVisible();
  await expect(refusal.getByRole('link', { name: 'Crear una empresa en EE. UU.' })).toHaveAttribute('href', '/es/create-company');

  await wizard.next();
  // A refusal is not missing data: it has its own title.
  await expect(page.getByRole('dialog', { name: wizardWords.es.refusedTitle })).toContainText('País de residencia');
  await expect(page.getByRole('dialog', { name: wizardWords.es.missingTitle })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await wizard.expectStep('residence');

  // Another country lifts the refusal.
  await wizard.field(w.residenceCountry).selectOption('CO');
  await expect(refusal).toBeHidden();
  await wizard.next('plan');
});

test('the crypto wizard offers the volume plans and places an order', async ({ page }) => {
  await fillCrossBorderCryptoWizard(page, 'en', { plan: 'professional', billing: 'monthly' });
  await expect(page.getByText('Up to $500,000 a month in crypto volume')).toBeVisible();
  await expect(page.getByText('Up to $1,000,000 a month in crypto volume')).toBeVisible();
  await expect(page.getByText('Unlimited monthly crypto volume')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText('$199');
  const { orderId } = await submitWizardOrder(page, 'en');
  const handoff = await page.evaluate(
    (id) => JSON.parse(localStorage.getItem(`alta.checkoutOrder.${id}`) ?? 'null') as { flow: string; companyName: string } | null,
    orderId,
  );
  expect(handoff).toMatchObject({ flow: 'crossBorderCrypto', companyName: 'Pereira Trading' });
});
