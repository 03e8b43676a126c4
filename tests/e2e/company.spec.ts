import type { Page } from '@playwright/test';
import { expect, demo, logInAs, type Lang } from './support/alta';
import { seriousViolations } from './support/axe';
import { test } from './support/test';

// These tests are about the company pages, not the installed app.
test.use({ serviceWorkers: 'block' });

/** A key of the `company` catalog shown instead of its text (a missing translation). */
const rawKey = /\b(progress|documents|renewal|dissolution|data|services|details|reminder|nextAction|types|actions)\.[A-Za-z_]+/;

/** The demo owner's company page, reached from My companies; answers the company id. */
async function openDemoCompany(page: Page, lang: Lang = 'en'): Promise<string> {
  await logInAs(page, demo, lang);
  const card = page.getByRole('link', { name: /Demo Ventures LLC/ });
  await expect(card).toBeVisible();
  const id = (await card.getAttribute('href'))!.split('/').at(-1)!;
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Ventures LLC' })).toBeVisible();
  return id;
}

test('a return visit to the dashboard home shows the companies this device keeps from its first render', async ({ page }) => {
  await logInAs(page, demo, 'en');
  await expect(page.getByRole('link', { name: /Demo Ventures LLC/ })).toBeVisible();
  // Each company the page shows by its profile's id only ("Reference …"), from the page's start:
  // replaced by its card after the first paint, it moved the page below it down.
  await page.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(window, { companiesById: shown });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (/Reference [0-9A-F]{8}/.test(node.textContent ?? '')) shown.push(node.textContent!);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(page.getByRole('link', { name: /Demo Ventures LLC/ })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { companiesById: string[] }).companiesById)).toEqual([]);
});

test('an owner uploads the EIN document with progress, then views it in the list', async ({ page }) => {
  await openDemoCompany(page);
  await expect(page.getByRole('list').filter({ hasText: 'Order received' })).toBeVisible();
  // Hold the bytes on their way to storage, so the waiting upload and its progress bar can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/uploads/files/**', async (route) => {
    await held;
    await route.continue();
  });
  const pdf = Buffer.from(`%PDF-1.7\n${'0'.repeat(300_000)}\n%%EOF\n`);
  await page.getByLabel('Upload EIN document').setInputFiles({ name: 'ein-letter.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByRole('progressbar', { name: 'Upload progress of ein-letter.pdf' })).toBeVisible();
  release();
  await expect(page.getByRole('button', { name: 'View ein-letter.pdf' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Upload progress of ein-letter.pdf' })).toHaveCount(0);
});

test('a file of a forbidden type is refused in the browser before anything is sent', async ({ page }) => {
  await openDemoCompany(page);
  await page.getByLabel('Upload EIN document').setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(page.getByText('tool.exe is not an allowed file type.')).toBeVisible();
});

test('renewal reminder with exactly one company offers its renewal page', async ({ page }) => {
  const id = await openDemoCompany(page);
  await page.route('**/api/v1/renewals/summary', (route) =>
    route.fulfill({
      json: { pendingCount: 0, overdueCount: 1, pendingCompanies: [], overdueCompanies: [{ id, name: 'Demo Ventures LLC', status: 'OVERDUE' }] },
    }),
  );
  await page.goto('/en/dashboard');
  const reminder = page.getByRole('dialog', { name: 'Company renewals' });
  await expect(reminder).toContainText('The renewal of Demo Ventures LLC is overdue.');
  await reminder.getByRole('button', { name: 'View details' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/dashboard/company/${id}/renewal$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Renewal' })).toBeVisible();
});

test('renewal reminder with several companies counts them and closes with OK', async ({ page }) => {
  await logInAs(page, demo, 'es');
  const company = (name: string, status: string) => ({ id: crypto.randomUUID(), name, status });
  await page.route('**/api/v1/renewals/summary', (route) =>
    route.fulfill({
      json: {
        pendingCount: 2,
        overdueCount: 1,
        pendingCompanies: [company('A', 'WITHIN_TIMEFRAME'), company('B', 'WITHIN_TIMEFRAME')],
        overdueCompanies: [company('C', 'OVERDUE')],
      },
    }),
  );
  await page.goto('/es/dashboard');
  const reminder = page.getByRole('dialog', { name: 'Renovaciones de empresas' });
  await expect(reminder).toContainText('Tienes 2 renovaciones de empresas pendientes y 1 vencidas.');
  await reminder.getByRole('button', { name: 'Aceptar' }).click();
  await expect(reminder).toBeHidden();
});

for (const lang of ['es', 'en', 'pt'] as Lang[]) {
  test(`company details and renewal pages (${lang}) have every text and no serious accessibility violation`, async ({ page }) => {
    test.slow();
    const id = await openDemoCompany(page, lang);
    await expect(page.locator('main')).not.toContainText(rawKey);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`/${lang}/dashboard/company/${id}/renewal`);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.locator('main')).not.toContainText(rawKey);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
