import type { Page } from '@playwright/test';
import { demo, logInAs } from './support/alta';
import { queueDraftChange, serverDraftIds, userDatabase, waitForSyncPosition } from './support/sync';
import { expect, test } from './support/test';

// The sync engine's tabs: one leader pushes for all of them; when it closes, another takes
// over. The leader holds a Web Lock, or, in a browser without Web Locks (Safari before 15.4,
// some embedded web views), is elected over a BroadcastChannel (sync/client/leader.ts).
// The service worker is not under test here.
test.use({ serviceWorkers: 'block' });

/** Records every push a tab sends, with when it started and ended. */
function watchPushes(page: Page, label: string, log: { tab: string; start: number; end: number | null }[]) {
  const open = new Map<unknown, { tab: string; start: number; end: number | null }>();
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/v1/sync/push')) return;
    const entry = { tab: label, start: Date.now(), end: null as number | null };
    open.set(request, entry);
    log.push(entry);
  });
  const finish = (request: unknown) => {
    const entry = open.get(request);
    if (entry) entry.end = Date.now();
  };
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);
}

for (const webLocks of [true, false]) {
  test(`${webLocks ? 'with Web Locks' : 'without Web Locks (BroadcastChannel election)'}, one tab pushes for all tabs, and another takes over when it closes`, async ({
    context,
  }) => {
    test.slow();
    if (!webLocks) {
      await context.addInitScript(() => {
        delete (Navigator.prototype as { locks?: unknown }).locks;
      });
    }
    const log: { tab: string; start: number; end: number | null }[] = [];
    const first = await context.newPage();
    watchPushes(first, 'first', log);
    await logInAs(first, demo);
    await expect(first.getByRole('button', { name: /^Sync status: / })).toBeVisible();
    const database = await userDatabase(first);
    // The engine has made its first pull (its sync position exists) before changes are queued.
    await waitForSyncPosition(first, database);

    const second = await context.newPage();
    watchPushes(second, 'second', log);
    await second.goto('/en/dashboard');
    await expect(second.getByRole('button', { name: /^Sync status: / })).toBeVisible();
    expect(await second.evaluate(() => 'locks' in navigator)).toBe(webLocks);

    // Changes queued in both tabs all go out through the first tab, the leader.
    const queued = [await queueDraftChange(second, database), await queueDraftChange(first, database), await queueDraftChange(second, database)];
    await expect.poll(() => serverDraftIds(first)).toEqual(expect.arrayContaining(queued));
    expect(log.length).toBeGreaterThan(0);
    expect(log.filter((push) => push.tab === 'second')).toEqual([]);
    await expect(second.getByRole('button', { name: 'Sync status: Saved' })).toBeVisible();

    // The leader closes; the second tab takes over and pushes what is queued next.
    await first.close();
    const afterHandover = await queueDraftChange(second, database);
    await expect.poll(() => serverDraftIds(second)).toContain(afterHandover);
    expect(log.filter((push) => push.tab === 'second').length).toBeGreaterThan(0);

    // At no moment did two tabs have a push in flight.
    const sorted = [...log].sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]!.tab !== sorted[i - 1]!.tab) expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end ?? Infinity);
    }
  });
}
