import { admin, expect, logInAs } from './support/alta';
import { approvedBanking } from './support/banking';
import { ownerWithCompany } from './support/checkout';
import { test } from './support/test';

// SPEC §1 on the bank-account screen (issue 33): banking closed by a partner's residence is said
// first, in the page's language; a payment from someone the rule does not allow is held, the
// owner is told why, and an admin releases it from the company's staff page.
test.use({ serviceWorkers: 'block' });
// A fresh customer (account, order, payment) first, on a shared machine.
test.setTimeout(150_000);

const closed = {
  es: { title: 'La banca digital no está disponible para esta empresa', twoFactor: 'Acceso en dos pasos', still: 'Contabilidad' },
  en: { title: 'Digital banking is not available for this company', twoFactor: 'Two-factor access', still: 'Bookkeeping' },
  pt: { title: 'O banco digital não está disponível para esta empresa', twoFactor: 'Acesso em duas etapas', still: 'Contabilidade' },
} as const;

test('a company whose only partner lives in Venezuela is told before two-factor or KYB, in Spanish, English and Portuguese', async ({ page, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const owner = await ownerWithCompany(request, { partnerCountry: 'VE' });
  await request.dispose();
  await logInAs(page, owner, 'en');
  for (const [language, words] of Object.entries(closed)) {
    await page.goto(`/${language}/banking-crypto`);
    const notice = page.getByRole('region', { name: words.title });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Venezuela');
    await expect(notice.getByRole('link', { name: words.still })).toHaveAttribute('href', `/${language}/accounting-ai/bookkeeping`);
    // Nothing to set up that the server would refuse at the end.
    await expect(page.getByRole('heading', { name: words.twoFactor })).toHaveCount(0);
    await expect(page.locator('canvas')).toHaveCount(0);
  }
});

test('a $5,000 payment from an unrelated person is held with why, and counts once an admin releases it', async ({ page, browser, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const owner = await ownerWithCompany(request, { firstName: 'Lucía', lastName: 'Banca' });
  await request.dispose();
  await logInAs(page, owner, 'es');
  await approvedBanking(page.request, owner.companyId);
  const origin = { origin: new URL(page.url()).origin };
  const deposit = await page.request.post(`/api/v1/banking/sandbox/companies/${owner.companyId}/deposits`, {
    data: { amountCents: 500_000, senderName: 'John Doe', senderType: 'individual', fromBank: 'Chase', rail: 'ach_push' },
    headers: origin,
  });
  expect(deposit.status(), await deposit.text()).toBe(202);

  await page.goto('/es/banking-crypto');
  const held = page.getByRole('region', { name: 'Pagos retenidos para revisión' });
  await expect(held).toContainText('John Doe');
  await expect(held).toContainText('los pagos entre personas solo se aceptan por menos de');
  await expect(held).toContainText('pide al remitente que pague desde una empresa registrada');
  await expect(page.getByTestId('balance-usd')).toHaveText('$0');

  const staff = await browser.newContext({ serviceWorkers: 'block' });
  const adminPage = await staff.newPage();
  await logInAs(adminPage, admin, 'en');
  await adminPage.goto(`/en/admin/companies/${owner.companyId}`);
  const section = adminPage.getByRole('region', { name: 'Payments held for review' });
  await expect(section).toContainText('from a person without a partner');
  await section.getByRole('button', { name: /^Release \$5,000/ }).click();
  await expect(adminPage.getByText(/\$5,000 from John Doe .* released into the balance\./)).toBeVisible();
  await expect(section).toContainText('No incoming payment is held.');
  await staff.close();

  // The owner's open page follows the release through the sync poke.
  await expect(page.getByTestId('balance-usd')).toHaveText('$5,000', { timeout: 30_000 });
  await expect(held).toBeHidden();
});
