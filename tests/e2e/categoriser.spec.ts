import path from 'node:path';
import type { Page } from '@playwright/test';
import { logInAs } from './support/alta';
import { ownerWithCompany } from './support/checkout';
import { expect, test } from './support/test';

// The categoriser that learns, on a new owner's company (its books are this test's alone):
// a category set in the list teaches it at once, its suggestion is accepted, applied to the
// similar lines and made a rule; a category set on a transaction's page, unchecked, is learnt
// when the list trains the model again.
test.use({ serviceWorkers: 'block' });

const fixture = path.resolve(import.meta.dirname, '../fixtures/csv/categoriser-en.csv');
const grid = (page: Page) => page.getByRole('grid', { name: /^Transactions: / });
const row = (page: Page, description: string) => grid(page).getByRole('row').filter({ hasText: description });

test('a category set in the list is learnt at once: its suggestion is accepted, applied to similar lines and made a rule; one set on the detail page is learnt too', async ({
  page,
  request,
}) => {
  test.slow(); // a paid company, an import and the categoriser's worker, on a shared machine
  await logInAs(page, await ownerWithCompany(request, { lastName: 'Categoriser' }));
  await page.goto('/en/accounting-ai/bookkeeping');
  // The accounts and the suggestions are in the "Accounts and imports" tab (decision 065).
  const [booksTab, accountsTab] = [page.getByRole('tab', { name: 'Transactions' }), page.getByRole('tab', { name: 'Accounts and imports' })];
  await accountsTab.click();
  const accounts = page.getByRole('region', { name: 'Accounts', exact: true });
  await accounts.getByLabel('Account name').fill('Operating');
  await accounts.getByRole('button', { name: 'Create account' }).click();
  await expect(accounts.getByText('Operating', { exact: true })).toBeVisible();
  await booksTab.click();
  await page.getByRole('toolbar', { name: 'Bookkeeping actions' }).getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a bank export' });
  await dialog.getByLabel('Choose a file').setInputFiles(fixture);
  await dialog.getByLabel('Account', { exact: true }).selectOption({ label: 'Operating' });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Import finished: 6 added, 0 already there, 0 lines refused.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Nothing learnt yet: the keyword rules know Uber, not this studio.
  await accountsTab.click();
  const panel = page.getByRole('region', { name: 'Suggested categories' });
  const suggestionFor = (description: string) => panel.getByRole('listitem').filter({ hasText: description });
  await expect(suggestionFor('BLUEFIN DESIGN LAB 2232')).toContainText('No suggestion yet');

  // The person categorises one line in the list, with the keyboard.
  await booksTab.click();
  await row(page, 'BLUEFIN DESIGN LAB 2231').getByRole('gridcell').nth(1).click();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: /^Category of BLUEFIN DESIGN LAB 2231/ })).toBeFocused();
  await page.keyboard.type('contractors');
  await page.keyboard.press('Enter');
  await expect(row(page, 'BLUEFIN DESIGN LAB 2231').getByRole('button', { name: /Contractors and freelancers/ })).toBeVisible();

  // The model learnt it: the same studio's other lines are suggested the same category.
  await accountsTab.click();
  await expect(suggestionFor('BLUEFIN DESIGN LAB 2232')).toContainText(/Contractors and freelancers \(\d+ % sure\)/);
  await expect(suggestionFor('BLUEFIN DESIGN LAB 2232')).toContainText('Learnt from your books');
  await panel.getByRole('button', { name: 'Accept Contractors and freelancers for BLUEFIN DESIGN LAB 2232' }).click();
  await expect(panel.getByText('1 similar uncategorised transaction could also be Contractors and freelancers.')).toBeVisible();
  await panel.getByRole('button', { name: 'Apply to similar' }).click();
  await expect(panel.getByRole('status')).toHaveText('1 transaction categorised.');
  await booksTab.click();
  await expect(row(page, 'BLUEFIN DESIGN LAB 2233').getByRole('button', { name: /Contractors and freelancers/ })).toBeVisible();
  await expect(row(page, 'NORTHWIND PARTNERS 88').getByRole('button', { name: /Uncategorised/ })).toBeVisible();

  // The correction becomes a rule, with the words it would look for.
  await accountsTab.click();
  const ruleText = panel.getByLabel('Always Contractors and freelancers when the description contains');
  await expect(ruleText).toHaveValue(/bluefin/i);
  await ruleText.fill('bluefin design');
  await panel.getByRole('button', { name: 'Create rule' }).click();
  await expect(panel.getByRole('status')).toHaveText('Rule created: "bluefin design" → Contractors and freelancers.');

  // On the transaction's page, the person sets a category without checking the line. Back in
  // the list, the model is trained again from the books on this device, and has learnt it.
  await expect(suggestionFor('NORTHWIND PARTNERS 89')).not.toContainText('Legal and accounting fees');
  await booksTab.click();
  await row(page, 'NORTHWIND PARTNERS 88').getByRole('link', { name: 'NORTHWIND PARTNERS 88' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'NORTHWIND PARTNERS 88' })).toBeVisible();
  await page.getByRole('main').getByLabel('Category', { exact: true }).selectOption({ label: 'Legal and accounting fees' });
  await expect(page.getByRole('checkbox', { name: 'Checked', exact: true })).not.toBeChecked();
  await page.getByRole('link', { name: 'Back to bookkeeping' }).click();
  await accountsTab.click();
  await expect(suggestionFor('NORTHWIND PARTNERS 89')).toContainText(/Legal and accounting fees \(\d+ % sure\)/);
  await expect(suggestionFor('NORTHWIND PARTNERS 89')).toContainText('Learnt from your books');
});
