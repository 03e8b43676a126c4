import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { continueLink, continueWords, linkShape, sampleCreateCompany, WizardPage } from './support/wizard';
import { seriousViolations } from './support/axe';

test.use({ serviceWorkers: 'block' });

/** A second device: a new browser context shares nothing (no IndexedDB, no localStorage) with the first. */
async function otherDevice(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  return context.newPage();
}

test('a guest continues the create-company wizard on another device at the same step, with the same data', async ({ page, browser }) => {
  // Two devices, each walking steps and waiting for uploads: twice a one-device wizard test.
  test.setTimeout(90_000);
  const input = sampleCreateCompany();
  const phone = new WizardPage(page, 'en');
  const w = phone.words;
  await phone.goto('createCompany');
  await phone.fillOwner(input.owner);
  await phone.next('names');
  await phone.field(w.nameOption1).fill(input.nameOption1);
  await phone.field(w.nameOption2).fill(input.nameOption2);
  await phone.next('type');

  const link = await continueLink(page);
  const [, id, secret] = linkShape.exec(link)!;
  // "Email me the link" offers the address typed on the first step.
  const panel = page.getByRole('region', { name: continueWords.action, exact: true });
  await expect(panel.getByRole('textbox', { name: continueWords.email })).toHaveValue(input.owner.email);
  await panel.getByRole('button', { name: continueWords.send, exact: true }).click();
  await expect(panel.getByRole('status').filter({ hasText: continueWords.sent(input.owner.email) })).toBeVisible();

  const laptopPage = await otherDevice(browser);
  try {
    await laptopPage.goto(link);
    await laptopPage.waitForURL(/\/en\/create-company$/);
    // The secret left the address bar (and the history) as soon as it was read.
    expect(new URL(laptopPage.url()).hash).toBe('');
    const laptop = new WizardPage(laptopPage, 'en');
    await laptop.expectStep('type');

    await laptop.back('names');
    await expect(laptop.field(w.nameOption1)).toHaveValue(input.nameOption1);
    await expect(laptop.field(w.nameOption2)).toHaveValue(input.nameOption2);
    await laptop.back('owner');
    await expect(laptop.field(w.firstName)).toHaveValue(input.owner.firstName);
    await expect(laptop.field(w.email)).toHaveValue(input.owner.email);
    await expect(laptop.field(w.phoneNumber)).toHaveValue(/\S/);

    await laptop.next('names');
    await laptop.next('type');
    await laptopPage.getByRole('radio', { name: 'LLC', exact: true }).check();
    await laptop.next('industry');

    // The laptop saves to the same server copy with the same secret: the link now opens the industry step (step 4).
    await expect
      .poll(async () => {
        const res = await laptopPage.request.get(`/api/v1/drafts/${id}`, { headers: { 'X-Draft-Secret': secret! } });
        return res.ok() ? ((await res.json()) as { step: number }).step : res.status();
      })
      .toBe(4);
    // A reload on the laptop resumes there too, from its own device store…
    await laptopPage.reload();
    await laptop.expectStep('industry');
    // …and the phone, opened again, takes the laptop's later progress instead of overwriting it.
    await page.reload();
    await phone.expectStep('industry');
    await phone.back('type');
    await expect(page.getByRole('radio', { name: 'LLC', exact: true })).toBeChecked();
  } finally {
    await laptopPage.context().close();
  }
});

test('a damaged or dead link explains itself', async ({ page }) => {
  await page.goto('/en/continue#not-a-draft');
  await expect(page.getByRole('heading', { level: 1, name: continueWords.title })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(continueWords.invalid);

  // Another page first: a change of fragment alone would not load the page again.
  await page.goto('/en/start-now');
  await page.goto(`/en/continue#${crypto.randomUUID()}.${'x'.repeat(43)}`);
  await expect(page.getByRole('alert')).toContainText(continueWords.notFound);
  await expect(page.getByRole('main').getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
});

test('the panel and the continue page have no serious accessibility violations, and the panel works from the keyboard', async ({ page }) => {
  test.slow(); // axe is CPU-bound on a busy machine
  const wizard = new WizardPage(page, 'en');
  await wizard.goto('createCompany');
  await wizard.field(wizard.words.firstName).fill('Lucía');
  const toggle = page.getByRole('button', { name: continueWords.action, exact: true });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('region', { name: continueWords.action, exact: true });
  await expect(panel.getByRole('textbox', { name: continueWords.link, exact: true })).toHaveValue(linkShape);
  // No email typed in the wizard yet: the panel asks for one, and checks it.
  await expect(panel.getByRole('textbox', { name: continueWords.email })).toHaveValue('');
  await panel.getByRole('button', { name: continueWords.send, exact: true }).click();
  await expect(panel.getByRole('textbox', { name: continueWords.email })).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page, 'main header')).toEqual([]);

  await page.goto(`/en/continue#${crypto.randomUUID()}.${'x'.repeat(43)}`);
  await expect(page.getByRole('alert')).toContainText(continueWords.notFound);
  expect(await seriousViolations(page, 'main')).toEqual([]);
});
