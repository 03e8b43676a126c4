import type { Locator, Page } from '@playwright/test';
import { expect } from './alta';

/**
 * SPEC §4 popup timings on Playwright's fake clock (`page.clock.install()` before navigating).
 * The popup's backdrop carries the CSS-module class `closing` (built as `_closing_<hash>`)
 * during the 300 ms closing animation: waiting for it means React has started the animation
 * timer at the paused clock time, so the next `runFor` counts from there.
 */

export const closingAnimationMs = 300;

/** Freezes the page's clock a moment ahead, so timers started next begin at a time the test controls. */
export async function freezeClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

const backdropOf = (popup: Locator) => popup.locator('xpath=..');

/** The closing animation has started: still shown for 299 ms, gone at 300 ms. */
export async function expectClosingAnimation(page: Page, popup: Locator) {
  await expect(backdropOf(popup)).toHaveClass(/_closing_/);
  await page.clock.runFor(closingAnimationMs - 1);
  await expect(popup).toBeVisible();
  await page.clock.runFor(1);
  await expect(popup).toBeHidden();
}

/** The popup opened at the frozen time stays `ms` (visible, not closing, 1 ms before), then closes with its animation. */
export async function expectAutoClose(page: Page, popup: Locator, ms: number, before?: () => Promise<void>) {
  await page.clock.runFor(ms - 1);
  await expect(popup).toBeVisible();
  await expect(backdropOf(popup)).not.toHaveClass(/_closing_/);
  if (before) await before();
  await page.clock.runFor(1);
  await expectClosingAnimation(page, popup);
}
