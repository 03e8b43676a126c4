import type { APIRequestContext } from '@playwright/test';
import { admin, demo, expect, logInAs, type Lang } from './support/alta';
import { letters, ownerWithCompany } from './support/checkout';
import { seriousViolations } from './support/axe';
import { failing, networkCut, test } from './support/test';

// Mailing and BOI report (issue 11 §4–5, decision 029). The offline test cuts the network on purpose.
test.use({ expectedFailures: failing(networkCut) });

/** A key of the `mailing` or `boi` catalog shown instead of its text (a missing translation). */
const rawKey = /\b(viewer|forward|rule|requirement|status|owners|form|types)\.[a-z][A-Za-z_]+/;

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Staff add a scanned letter to the customer's company through the admin API (declare, upload, complete). */
async function staffAddsMail(staff: APIRequestContext, customerEmail: string) {
  expect((await staff.post('/api/v1/login', { data: admin })).status()).toBe(200);
  const companies = await (await staff.get(`/api/v1/admin/companies?search=${encodeURIComponent(customerEmail)}`)).json();
  const companyId = companies.items[0].id as string;
  const declared = await staff.post(`/api/v1/admin/companies/${companyId}/mail`, {
    data: { sender: 'Internal Revenue Service', summary: 'Notice CP575: EIN assigned', receivedAt: '2026-11-20', fileName: 'irs-cp575.pdf', size: pdf.length },
  });
  expect(declared.status(), await declared.text()).toBe(201);
  const { id, upload } = await declared.json();
  expect((await staff.put(upload.url, { data: pdf, headers: upload.headers })).status()).toBe(200);
  expect((await staff.post(`/api/v1/admin/mail/${id}/complete`)).status()).toBe(200);
}

test('a letter opened once online reads again offline after a reload, and is found by sender and text', async ({ page, context, playwright }) => {
  test.slow(); // a customer made through the API, staff adding mail, a reload without network
  const baseURL = test.info().project.use.baseURL;
  const request = await playwright.request.newContext({ baseURL });
  const customer = await ownerWithCompany(request, { lastName: `Correo${letters()}` });
  const staff = await playwright.request.newContext({ baseURL });
  await staffAddsMail(staff, customer.email);

  await logInAs(page, customer, 'en');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.goto('/en/mailing');
  const list = page.getByRole('region', { name: "The company's mail" });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Unread');
  await list.getByRole('button', { name: 'Open the mail from Internal Revenue Service' }).click();
  const viewer = page.getByRole('dialog', { name: 'Letter from Internal Revenue Service' });
  await expect(viewer.locator('iframe[title="Scan of irs-cp575.pdf"]')).toHaveAttribute('src', /^blob:/);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(list.getByRole('listitem')).toContainText('Available offline');
  await expect(list.getByRole('listitem')).not.toContainText('Unread');

  // Online, the saved copy shows while the API answers, without the offline note: it used to flash
  // at every visit ("Offline: …" while online), and the list moved up when the answer took it away.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Offline: showing the copy saved on')) Object.assign(window, { offlineNoteShown: true });
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const slowMail = /\/api\/v1\/companies\/[^/]+\/mail$/;
  await context.route(slowMail, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const answered = page.waitForResponse(slowMail);
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await answered;
  await expect(list.getByRole('listitem')).toContainText('Available offline');
  expect(await page.evaluate(() => 'offlineNoteShown' in window)).toBe(false);
  await context.unroute(slowMail);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Offline: showing the copy saved on' })).toBeVisible();
  await list.getByRole('button', { name: 'Open the mail from Internal Revenue Service' }).click();
  await expect(viewer.locator('iframe[title="Scan of irs-cp575.pdf"]')).toHaveAttribute('src', /^blob:/);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
  const search = page.getByRole('searchbox', { name: 'Search by sender or text' });
  await search.fill('wyoming');
  await expect(search).toHaveValue('wyoming');
  await expect(list).toContainText('No mail matches the search.');
  await search.fill('revenue cp575');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await context.setOffline(false);
  await request.dispose();
  await staff.dispose();
});

const ruleText: Record<Lang, string> = {
  es: 'las empresas constituidas en los Estados Unidos',
  en: 'companies formed in the United States',
  pt: 'as empresas constituídas nos Estados Unidos',
};
const mailingTitle: Record<Lang, string> = { es: 'Correspondencia', en: 'Mailing', pt: 'Correspondência' };

test('mailing and BOI report pages in es, en and pt: every text, the FinCEN rule, no serious accessibility violation', async ({ page }) => {
  test.slow(); // six pages, each checked by axe
  await logInAs(page, demo, 'es');
  for (const lang of ['es', 'en', 'pt'] as Lang[]) {
    await page.goto(`/${lang}/mailing`);
    await expect(page.getByRole('heading', { level: 1, name: mailingTitle[lang] })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Internal Revenue Service' })).toBeVisible();
    await expect(page.locator('main')).not.toContainText(rawKey);
    expect(await seriousViolations(page, 'main')).toEqual([]);

    await page.goto(`/${lang}/boi-report`);
    await expect(page.getByText(ruleText[lang])).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Demo Ventures LLC' })).toBeVisible();
    await expect(page.locator('main')).not.toContainText(rawKey);
    expect(await seriousViolations(page, 'main')).toEqual([]);
  }
});

test("a foreign company's BOI form is checked on the device before anything is sent", async ({ page }) => {
  // The demo company is exempt: the page is given a foreign reporting company's answer instead.
  await page.route('**/api/v1/boi-report', async (route) => {
    const answer = (await (await route.fetch()).json()) as { items: Record<string, unknown>[] };
    const items = answer.items.map((item) => ({ ...item, requirement: 'required', status: 'notStarted', formationCountry: 'AR', relation: 'owner' }));
    await route.fulfill({ json: { ...answer, items } });
  });
  const sent: string[] = [];
  page.on('request', (request) => request.method() === 'PUT' && request.url().includes('/boi-report') && sent.push(request.url()));
  await logInAs(page, demo, 'en', '/en/boi-report');
  const form = page.getByRole('region', { name: 'Demo Ventures LLC' });
  // The report's rules (zod, the phone metadata) load after the page paints (decision 078).
  await form.getByRole('button', { name: 'Send the report' }).click();
  await expect(page.getByText('Check the marked fields.')).toBeVisible();
  await expect(form.getByRole('textbox', { name: /^EIN or the tax id/ })).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
});
