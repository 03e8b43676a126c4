import { seriousViolations } from './support/axe';
import { publicPages, type Lang } from './support/public-site';
import { expect, test } from './support/test';

// Every public page in Spanish and English: no serious or critical WCAG violation (axe-core).
// axe's analysis is CPU-bound: give it room on a busy 2-core machine.
test.slow();

for (const lang of ['es', 'en'] as Lang[]) {
  for (const expected of publicPages(lang)) {
    test(`${expected.name} (${lang}) has no serious accessibility violations`, async ({ page }) => {
      await page.goto(`/${lang}${expected.path}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.heading);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

test('the public pages are usable from the keyboard, with a visible focus ring', async ({ page }) => {
  await page.goto('/en');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  const outline = await focused.evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).not.toBe('none');

  await page.goto('/en/faq');
  // The search runs in the app: enabled once hydrated (the pre-rendered box is disabled).
  await expect(page.getByRole('searchbox', { name: 'Search the questions' })).toBeEnabled();
  await page.getByRole('searchbox', { name: 'Search the questions' }).focus();
  await page.keyboard.type('EIN');
  await expect(page.getByRole('status').filter({ hasText: '“EIN”' })).toBeVisible();
});
