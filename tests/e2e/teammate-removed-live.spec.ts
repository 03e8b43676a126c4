import type { APIRequestContext } from '@playwright/test';
import { expect, logInAs, uniqueEmail } from './support/alta';
import { createAccount, ownerWithCompany } from './support/checkout';
import { readMailedLink } from './support/outbox';
import { test } from './support/test';

// Open screens follow what sync changed (issue 31 §3): a teammate has My companies open in one
// tab and the company's page in another when the owner removes them from its team. Without a
// reload, the company leaves the list, the company's page goes back to the list, and both tabs
// say why.

test.use({ serviceWorkers: 'block' });
test.setTimeout(90_000);

const session = async (request: APIRequestContext, account: { email: string; password: string }) => {
  await request.post('/api/v1/logout');
  expect((await request.post('/api/v1/login', { data: { email: account.email, password: account.password } })).status()).toBe(200);
};

test('a teammate removed from a company sees it leave their open screens at once, and is told', async ({ browser, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const owner = await ownerWithCompany(request, { lastName: 'Equipo' });
  const teammate = await createAccount(request, uniqueEmail('teammate'));
  await session(request, owner);
  const since = Date.now();
  expect((await request.post('/api/v1/teammates', { data: { email: teammate.email, companyIds: [owner.companyId] } })).status()).toBe(201);
  const link = (await readMailedLink(teammate.email, since, 'join-team')).split('#')[1];
  await session(request, teammate);
  expect((await request.post('/api/v1/teammates/accept', { data: { link } })).status()).toBe(200);

  // The teammate: My companies in one tab, the company's page in another.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const list = await context.newPage();
  await logInAs(list, teammate, 'en');
  await expect(list).toHaveURL(/\/en\/dashboard$/);
  const card = list.getByRole('link', { name: /Andes Labs/ });
  await expect(card).toBeVisible();
  const detail = await context.newPage();
  await detail.goto(`/en/dashboard/company/${owner.companyId}`);
  await expect(detail.getByRole('heading', { level: 1, name: 'Andes Labs' })).toBeVisible();

  // The owner removes them.
  await session(request, owner);
  const teams = (await (await request.get('/api/v1/teammates')).json()) as { items: { companyId: string; teammates: { id: string; email: string }[] }[] };
  const member = teams.items.find((team) => team.companyId === owner.companyId)!.teammates.find((entry) => entry.email === teammate.email)!;
  expect((await request.delete(`/api/v1/companies/${owner.companyId}/teammates/${member.id}`)).status()).toBe(204);

  const told = 'You no longer have access to Andes Labs.';
  await expect(card).toHaveCount(0);
  await expect(list.getByText(told)).toBeVisible();
  await expect(list.getByText('You do not have any companies yet. Choose how you want to start.')).toBeVisible();
  await expect(detail).toHaveURL(/\/en\/dashboard$/);
  await expect(detail.getByText(told)).toBeVisible();
  await expect(detail.getByRole('link', { name: /Andes Labs/ })).toHaveCount(0);

  await context.close();
  await request.dispose();
});
