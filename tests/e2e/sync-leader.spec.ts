import { test, type Page } from '@playwright/test';
import { demo, expect, logInAs } from './support/alta';

// The sync engine's tabs: one leader (Web Locks) pushes for all of them; when it closes,
// another takes over. The service worker is not under test here.
test.use({ serviceWorkers: 'block' });

/** The signed-in user's Dexie database name (`alta-<userId>`). */
async function userDatabase(page: Page): Promise<string> {
  let name: string | undefined;
  await expect
    .poll(async () => {
      name = (await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? ''))).find((n) => /^alta-[0-9a-f-]{36}$/.test(n));
      return name;
    })
    .toBeTruthy();
  return name!;
}

/**
 * Queues a draft change the way `mutate` does (the row and its outbox entry in one
 * IndexedDB transaction), then fires `online` so the tab's engine syncs — straight to the
 * server if it leads, through the leader otherwise. Returns the draft id.
 */
function queueDraftChange(page: Page, database: string): Promise<string> {
  return page.evaluate(async (name) => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const open = indexedDB.open(name);
    const db = await request(open);
    const tx = db.transaction(['outbox', 'syncMeta', 'drafts'], 'readwrite');
    const meta = await request(tx.objectStore('syncMeta').get('state'));
    const id = meta.nextMutationId as number;
    const draft = { id: crypto.randomUUID(), kind: 'companyCreation', companyId: null, step: 1, data: { from: 'tab' }, updatedAt: new Date().toISOString() };
    tx.objectStore('drafts').put(draft);
    tx.objectStore('outbox').add({ id, name: 'saveDraft', args: draft, createdAt: draft.updatedAt, undo: [{ table: 'drafts', id: draft.id, before: null }] });
    tx.objectStore('syncMeta').put({ ...meta, nextMutationId: id + 1 });
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
    window.dispatchEvent(new Event('online'));
    return draft.id;
  }, database);
}

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

/** The drafts the server holds for the signed-in user, asked from a tab (same origin, its cookies). */
const serverDraftIds = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/api/v1/sync/pull', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: crypto.randomUUID(), protocolVersion: 1, cursor: null, lastMutationId: 0 }),
    });
    const body = (await response.json()) as { changes: { drafts?: { puts: { id: string }[] } } };
    return (body.changes.drafts?.puts ?? []).map((draft) => draft.id);
  });

test('one tab pushes for all tabs, and another takes over when it closes', async ({ context }) => {
  test.slow();
  const log: { tab: string; start: number; end: number | null }[] = [];
  const first = await context.newPage();
  watchPushes(first, 'first', log);
  await logInAs(first, demo);
  await expect(first.getByRole('button', { name: /^Sync status: / })).toBeVisible();
  const database = await userDatabase(first);
  // The engine has made its first pull (its sync position exists) before changes are queued.
  await expect.poll(() => first.evaluate(async (name) => {
    const open = indexedDB.open(name);
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
    const meta = await new Promise((resolve) => (db.transaction('syncMeta').objectStore('syncMeta').get('state').onsuccess = (event) => resolve((event.target as IDBRequest).result)));
    db.close();
    return meta !== undefined;
  }, database)).toBe(true);

  const second = await context.newPage();
  watchPushes(second, 'second', log);
  await second.goto('/en/dashboard');
  await expect(second.getByRole('button', { name: /^Sync status: / })).toBeVisible();

  // Changes queued in both tabs all go out through the first tab, the leader.
  const queued = [await queueDraftChange(second, database), await queueDraftChange(first, database), await queueDraftChange(second, database)];
  await expect.poll(() => serverDraftIds(first)).toEqual(expect.arrayContaining(queued));
  expect(log.length).toBeGreaterThan(0);
  expect(log.filter((push) => push.tab === 'second')).toEqual([]);
  await expect(second.getByRole('button', { name: 'Sync status: Saved' })).toBeVisible();

  // The leader closes; the second tab takes the lock and pushes what is queued next.
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
