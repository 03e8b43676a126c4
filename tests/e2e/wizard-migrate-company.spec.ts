import { expect, test } from './support/test';
import { orderBodies } from './support/orders';
import { fillMigrateCompanyWizard, submitWizardOrder, WizardPage } from './support/wizard';

test.use({ serviceWorkers: 'block' });

test('a company registered abroad is migrated with its formation date, EIN and documents, and its order reaches checkout', async ({ page }) => {
  const sent = await orderBodies(page);
  await fillMigrateCompanyWizard(page, 'pt', { origin: { country: 'BR' }, ein: '123456789', type: 'C-Corp', formationDate: '2023-05-10' });
  await submitWizardOrder(page, 'pt');
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({
    flow: 'migrateCompany',
    language: 'pt',
    wizard: {
      company: { existingCompanyName: 'Souza Imports', formationDate: '2023-05-10', type: 'C-Corp', originCountry: 'BR', ein: '12-3456789', documents: [] },
    },
  });
  expect((sent[0]!.wizard as { company: Record<string, unknown> }).company.originState).toBeUndefined();
});

test('the origin step asks for the state or the country the visitor chose, and the EIN is masked', async ({ page }) => {
  const wizard = new WizardPage(page, 'en');
  const w = wizard.words;
  await wizard.goto('migrateCompany');
  await wizard.fillOwner({ firstName: 'Ana', lastName: 'Souza', email: 'ana@example.com', phoneCountry: 'MX', phone: '5512345678' });
  await wizard.next('migrationCompany');
  await wizard.field(w.existingCompanyName).fill('Souza Imports');
  await page.getByRole('radio', { name: 'LLC', exact: true }).check();
  await wizard.next('industry');
  await wizard.field(w.industry).selectOption('importExport');
  await wizard.next('origin');
  await wizard.next();
  await expect(page.getByRole('dialog')).toContainText('The company is registered');
  await page.keyboard.press('Escape');
  await page.getByRole('radio', { name: w.originAbroad, exact: true }).check();
  await expect(wizard.field(w.originCountry).locator('option[value="US"]')).toHaveCount(0);
  await page.getByRole('radio', { name: w.originUs, exact: true }).check();
  await wizard.field(w.originState).selectOption('DE');
  await wizard.next('documents');
  await wizard.field(w.ein).pressSequentially('987654321');
  await expect(wizard.field(w.ein)).toHaveValue('98-7654321');
  await page.getByRole('checkbox', { name: 'EIN letter from the IRS' }).check();
  await wizard.next('services');
  await wizard.back('documents');
  await expect(page.getByRole('checkbox', { name: 'EIN letter from the IRS' })).toBeChecked();
});
