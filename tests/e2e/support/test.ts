import { expect as baseExpect, test as base, type Browser, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test';

/**
 * Alta's browser tests: Playwright's `test`, with every page checked for a clean console. A
 * console error (the app's, or the browser's own, such as a failed request), a React Router
 * warning or an uncaught page error fails the test that caused it, with the messages listed.
 * Every page counts: the test's own, and those of any browser context it opens (a second
 * device). Every spec imports `test` and `expect` from here.
 *
 * A request the browser logs as failed ("Failed to load resource") passes only when it was
 * expected (docs/decisions/056):
 * - the app announced it as an answer its screen expected: the API answers a person's "no"
 *   (a wrong password 401, a declined card 402, a rate limit 429) with its HTTP status, and
 *   `src/lib/api.ts` announces a 4xx whose code the call lists in `expected` as the event
 *   `alta:expected-answer` with its status and address, which this fixture hears through a
 *   binding in every page;
 * - or the spec makes it fail on purpose (the network cut, a provider answering 500) and
 *   declares exactly those with `test.use({ expectedFailures: failing(...) })`, with its
 *   reason beside it.
 * Anything else is a fault and fails the test. The two are matched once the test has run:
 * the browser logs the failure as the answer arrives, the app announces it once it has read
 * the body.
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

/** A request the browser logged as failed: its status (or `network`) and address. */
interface FailedRequest {
  status: number | 'network';
  url: string;
}

function failedRequest(message: ConsoleMessage): FailedRequest | null {
  const failed = failedResource.exec(message.text());
  return failed ? { status: failed[1] ? Number(failed[1]) : 'network', url: message.location().url } : null;
}

const declared = (request: FailedRequest, { requests }: ExpectedFailures) =>
  requests.some((failure) => failure.status === request.status && failure.url.test(request.url));

/** The binding the pages call with each answer the app announces (`alta:expected-answer`, src/lib/api.ts). */
const announceBinding = 'altaExpectedAnswer';

/**
 * Watches every page of the contexts given to `watch` (and their console) until `verdict`,
 * which lists what was not clean: console errors, React Router warnings, page errors, and
 * failed requests neither declared in `expectedFailures` nor announced by the app.
 */
export function watchConsole(expectedFailures: ExpectedFailures) {
  const problems: string[] = [];
  const unexplained: (FailedRequest & { problem: string })[] = [];
  const announced: FailedRequest[] = [];
  const watchPage = (page: Page) => {
    page.on('console', (message) => {
      const kind = message.type();
      if (kind !== 'error' && !(kind === 'warning' && message.text().includes('React Router'))) return;
      const where = message.location().url;
      const problem = `console.${kind} on ${page.url()}: ${message.text()}${where && where !== page.url() ? ` (${where})` : ''}`;
      const failed = kind === 'error' ? failedRequest(message) : null;
      if (!failed) problems.push(problem);
      else if (!declared(failed, expectedFailures)) unexplained.push({ ...failed, problem });
    });
    page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
  };
  return {
    async watch(context: BrowserContext) {
      await context.exposeBinding(announceBinding, (_source, answer: FailedRequest) => {
        announced.push(answer);
      });
      await context.addInitScript((binding) => {
        window.addEventListener('alta:expected-answer', (event) => {
          (window as unknown as Record<string, (answer: unknown) => void>)[binding]!((event as CustomEvent).detail);
        });
      }, announceBinding);
      context.pages().forEach(watchPage);
      context.on('page', watchPage);
    },
    /** What was not clean; each announced answer explains one failed request with its status and address. */
    verdict(): string[] {
      const left = [...announced];
      const faults = unexplained.filter((failed) => {
        const answer = left.findIndex((candidate) => candidate.status === failed.status && candidate.url === failed.url);
        if (answer < 0) return true;
        left.splice(answer, 1);
        return false;
      });
      return [...problems, ...faults.map(({ problem }) => `${problem} — neither declared in expectedFailures nor announced by the app as an expected answer`)];
    },
  };
}

export const test = base.extend<{ expectedFailures: ExpectedFailures; cleanConsole: void }>({
  expectedFailures: [failing(), { option: true }],
  cleanConsole: [
    async ({ context, browser, expectedFailures }, use) => {
      const watcher = watchConsole(expectedFailures);
      await watcher.watch(context);
      // A second device: contexts the test opens itself (`browser.newPage` goes through `newContext` too).
      const newContext = browser.newContext;
      browser.newContext = async function (this: Browser, ...args: Parameters<Browser['newContext']>) {
        const opened = await newContext.apply(this, args);
        await watcher.watch(opened);
        return opened;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      const problems = watcher.verdict();
      if (problems.length > 0) throw new Error(`The console was not clean:\n${problems.join('\n')}`);
    },
    { auto: true },
  ],
});
