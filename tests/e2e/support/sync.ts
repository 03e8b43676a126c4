import type { Page } from '@playwright/test';
import { demo, expect, logInAs } from './alta';

/** Helpers of the sync engine's browser tests: the user's database and raw outbox writes. */

/** The signed-in user's Dexie database name (`alta-<userId>`). */
export async function userDatabase(page: Page): Promise<string> {
  let name: string | undefined;
  await expect
    .poll(async () => {
      name = (await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? ''))).find((n) =>
        /^alta-[0-9a-f-]{36}$/.test(n),
      );
      return name;
    })
    .toBeTruthy();
  return name!;
}

/** Logs the demo user in and waits for the tab's first sync; returns the sync indicator and the user's database. */
export async function signedInAndSynced(page: Page) {
  await logInAs(page, demo);
  const indicator = page.getByRole('button', { name: /^Sync status: / });
  await expect(indicator).toHaveAccessibleName('Sync status: Saved');
  const database = await userDatabase(page);
  await waitForSyncPosition(page, database);
  return { indicator, database };
}

/** Waits until the tab's engine has made its first pull (its sync position exists). */
export async function waitForSyncPosition(page: Page, database: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async (name) => {
        const open = indexedDB.open(name);
        const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
        const meta = await new Promise(
          (resolve) => (db.transaction('syncMeta').objectStore('syncMeta').get('state').onsuccess = (event) => resolve((event.target as IDBRequest).result)),
        );
        db.close();
        return meta !== undefined;
      }, database),
    )
    .toBe(true);
}

/**
 * Queues a mutation the way `mutate` does (its local effect and its outbox entry in one
 * IndexedDB transaction, announced to Dexie's live queries), then fires `online` so the tab's engine syncs — straight to the
 * server if it leads, through the leader otherwise.
 */
async function queueMutation(
  page: Page,
  database: string,
  mutation: { name: 'saveDraft'; draft: Record<string, unknown> } | { name: 'deleteDraft'; id: string },
): Promise<void> {
  await page.evaluate(
    async ({ name, mutation }) => {
      const request = <T>(r: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error!);
        });
      const db = await request(indexedDB.open(name));
      const tx = db.transaction(['outbox', 'syncMeta', 'drafts'], 'readwrite');
      const meta = await request(tx.objectStore('syncMeta').get('state'));
      const id = meta.nextMutationId as number;
      const createdAt = new Date().toISOString();
      if (mutation.name === 'saveDraft') {
        tx.objectStore('drafts').put(mutation.draft);
        tx.objectStore('outbox').add({
          id,
          name: 'saveDraft',
          args: mutation.draft,
          createdAt,
          undo: [{ table: 'drafts', id: mutation.draft.id, before: null }],
        });
      } else {
        tx.objectStore('outbox').add({ id, name: 'deleteDraft', args: { id: mutation.id }, createdAt, undo: [] });
      }
      tx.objectStore('syncMeta').put({ ...meta, nextMutationId: id + 1 });
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error!);
      });
      db.close();
      window.dispatchEvent(new Event('online'));
    },
    { name: database, mutation },
  );
  await announceLocalWrites(page);
}

/**
 * Dexie's live queries do not see plain IndexedDB writes; a tab whose Dexie wrote tells the
 * others on this channel (Dexie's own), so say what it would say.
 */
export function announceLocalWrites(page: Page): Promise<void> {
  return page.evaluate(() => {
    const channel = new BroadcastChannel('x-storagemutated-1');
    channel.postMessage({ all: true });
    channel.close();
  });
}

/** Queues a new draft (see `queueMutation`); returns its id. */
export async function queueDraftChange(page: Page, database: string, fields: { companyId?: string | null } = {}): Promise<string> {
  const companyId = fields.companyId ?? null;
  // A company's draft is a KYB (its data as a KYB draft holds it); otherwise a company-creation draft.
  const data = companyId ? { kind: 'business', form: {} } : { from: 'tab' };
  const draft = { id: crypto.randomUUID(), kind: companyId ? 'kyb' : 'companyCreation', companyId, step: 1, data, updatedAt: new Date().toISOString() };
  await queueMutation(page, database, { name: 'saveDraft', draft });
  return draft.id;
}

/** Queues discarding a draft by id, whoever's it is (see `queueMutation`). */
export const queueDraftDeletion = (page: Page, database: string, id: string) => queueMutation(page, database, { name: 'deleteDraft', id });

/** Whether the draft is in the tab's local database. */
export function hasLocalDraft(page: Page, database: string, id: string): Promise<boolean> {
  return page.evaluate(
    async ({ name, draftId }) => {
      const open = indexedDB.open(name);
      const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
      const row = await new Promise(
        (resolve) => (db.transaction('drafts').objectStore('drafts').get(draftId).onsuccess = (event) => resolve((event.target as IDBRequest).result)),
      );
      db.close();
      return row !== undefined;
    },
    { name: database, draftId: id },
  );
}

/** The company of a transaction in the tab's local database (for the demo user, the demo company). */
export function localCompanyId(page: Page, database: string): Promise<string> {
  return page.evaluate(async (name) => {
    const open = indexedDB.open(name);
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
    const rows = await new Promise<{ companyId: string }[]>(
      (resolve) =>
        (db.transaction('transactions').objectStore('transactions').getAll(null, 1).onsuccess = (event) => resolve((event.target as IDBRequest).result)),
    );
    db.close();
    return rows[0]!.companyId;
  }, database);
}

/** Puts rows straight into one store of the tab's local database, as a pull would have (no outbox entry); a reload shows them. */
export function putLocalRows(page: Page, database: string, store: string, rows: Record<string, unknown>[]): Promise<void> {
  return page.evaluate(
    async ({ name, store, rows }) => {
      const open = indexedDB.open(name);
      const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
      const tx = db.transaction(store, 'readwrite');
      for (const row of rows) tx.objectStore(store).put(row);
      await new Promise((resolve) => (tx.oncomplete = resolve));
      db.close();
    },
    { name: database, store, rows },
  );
}

/** The drafts the server holds for the signed-in user, asked from the tab (same origin, its cookies); [] when unreachable. */
export const serverDraftIds = (page: Page) =>
  page.evaluate(async () => {
    try {
      const response = await fetch('/api/v1/sync/pull', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: crypto.randomUUID(), protocolVersion: 1, cursor: null, lastMutationId: 0 }),
      });
      const body = (await response.json()) as { changes: { drafts?: { puts: { id: string }[] } } };
      return (body.changes.drafts?.puts ?? []).map((draft) => draft.id);
    } catch {
      return [];
    }
  });
