import { failing, test } from './support/test';
import { admin, expect, logInAs } from './support/alta';
import { letters, ownerWithCompany } from './support/checkout';

// An admin acting as a customer (decision 028) sees their pages but cannot act in their name:
// inviting a teammate is refused by the server (403 `impersonation_forbidden`) and the page
// says so in the admin's language, with the message every such refusal shows. That refusal is
// the one failed request this spec expects.
test.use({ serviceWorkers: 'block', expectedFailures: failing({ status: 403, url: /\/api\/v1\/teammates$/ }) });
// The customer is made through the API first (account, order, payment).
test.setTimeout(120_000);

test('acting as a customer, the admin cannot invite a teammate and is told why', async ({ browser, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const customer = await ownerWithCompany(request, { lastName: `Acting${letters()}` });
  const page = await browser.newPage({ serviceWorkers: 'block' });
  await logInAs(page, admin, 'en');
  await page.getByLabel('Search by name, email, phone or company').fill(customer.email);
  // The search answers before the session changes: a list request in flight then would be refused to the customer.
  await expect(page.getByRole('status').filter({ hasText: 'Showing 1 of 1' })).toBeVisible();
  await page
    .getByRole('row', { name: new RegExp(customer.email) })
    .getByRole('button', { name: `Log in as ${customer.name}` })
    .click();
  // Acting as the user ends with a full page load of their dashboard.
  await expect(page).toHaveURL('/en/dashboard');
  await expect(page.getByRole('region', { name: 'Return to admin' })).toBeVisible();

  await page.goto('/en/teammates');
  await page.getByLabel("Teammate's email").fill(`admin-own-${letters()}@alta.test`);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'While acting as this user you cannot move money or change who has access, their security or what is sent in their name.' }),
  ).toBeVisible();
  await expect(page.getByText('No teammates yet')).toBeVisible();

  await page.getByRole('region', { name: 'Return to admin' }).getByRole('button', { name: 'Return to admin' }).click();
  await expect(page).toHaveURL('/en/admin');
  await page.close();
  await request.dispose();
});
