import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { demo, logInAs } from './support/alta';
import { rows } from './support/books';
import { ownerWithCompany } from './support/checkout';
import { expect, test } from './support/test';

// OFX/QFX, QIF and CAMT.053 files through the bookkeeping screen's import dialog: told apart by
// content, previewed as read (no column mapping), imported into the chosen account with their
// refused lines named by line, and files of the wrong kind or currency refused before anything
// is recorded. Each import runs on a new owner's company (SPEC §9: one import per 30 seconds).
test.use({ serviceWorkers: 'block' });

const fixture = (name: string) => path.resolve(import.meta.dirname, '../fixtures/bank-files', name);

/** A new owner's bookkeeping screen with one manual account, and the import dialog open on `file`. */
async function openImport(page: Page, request: APIRequestContext, file: string) {
  await logInAs(page, await ownerWithCompany(request, { lastName: 'Formats' }), 'en', '/en/accounting-ai/bookkeeping');
  await page.getByRole('tab', { name: 'Accounts and imports' }).click();
  const accounts = page.getByRole('region', { name: 'Accounts' });
  const name = `Checking ${Date.now().toString(36)}`;
  await accounts.getByLabel('Account name').fill(name);
  await accounts.getByRole('button', { name: 'Create account' }).click();
  await expect(accounts.getByText(name, { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Transactions' }).click();
  await page.getByRole('toolbar', { name: 'Bookkeeping actions' }).getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a bank export' });
  await dialog.getByLabel('Choose a file').setInputFiles(fixture(file));
  return { dialog, name };
}

const cases = [
  {
    file: 'checking-ofx1-sgml.ofx',
    lead: 'checking-ofx1-sgml.ofx: 8 transactions found in this OFX/QFX statement.',
    first: ['43', '2024-01-02', 'AT&T WIRELESS · AUTOPAY 8123', '-45.30', '2024010201'],
    status: 'Import finished: 7 added, 0 already there, 1 lines refused.',
    refused: ['Line 74 (date): Enter a valid date.'],
  },
  {
    file: 'card-ofx2-xml.qfx',
    lead: 'card-ofx2-xml.qfx: 6 transactions found in this OFX/QFX statement.',
    first: ['23', '2024-02-02', 'AMZN Mktp US*2K4LM0 · Amzn.com/bill WA', '-54.20', '320240202001'],
    status: 'Import finished: 6 added, 0 already there, 0 lines refused.',
    refused: [],
  },
  {
    file: 'quicken-us.qif',
    lead: 'quicken-us.qif: 7 transactions found in this QIF statement.',
    first: ['2', '1/2/24', 'Greenway Property Mgmt · January rent', '-1,250.00', ''],
    status: 'Import finished: 6 added, 0 already there, 1 lines refused.',
    refused: ['Line 31 (date): Enter a valid date.'],
  },
  {
    file: 'banco-dmy.qif',
    lead: 'banco-dmy.qif: 5 transactions found in this QIF statement.',
    first: ['6', '31/01/24', 'ALQUILER OFICINA ENERO', '-1.234,56', ''],
    status: 'Import finished: 4 added, 0 already there, 1 lines refused.',
    refused: ['Line 23 (amount): The amount is missing.'],
  },
  {
    file: 'camt053-two-statements.xml',
    lead: 'camt053-two-statements.xml: 8 transactions found in this CAMT.053 statement.',
    first: ['23', '2024-03-04', 'Northwind Traders LLC · Invoice 2024-118', '1850.00', '2024030400012345'],
    status: 'Import finished: 7 added, 0 already there, 1 lines refused.',
    refused: ['Line 114 (amount): Enter a valid amount.'],
  },
];

for (const { file, lead, first, status, refused } of cases) {
  test(`imports ${file} through the dialog: preview without mapping, account, counts and refused lines`, async ({ page, request }) => {
    const { dialog, name } = await openImport(page, request, file);
    await expect(dialog.getByText(lead, { exact: false })).toBeVisible();
    const table = dialog.getByRole('table', { name: 'First rows of the file' });
    await expect(table.getByRole('columnheader')).toHaveText(['Line', 'Date', 'Description', 'Amount', 'Bank reference']);
    await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText(first);
    // A structured file names its own fields: nothing to map.
    await expect(dialog.getByLabel('Date format')).toHaveCount(0);
    await expect(dialog.getByLabel('Description', { exact: true })).toHaveCount(0);
    await dialog.getByLabel('Account', { exact: true }).selectOption({ label: name });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();

    await expect(dialog.getByRole('status')).toHaveText(status);
    await expect(dialog.getByRole('listitem')).toHaveText(refused);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('tab', { name: 'Accounts and imports' }).click();
    const batch = page.getByRole('region', { name: 'Import history' }).getByRole('listitem').filter({ hasText: file }).first();
    await expect(batch).toContainText('Completed');
  });
}

test('asks the day-month order of a QIF whose dates fit both, and imports with the one chosen', async ({ page, request }) => {
  const { dialog, name } = await openImport(page, request, 'ambiguous-dates.qif');
  const order = dialog.getByLabel('Date format');
  // English reads 03/04/24 as March 4 unless told otherwise; the person knows their bank writes the day first.
  await expect(order).toHaveValue('mdy');
  await expect(dialog.getByText('Every date in the file fits both orders')).toBeVisible();
  await order.selectOption({ label: 'Day/month/year (31/12/2026)' });
  await dialog.getByLabel('Account', { exact: true }).selectOption({ label: name });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Import finished: 2 added, 0 already there, 0 lines refused.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.goto('/en/accounting-ai/bookkeeping?q=CORNER');
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: 'CORNER COFFEE ROASTERS' }).getByRole('gridcell').nth(1)).toHaveText('04/03/2024');
  await expect(rows(page).filter({ hasText: 'CORNER BAKERY' }).getByRole('gridcell').nth(1)).toHaveText('06/05/2024');
});

test('refuses a file of the wrong kind and a statement in euros, naming the formats and the currency', async ({ page }) => {
  await logInAs(page, demo, 'en', '/en/accounting-ai/bookkeeping');
  await page.getByRole('toolbar', { name: 'Bookkeeping actions' }).getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a bank export' });
  await expect(dialog.getByText('CSV, OFX, QFX, QIF or CAMT.053, up to 2 MB.')).toBeVisible();

  const notABankFile = "This is not a bank file Alta can read: upload your bank's CSV, OFX, QFX, QIF or CAMT.053 export.";
  await dialog.getByLabel('Choose a file').setInputFiles(fixture('statement.pdf'));
  await expect(dialog.getByRole('alert')).toHaveText(notABankFile);
  await dialog.getByLabel('Choose a file').setInputFiles(fixture('camt053-eur.xml'));
  await expect(dialog.getByRole('alert')).toHaveText(
    "The statement is not in US dollars (USD), the currency of Alta's accounts: export the statement of a USD account.",
  );
  // Named like a CSV, still a PDF inside: the content decides.
  await dialog
    .getByLabel('Choose a file')
    .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n', 'latin1') });
  await expect(dialog.getByRole('alert')).toHaveText(notABankFile);
});
