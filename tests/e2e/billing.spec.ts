import { readFile } from 'node:fs/promises';
import { expect, logInAs, type Lang } from './support/alta';
import { seriousViolations } from './support/axe';
import { CheckoutPage, ownerWithCompany } from './support/checkout';
import { test } from './support/test';

// Subscriptions, payment methods and invoices (issue 11 §7, decision 031), on a fresh customer
// with a paid company of its own: retries and other tests never share its cards or plan.
test.use({ serviceWorkers: 'block' });
test.setTimeout(120_000);

/** A key of the `billing` catalog shown instead of its text (a missing translation). */
const rawKey = /\b(subscriptions|change|cards|invoices|statuses|plans|billingCycles|perPeriod)\.[A-Za-z]+/;

const titles: Record<Lang, Record<'subscriptions' | 'payment-method' | 'invoices', string>> = {
  en: { subscriptions: 'Subscriptions', 'payment-method': 'Payment methods', invoices: 'Invoices' },
  es: { subscriptions: 'Suscripciones', 'payment-method': 'Métodos de pago', invoices: 'Facturas' },
  pt: { subscriptions: 'Assinaturas', 'payment-method': 'Formas de pagamento', invoices: 'Faturas' },
};

test('an owner adds a card with 3-D Secure, changes plan, and downloads the invoice; the pages read in es, en and pt', async ({ page, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const customer = await ownerWithCompany(request, { lastName: 'Billing' });
  await request.dispose();
  await logInAs(page, customer, 'en');

  // A card saved through the sandbox's SetupIntent, with its 3-D Secure challenge.
  await page.goto('/en/payment-method');
  await expect(page.getByText('No saved cards yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a card' }).click();
  const checkout = new CheckoutPage(page, 'en');
  await checkout.fillCard({ number: '4000 0025 0000 3155' });
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(checkout.challenge).toBeVisible();
  await checkout.challenge.getByRole('button', { name: 'Complete authentication' }).click();
  const saved = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Visa ending in 3155' }) });
  await expect(saved).toBeVisible();
  await expect(saved.getByText('Default')).toBeVisible();
  await expect(saved.getByText('Expires 12/2034')).toBeVisible();
  // The plan change, priced by the server, charged to that card.
  await page.goto('/en/subscriptions');
  const subscription = page.getByRole('listitem').filter({ hasText: 'Standard' });
  await expect(subscription.getByText('Active')).toBeVisible();
  await subscription.getByRole('button', { name: 'Change plan' }).click();
  const dialog = page.getByRole('dialog', { name: /^Change the plan of/ });
  await dialog.getByRole('radio', { name: 'Enterprise' }).check();
  await expect(dialog.getByText('Charged now to your default card')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: 'Enterprise' }).getByText('Active')).toBeVisible();
  // Two invoices: the order's and the plan change's, each a PDF.
  await page.goto('/en/invoices');
  const rows = page.getByRole('row').filter({ has: page.getByRole('link', { name: /Download PDF/ }) });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Visa ending in 3155');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    rows
      .first()
      .getByRole('link', { name: /Download PDF/ })
      .click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');
  for (const lang of ['es', 'en', 'pt'] as const) {
    for (const [path, title] of Object.entries(titles[lang])) {
      await page.goto(`/${lang}/${path}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(/^(Loading|Cargando|Carregando) /)).toHaveCount(0);
      expect(await page.getByRole('main').innerText(), `${lang}/${path}`).not.toMatch(rawKey);
      expect(await seriousViolations(page, 'main'), `${lang}/${path}`).toEqual([]);
    }
  }
});
