import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { logInAs } from './support/alta';
import { ownerWithCompany } from './support/checkout';
import { expect, test } from './support/test';
import { grid } from './support/books';

// The categoriser's suggestions in the list (decision 066), on a new owner's company (its books
// are this test's alone): a suggested category shows in the row's category cell, as a
// suggestion with its confidence; the A key accepts it; "accept all above N %" categorises the
// shown rows whose suggestion is at least that sure, and is undone in one step. A category set
// in the list is learnt at once; one set on the transaction's page, unchecked, when the list
// trains the model again (decision 048). A correction offers "apply to similar" and a rule.
test.use({ serviceWorkers: 'block' });

const fixture = path.resolve(import.meta.dirname, '../fixtures/csv/categoriser-suggestions-en.csv');
const row = (page: Page, description: string) => grid(page).getByRole('row').filter({ hasText: description });
const suggestion = (page: Page, description: string) => row(page, description).getByRole('button', { name: /: suggested category for / });
const category = (page: Page, description: string) => row(page, description).getByRole('button', { name: /^Category of / });

test('a suggested category shows in its row, one key accepts it, and "accept all above 90%" categorises the shown rows that sure', async ({
  page,
  request,
}) => {
  test.slow(); // a paid company, an import and the categoriser's worker, on a shared machine
  await logInAs(page, await ownerWithCompany(request, { lastName: 'Categoriser' }), 'en', '/en/accounting-ai/bookkeeping');
  await page.getByRole('tab', { name: 'Accounts and imports' }).click();
  const accounts = page.getByRole('region', { name: 'Accounts' });
  await accounts.getByLabel('Account name').fill('Operating');
  await accounts.getByRole('button', { name: 'Create account' }).click();
  await expect(accounts.getByText('Operating', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Transactions' }).click();
  await page.getByRole('toolbar', { name: 'Bookkeeping actions' }).getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a bank export' });
  await dialog.getByLabel('Choose a file').setInputFiles(fixture);
  await dialog.getByLabel('Account', { exact: true }).selectOption({ label: 'Operating' });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Import finished: 8 added, 0 already there, 0 lines refused.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Alta's labelled lines know a pizzeria; nothing yet knows Northwind. The suggestion is named as one, with its confidence.
  await expect(suggestion(page, 'PIZZERIA LUIGI 4411')).toHaveAccessibleName(
    /^Meals, \d+%: suggested category for PIZZERIA LUIGI 4411 \(very likely\)\. Press A to accept it, or choose another$/,
  );
  // A voice-control user says what they see: a suggestion's name holds its visible text, "Meals 93%" (WCAG 2.5.3).
  const mismatches = await new AxeBuilder({ page }).include('[role="grid"]').withRules(['label-content-name-mismatch']).analyze();
  expect(mismatches.violations).toEqual([]);
  await expect(category(page, 'PIZZERIA LUIGI 4411')).toHaveCount(0);
  await expect(suggestion(page, 'NORTHWIND PARTNERS 89')).toHaveCount(0);
  await expect(category(page, 'NORTHWIND PARTNERS 89')).toHaveAccessibleName('Category of NORTHWIND PARTNERS 89: Uncategorised. Change');

  // The person categorises one line in the list, with the keyboard: learnt at once, suggested for the same counterparty's other line.
  await row(page, 'NORTHWIND PARTNERS 88').getByRole('gridcell').nth(1).click();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: /^Category of NORTHWIND PARTNERS 88/ })).toBeFocused();
  await page.keyboard.type('legal');
  await page.keyboard.press('Enter');
  await expect(category(page, 'NORTHWIND PARTNERS 88')).toHaveAccessibleName('Category of NORTHWIND PARTNERS 88: Legal and accounting fees. Change');
  await expect(suggestion(page, 'NORTHWIND PARTNERS 89')).toHaveAccessibleName(
    /^Legal and accounting fees, \d+%: suggested category for NORTHWIND PARTNERS 89 /,
  );

  // The correction is followed by "apply to similar" and a rule made from its words (issue 10 §7).
  const followUp = page.getByRole('region', { name: 'After a correction' });
  await expect(followUp).toContainText('1 similar uncategorised transaction could also be Legal and accounting fees.');
  await expect(followUp.getByRole('button', { name: 'Apply to similar' })).toBeVisible();
  const ruleText = followUp.getByLabel('Always Legal and accounting fees when the description contains');
  await expect(ruleText).toHaveValue('northwind partners');
  await followUp.getByRole('button', { name: 'Create rule' }).click();
  await expect(followUp.getByRole('status')).toHaveText('Rule created: "northwind partners" → Legal and accounting fees.');
  await followUp.getByRole('button', { name: 'Close' }).click();
  await expect(followUp).toHaveCount(0);
  await expect(grid(page)).toBeFocused();

  // One key accepts the active row's suggestion.
  await row(page, 'NORTHWIND PARTNERS 89').getByRole('gridcell').nth(1).click();
  await page.keyboard.press('a');
  await expect(category(page, 'NORTHWIND PARTNERS 89')).toHaveAccessibleName('Category of NORTHWIND PARTNERS 89: Legal and accounting fees. Change');
  await expect(suggestion(page, 'NORTHWIND PARTNERS 89')).toHaveCount(0);
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('AAccept the suggested category');
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByRole('button', { name: 'Close' }).click();

  // Accept all above 90%: the sure suggestions of the shown rows, not the deposit the model is less sure of.
  await expect(suggestion(page, 'REMOTE ONLINE DEPOSIT 1123')).toHaveAccessibleName(
    /^Sales and services, \d+%: suggested category for REMOTE ONLINE DEPOSIT 1123 \(possible\)/,
  );
  const bar = page.getByRole('region', { name: 'Suggested categories' });
  await expect(bar).toContainText('3 rows shown have a suggestion at 90% or more.');
  await bar.getByRole('button', { name: 'Accept all above 90%' }).click();
  await expect(category(page, 'PIZZERIA LUIGI 4411')).toHaveAccessibleName('Category of PIZZERIA LUIGI 4411: Meals. Change');
  await expect(category(page, 'CHECKCARD 0412 BLUE RIVER CATERING')).toHaveAccessibleName('Category of CHECKCARD 0412 BLUE RIVER CATERING: Meals. Change');
  await expect(category(page, 'HOME DEPOT 4410')).toHaveAccessibleName('Category of HOME DEPOT 4410: Other expenses. Change');
  await expect(suggestion(page, 'REMOTE ONLINE DEPOSIT 1123')).toBeVisible();
  await expect(bar).toContainText('0 rows shown have a suggestion at 90% or more.');
  // Its button is disabled now that nothing is left above the threshold: the grid has the focus, not the page.
  await expect(grid(page)).toBeFocused();
  // A lower threshold takes the deposit too; the person undoes the bulk accept instead, in one step.
  await bar.getByLabel('Minimum confidence').selectOption({ label: '50%' });
  await expect(bar).toContainText('1 row shown has a suggestion at 50% or more.');
  await page.getByRole('toolbar', { name: 'Bookkeeping actions' }).getByRole('button', { name: 'Undo categorising 3 transactions' }).click();
  await expect(suggestion(page, 'PIZZERIA LUIGI 4411')).toBeVisible();
  await expect(suggestion(page, 'HOME DEPOT 4410')).toBeVisible();

  // On the transaction's page, the person sets a category without checking the line. Back in
  // the list, the model is trained again from the books on this device, and suggests it.
  await row(page, 'GREEN VALLEY FARMS 1').getByRole('link', { name: 'GREEN VALLEY FARMS 1' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'GREEN VALLEY FARMS 1' })).toBeVisible();
  await page.getByRole('main').getByLabel('Category', { exact: true }).selectOption({ label: 'Cost of goods sold' });
  await expect(page.getByRole('checkbox', { name: 'Checked', exact: true })).not.toBeChecked();
  await page.getByRole('link', { name: 'Back to bookkeeping' }).click();
  await expect(suggestion(page, 'GREEN VALLEY FARMS 2')).toHaveAccessibleName(/^Cost of goods sold, \d+%: suggested category for GREEN VALLEY FARMS 2 /);
});
