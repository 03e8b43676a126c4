import { test as base, type Page } from '@playwright/test';

/**
 * Alta's browser tests: Playwright's `test`, with every page checked for a clean console. A
 * console error (the app's, or the browser's own, such as a failed request), a React Router
 * warning or an uncaught page error fails the test that caused it, with the messages listed.
 *
 * A spec that provokes failures on purpose (the network cut, a provider answering 500) names
 * the messages it expects with `test.use({ allowedConsoleErrors: failedRequests(...) })`, with
 * its reason beside it; anything else still fails.
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp | null; cleanConsole: void }>({
  allowedConsoleErrors: [null, { option: true }],
  cleanConsole: [
    async ({ context, allowedConsoleErrors }, use) => {
      const problems: string[] = [];
      const report = (problem: string) => {
        if (!allowedConsoleErrors?.test(problem)) problems.push(problem);
      };
      const watch = (page: Page) => {
        page.on('console', (message) => {
          if (message.type() === 'error' || (message.type() === 'warning' && message.text().includes('React Router'))) {
            report(`console.${message.type()} on ${page.url()}: ${message.text()}`);
          }
        });
        page.on('pageerror', (error) => report(`page error on ${page.url()}: ${error.message}`));
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      if (problems.length > 0) throw new Error(`The console was not clean:\n${problems.join('\n')}`);
    },
    { auto: true },
  ],
});

/** Requests a test makes fail on purpose (the network cut, or answers with these statuses), as Chromium logs them. */
export const failedRequests = (...failures: (number | 'network')[]) =>
  new RegExp(
    failures
      .map((failure) => (failure === 'network' ? 'Failed to load resource: net::ERR_' : `Failed to load resource: the server responded with a status of ${failure}\\b`))
      .join('|'),
  );
