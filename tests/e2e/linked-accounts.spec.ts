import { demo, expect, logInAs } from './support/alta';
import { test } from './support/test';
import { rows } from './support/books';

// Linking a bank through the local sandbox's Link page on the demo company, and seeing its
// transactions arrive in the bookkeeping list through the sync engine.
test.use({ serviceWorkers: 'block' });

test('links a sandbox bank, sees its transactions in the list, syncs and unlinks keeping them', async ({ page }) => {
  test.slow(); // the first sync books two months of lines, then every device pulls them
  await logInAs(page, demo, 'en', '/en/accounting-ai/bookkeeping');
  await expect(rows(page).first()).toBeVisible();
  // The linked banks are in the "Accounts and imports" tab (decision 065).
  const [booksTab, accountsTab] = [page.getByRole('tab', { name: 'Transactions' }), page.getByRole('tab', { name: 'Accounts and imports' })];
  await accountsTab.click();
  const linked = page.getByRole('region', { name: 'Linked bank accounts' });

  await linked.getByRole('button', { name: 'Connect a bank' }).click();
  const link = page.getByRole('dialog', { name: 'Choose your bank' });
  await expect(link.getByText('Test mode: sample banks with made-up data.', { exact: false })).toBeVisible();
  await link.getByRole('button', { name: 'Tartan Bank' }).click();

  const signIn = page.getByRole('dialog', { name: 'Sign in to Tartan Bank' });
  await signIn.getByLabel('Username').fill('user_good');
  await signIn.getByLabel('Password').fill('wrong');
  await signIn.getByRole('button', { name: 'Continue' }).click();
  await expect(signIn.getByRole('alert')).toHaveText('The bank username or password is incorrect.');
  await signIn.getByLabel('Password').fill('pass_good');
  await signIn.getByRole('button', { name: 'Continue' }).click();
  await expect(signIn).toBeHidden();

  await expect(linked.getByRole('status')).toHaveText('Tartan Bank is linked and its transactions are already in your books.', { timeout: 30_000 });
  const bank = linked.getByRole('listitem').filter({ hasText: 'Tartan Bank' }).last();
  await expect(bank).toContainText('Connected');
  await expect(bank.getByRole('list', { name: 'Accounts at Tartan Bank' })).toContainText('Plaid Checking •••• 0000');
  await expect(bank).toContainText(/Last synced: /);

  // The server wrote the lines into the company's books; the sync engine brings them here.
  await booksTab.click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('intrst pymnt');
  await expect(rows(page).first()).toContainText('INTRST PYMNT', { timeout: 30_000 });
  // Named by its bank account (synced to the device with the transactions).
  await expect(rows(page).first()).toContainText('Plaid Saving •••• 1111');

  await accountsTab.click();
  await bank.getByRole('button', { name: 'Sync Tartan Bank now' }).click();
  await expect(bank.getByRole('status')).toHaveText('All up to date: no new transactions.');

  await bank.getByRole('button', { name: 'Unlink Tartan Bank' }).click();
  await page.getByRole('dialog', { name: 'Unlink Tartan Bank?' }).getByRole('button', { name: 'Unlink' }).click();
  await expect(linked.getByRole('status')).toHaveText('Tartan Bank was unlinked. The imported transactions stay in your books.');
  await booksTab.click();
  await expect(rows(page).first()).toContainText('INTRST PYMNT');
  await expect(rows(page).first()).toContainText('Plaid Saving •••• 1111');
});
