import { expect, test } from './support/test';

/** The browser the tests run in (playwright.config.ts): Playwright's own settings, without Chromium's pages of its own. */

test('Chromium runs with every feature Playwright turns off, and opens no page of its own beside the test’s', async ({ browser, page }) => {
  await page.goto('chrome://version');
  const switches = (await page.locator('#command_line').innerText()).split(/\s+/);
  const lists = switches.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.slice('--disable-features='.length).split(','));
  // Playwright's list comes first; Chromium applies only the last, the config's, which must hold all of it.
  expect(lists).toHaveLength(2);
  expect(lists[1]).toEqual(expect.arrayContaining(lists[0]!));

  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  expect(targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url)).toEqual([]);
});
