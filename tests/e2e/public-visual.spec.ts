import { sampleArticleId } from './support/public-site';
import { expect, test } from './support/test';

// Home and an article at the SPEC's narrowest and widest breakpoints: nothing wider than the
// screen; the screenshots are kept with the test results for a person to look at.
for (const width of [410, 768, 1024, 1284]) {
  for (const [name, path] of [
    ['home', '/es'],
    ['article', `/es/blogs/${sampleArticleId}`],
  ] as const) {
    test(`${name} at ${width}px has no horizontal overflow`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      if (width === 410 || width === 1284) {
        await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
      }
    });
  }
}
