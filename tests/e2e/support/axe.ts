import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Serious or critical axe findings (WCAG 2.1 A/AA and best practice) on the page, or inside `selector`. */
export async function seriousViolations(page: Page, selector?: string) {
  const builder = new AxeBuilder({ page });
  if (selector) builder.include(selector);
  const results = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')) }));
}
