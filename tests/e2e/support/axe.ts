import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious or critical axe findings (WCAG 2.1 A/AA and best practice) on the page, or inside
 * `selector`. Two things keep a check short on the 2-core test machine, with the same findings:
 * - the page's animations are stopped while axe reads it (reduced motion, which every looping
 *   animation honours): a pulse or a spinner repaints every frame, and in software rendering
 *   that tripled a check's time;
 * - a page of one frame is checked by `axe.run` in the page itself. The builder's default, made
 *   for pages with frames, merges the frames' results in a blank page it opens: 2 to 5 s more.
 */
export async function seriousViolations(page: Page, selector?: string) {
  const builder = new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
  if (selector) builder.include(selector);
  // Every page already runs with reduced motion (playwright.config.ts) unless its spec is about an animation.
  const moving = await page.evaluate(() => !matchMedia('(prefers-reduced-motion: reduce)').matches);
  if (moving) await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    const results = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')) }));
  } finally {
    if (moving) await page.emulateMedia({ reducedMotion: 'no-preference' });
  }
}
