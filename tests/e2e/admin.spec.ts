import { test } from './support/test';
import { admin, expect, logInAs } from './support/alta';
import { letters, ownerWithCompany } from './support/checkout';

// The admin area (issue 14, decisions 028 and 033) in the browser: find a user, see their
// companies, copy the filtered e-mails, act as the user (the banner on their pages and on public
// pages) and come back, move a company along SPEC §4, upload a document and add a scanned letter
// the customer then sees (decision 038).
test.use({ serviceWorkers: 'block' });
// Each test first makes a customer through the API (account, order, payment): more than the default budget on a loaded machine.
test.setTimeout(120_000);

test('the admin finds a user without accents, opens their companies, copies e-mails, acts as them and returns', async ({ browser, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const lastName = `Muñoz${letters()}`;
  const customer = await ownerWithCompany(request, { lastName });
  const context = await browser.newContext({ serviceWorkers: 'block', permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await logInAs(page, admin, 'en');
  await expect(page).toHaveURL('/en/admin');

  await page.getByLabel('Search by name, email, phone or company').fill(`inigo ${lastName.replace('ñ', 'n').toUpperCase()}`);
  const row = page.getByRole('row', { name: new RegExp(customer.email) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Showing 1 of 1' })).toBeVisible();

  await row.getByRole('button', { name: /1 company/ }).click();
  const companies = page.getByRole('dialog', { name: `Companies of ${customer.name}` });
  await expect(companies.getByRole('link', { name: 'Andes Labs' })).toBeVisible();
  await expect(companies).toContainText('Owner');
  await companies.getByRole('button', { name: 'Close' }).click();
  await expect(companies).toBeHidden();

  await page.getByRole('button', { name: 'Copy emails' }).click();
  await expect(page.getByText('1 email copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(customer.email);

  await row.getByRole('button', { name: `Log in as ${customer.name}` }).click();
  await expect(page).toHaveURL('/en/dashboard');
  const banner = page.getByRole('region', { name: 'Return to admin' });
  await expect(banner).toContainText(`You are acting as ${customer.name} (${customer.email}).`);
  await expect(page.getByRole('link', { name: /Andes Labs/ })).toBeVisible();
  // The banner stays on every page of the customer's area. The page's own reminder check
  // finishes first: a request still in flight when the session changes back would answer 401.
  const reminderChecked = page.waitForResponse((response) => response.url().includes('/api/v1/renewals/summary'));
  await page.goto('/en/teammates');
  await expect(banner).toBeVisible();
  await reminderChecked;
  // Public pages too (they load no database code: the banner comes from the signed-in hint), and one click back from there.
  await page.goto('/en/faq');
  await expect(banner).toContainText(`You are acting as ${customer.name}`);

  await banner.getByRole('button', { name: 'Return to admin' }).click();
  await expect(page).toHaveURL('/en/admin');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Return to admin' })).toHaveCount(0);
  await context.close();
  await request.dispose();
});

test("the admin moves a company's status, uploads a document and adds a letter; its owner sees all three", async ({ browser, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const customer = await ownerWithCompany(request, { lastName: `Status${letters()}` });
  const adminPage = await browser.newPage({ serviceWorkers: 'block' });
  await logInAs(adminPage, admin, 'en');
  await adminPage.goto('/en/admin/companies');
  await adminPage.getByLabel('Search by company name, order number or owner').fill(customer.email);
  await expect(adminPage.getByRole('status').filter({ hasText: 'Showing 1 of 1' })).toBeVisible();
  await adminPage.getByRole('link', { name: 'Andes Labs' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Progress status: Start' })).toBeVisible();
  await adminPage.getByLabel('Move to').selectOption({ label: 'Registered in the state' });
  await adminPage.getByRole('button', { name: 'Change status' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Progress status: Registered in the state' })).toBeVisible();
  await expect(adminPage.getByRole('cell', { name: 'Status changed' })).toBeVisible();
  const documents = adminPage.getByRole('form', { name: 'Documents for the customer' });
  await documents.getByLabel('Document type').selectOption({ label: 'Generated EIN document' });
  await documents
    .getByLabel('File')
    .setInputFiles({ name: 'ein-letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n') });
  await documents.getByRole('button', { name: 'Upload document' }).click();
  await expect(adminPage.getByText('ein-letter.pdf was uploaded; the customer sees it now.')).toBeVisible();
  await expect(adminPage.getByRole('cell', { name: 'Document uploaded' })).toBeVisible();
  // A scanned letter for the customer: Letter and one piece unless staff say otherwise.
  const mail = adminPage.getByRole('form', { name: 'Scanned mail for the customer' });
  await expect(mail.getByLabel('Mail type')).toHaveValue('Letter');
  await mail.getByLabel('Sender').fill('Wyoming Secretary of State');
  await mail
    .getByLabel('File')
    .setInputFiles({ name: 'annual-report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n') });
  await mail.getByRole('button', { name: 'Add letter' }).click();
  await expect(adminPage.getByText('annual-report.pdf was added; the owner was notified by email.')).toBeVisible();
  await expect(adminPage.getByRole('cell', { name: 'Wyoming Secretary of State' })).toBeVisible();
  await expect(adminPage.getByRole('cell', { name: 'Mail added' })).toBeVisible();

  const ownerPage = await browser.newPage({ serviceWorkers: 'block' });
  await logInAs(ownerPage, customer, 'en');
  await expect(ownerPage).toHaveURL('/en/dashboard');
  await expect(ownerPage.getByRole('link', { name: /Andes Labs/ })).toContainText('Registered in the state');
  await ownerPage.getByRole('link', { name: /Andes Labs/ }).click();
  await expect(ownerPage.getByRole('button', { name: 'View ein-letter.pdf' })).toBeVisible();
  await ownerPage.goto('/en/mailing');
  await expect(
    ownerPage.getByRole('region', { name: "The company's mail" }).getByRole('button', { name: 'Open the mail from Wyoming Secretary of State' }),
  ).toBeVisible();
  await adminPage.close();
  await ownerPage.close();
  await request.dispose();
});
