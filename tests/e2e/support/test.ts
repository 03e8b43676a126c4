import { expect as baseExpect, test as base, type Browser, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test';

/**
 * Alta's browser tests: Playwright's `test`, with every page checked for a clean console. A
 * console error (the app's, or the browser's own, such as a failed request), a React Router
 * warning or an uncaught page error fails the test that caused it, with the messages listed.
 * Every page counts: the test's own, and those of any browser context it opens (a second
 * device). Every spec imports `test` and `expect` from here.
 *
 * The API answers a user's expected outcomes (a wrong password, a declined card, a rate limit)
 * as 200 answers (docs/decisions/021), so a request the browser logs as failed is a defect.
 * A spec that makes requests fail on purpose (the network cut, a provider answering 500)
 * declares exactly those with `test.use({ expectedFailures: failing(...) })`, with its reason
 * beside it; anything else still fails.
 */

/** A request a spec makes fail on purpose: the answer's status (or `network` for a cut connection) and the address. */
export interface ExpectedFailure {
  status: number | 'network';
  url: RegExp;
}

/**
 * The option's value: the requests a spec makes fail. (A bare array would not do: Playwright
 * reads `[value, options]` in `test.use` as a fixture definition.)
 */
export interface ExpectedFailures {
  readonly requests: readonly ExpectedFailure[];
}

export const failing = (...requests: ExpectedFailure[]): ExpectedFailures => ({ requests });

/** Any request to Alta while a test has cut the network on purpose (`context.setOffline`, the server stopped). */
export const networkCut: ExpectedFailure = { status: 'network', url: /^http:\/\/localhost:\d+\// };

/**
 * The 2-core test machine runs several browsers at once: a page that waits on the API,
 * IndexedDB and a few chunks gets more room than the default 7 s before a test fails.
 */
export const expect = baseExpect.configure({ timeout: 15_000 });

const failedResource = /^Failed to load resource: (?:the server responded with a status of (\d{3})|net::ERR_)/;

function expected(message: ConsoleMessage, { requests }: ExpectedFailures): boolean {
  const failed = failedResource.exec(message.text());
  if (!failed) return false;
  const status = failed[1] ? Number(failed[1]) : 'network';
  const url = message.location().url;
  return requests.some((failure) => failure.status === status && failure.url.test(url));
}

export const test = base.extend<{ expectedFailures: ExpectedFailures; cleanConsole: void }>({
  expectedFailures: [failing(), { option: true }],
  cleanConsole: [
    async ({ context, browser, expectedFailures }, use) => {
      const problems: string[] = [];
      const watchPage = (page: Page) => {
        page.on('console', (message) => {
          const kind = message.type();
          if (kind !== 'error' && !(kind === 'warning' && message.text().includes('React Router'))) return;
          if (kind === 'error' && expected(message, expectedFailures)) return;
          const where = message.location().url;
          problems.push(`console.${kind} on ${page.url()}: ${message.text()}${where && where !== page.url() ? ` (${where})` : ''}`);
        });
        page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
      };
      const watchContext = (watched: BrowserContext) => {
        watched.pages().forEach(watchPage);
        watched.on('page', watchPage);
      };
      watchContext(context);
      // A second device: contexts the test opens itself (`browser.newPage` goes through `newContext` too).
      const newContext = browser.newContext;
      browser.newContext = async function (this: Browser, ...args: Parameters<Browser['newContext']>) {
        const opened = await newContext.apply(this, args);
        watchContext(opened);
        return opened;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      if (problems.length > 0) throw new Error(`The console was not clean:\n${problems.join('\n')}`);
    },
    { auto: true },
  ],
});
