import type { APIRequestContext } from '@playwright/test';
import { expect, LoginPage, logInAs, uniqueEmail, type Lang } from './support/alta';
import { createAccount, ownerWithCompany } from './support/checkout';
import { seriousViolations } from './support/axe';
import { readMailedLink } from './support/outbox';
import { test } from './support/test';

// Teammates (issue 11 §6, decision 030): an owner invites by email, the invitee accepts from
// the mailed link and sees the company with its documents. Each run makes its own owner and invitee.
test.use({ serviceWorkers: 'block' });
// The owner is made through the API first (account, order, payment).
test.setTimeout(90_000);

/** A key of the `teammates` catalog shown instead of its text (a missing translation). */
const rawKey = /\b(invite|team|confirm|accept)\.[A-Za-z_]+/;
const headings = { es: 'Miembros del equipo', en: 'Teammates', pt: 'Membros da equipe' } as const;

/** Uploads a PDF as the company's EIN document through the API, as the signed-in `request`. */
async function uploadEinDocument(request: APIRequestContext, companyId: string, fileName: string) {
  const bytes = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer\n%%EOF\n');
  const declared = await request.post('/api/v1/uploads', { data: { companyId, uploadType: 'einDocument', fileName, size: bytes.length } });
  expect(declared.status(), await declared.text()).toBe(201);
  const { url, key } = (await declared.json()) as { url: string; key: string };
  const target = new URL(url);
  expect((await request.put(`${target.pathname}${target.search}`, { data: bytes, headers: { 'content-type': 'application/pdf' } })).status()).toBe(200);
  expect((await request.post('/api/v1/uploads/complete', { data: { key } })).status()).toBe(200);
}

test('an owner invites by email; the invitee logs in from the mailed link and sees the company and its document', async ({ page, browser, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const owner = await ownerWithCompany(request, { lastName: 'Equipo' });
  await request.post('/api/v1/login', { data: { email: owner.email, password: owner.password } });
  await uploadEinDocument(request, owner.companyId, 'ein-letter.pdf');
  await request.post('/api/v1/logout');
  const invitee = await createAccount(request, uniqueEmail('teammate'));
  await request.dispose();

  // The owner invites from the teammates page (their only company is chosen already).
  await logInAs(page, owner, 'en', '/en/teammates');
  await expect(page.getByRole('heading', { level: 1, name: 'Teammates' })).toBeVisible();
  const since = Date.now();
  await page.getByLabel("Teammate's email").fill(invitee.email);
  await expect(page.getByRole('checkbox', { name: 'Andes Labs' })).toBeChecked();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${invitee.email}.`)).toBeVisible();
  const team = page.getByRole('list', { name: 'Teammates of Andes Labs' });
  await expect(team.getByRole('listitem').filter({ hasText: invitee.email })).toContainText('Pending');

  // The same address again: the SPEC's message.
  await page.getByLabel("Teammate's email").fill(invitee.email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('alert')).toHaveText('User already added as a teammate');

  // Every language has every text and no serious accessibility violation.
  for (const lang of ['en', 'es', 'pt'] as Lang[]) {
    if (lang !== 'en') await page.goto(`/${lang}/teammates`);
    await expect(page.getByRole('heading', { level: 1, name: headings[lang] })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: invitee.email })).toBeVisible();
    await expect(page.locator('main')).not.toContainText(rawKey);
    expect(await seriousViolations(page, 'main')).toEqual([]);
  }

  // The invitee opens the mailed link signed out, logs in, and lands on the dashboard with the company.
  const link = await readMailedLink(invitee.email, since, 'join-team');
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const guest = await context.newPage();
  await guest.goto(link);
  await expect(guest.getByRole('heading', { name: 'Join a team' })).toBeVisible();
  await guest.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await new LoginPage(guest, 'en').logIn(invitee);
  await expect(guest).toHaveURL(/\/en\/dashboard$/);
  const card = guest.getByRole('link', { name: /Andes Labs/ });
  await expect(card).toBeVisible();
  await card.click();
  await expect(guest.getByRole('button', { name: 'View ein-letter.pdf' })).toBeVisible();

  // The owner's list shows the teammate as accepted.
  await page.goto('/en/teammates');
  await expect(page.getByRole('list', { name: 'Teammates of Andes Labs' }).getByRole('listitem').filter({ hasText: invitee.email })).toContainText('Accepted');
  await context.close();
});
