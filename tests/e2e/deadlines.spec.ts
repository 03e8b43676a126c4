import { expect, demo, logInAs, type Lang } from './support/alta';
import { test } from './support/test';

test.use({ serviceWorkers: 'block' });

/** The deadline section's title and the renewal row, per language. */
const texts: Record<Lang, { title: string; renewal: string; link: string }> = {
  es: { title: 'Vencimientos', renewal: 'Renovación del agente registrado y del plan', link: 'Obtener el enlace del calendario' },
  en: { title: 'Deadlines', renewal: 'Registered agent and plan renewal', link: 'Get the calendar link' },
  pt: { title: 'Prazos', renewal: 'Renovação do agente registrado e do plano', link: 'Obter o link do calendário' },
};

for (const lang of ['es', 'en', 'pt'] as const) {
  test(`the company page lists the company's deadlines in ${lang}, and gives the private calendar link`, async ({ page }) => {
    await logInAs(page, demo, lang);
    const card = page.getByRole('link', { name: /Demo Ventures LLC/ });
    await card.click();
    const section = page.getByRole('region', { name: texts[lang].title });
    await expect(section.getByRole('listitem').filter({ hasText: texts[lang].renewal })).toBeVisible();
    if (lang !== 'en') return;
    // The demo is shared by every test: a link made before (a retry) is replaced, which shows the new one.
    await section
      .getByRole('button', { name: texts.en.link })
      .or(section.getByRole('button', { name: 'Get a new link' }))
      .click();
    await expect(section.getByLabel('Your private calendar link')).toHaveValue(/\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  });
}

test('on a 410 px phone the dashboard puts each deadline’s date under what falls due, not over the company’s name', async ({ page }) => {
  await page.setViewportSize({ width: 410, height: 800 });
  await logInAs(page, demo, 'es');
  const first = page.getByRole('region', { name: texts.es.title }).getByRole('listitem').first();
  const name = await first.getByText('Demo Ventures LLC').boundingBox();
  const date = await first.locator('time').boundingBox();
  // The name is on one line, and the date starts below it.
  expect(name!.height).toBeLessThan(30);
  expect(date!.y).toBeGreaterThanOrEqual(name!.y + name!.height);
});
