import { test as base } from '@playwright/test';

/**
 * Alta's browser tests: Playwright's `test`, with every page checked for a clean console. A
 * console error (the app's, or the browser's own, such as a failed request) or an uncaught
 * page error fails the test that caused it, with the messages listed.
 */
export const test = base.extend<{ cleanConsole: void }>({
  cleanConsole: [
    async ({ context }, use) => {
      const problems: string[] = [];
      const watch = (page: import('@playwright/test').Page) => {
        page.on('console', (message) => {
          if (message.type() === 'error' || (message.type() === 'warning' && message.text().includes('React Router'))) {
            problems.push(`console.${message.type()} on ${page.url()}: ${message.text()}`);
          }
        });
        page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      if (problems.length > 0) throw new Error(`The console was not clean:\n${problems.join('\n')}`);
    },
    { auto: true },
  ],
});
