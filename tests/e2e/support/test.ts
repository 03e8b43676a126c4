import { test as base, type Page } from '@playwright/test';

/**
 * Alta's browser tests: Playwright's `test`, with every page checked for a clean console. A
 * console error (the app's, or the browser's own, such as a failed request), a React Router
 * warning or an uncaught page error fails the test that caused it, with the messages listed.
 *
 * A spec that provokes failures on purpose (the network cut, a provider answering 500) names
 * the messages it expects with `test.use({ allowedConsoleErrors: [...] })`, each with its
 * reason beside it; anything else still fails.
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp[]; cleanConsole: void }>({
  allowedConsoleErrors: [[], { option: true }],
  cleanConsole: [
    async ({ context, allowedConsoleErrors }, use) => {
      const problems: string[] = [];
      const report = (problem: string) => {
        if (!allowedConsoleErrors.some((allowed) => allowed.test(problem))) problems.push(problem);
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

/** A request the test makes fail on purpose (network cut or refused), as Chromium logs it. */
export const failedRequest = (status: number | 'network') =>
  status === 'network' ? /Failed to load resource: net::ERR_/ : new RegExp(`Failed to load resource: the server responded with a status of ${status}\\b`);
