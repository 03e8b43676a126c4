import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncCycle } from '@sync/client/cycle';
import { AppDB } from '@sync/client/db';
import { uploadPendingReceipts, type ReceiptUploadDeps } from '@sync/client/receipt-uploads';
import { keepInInbox, matchInboxFile, queueReceipt } from '@sync/client/receipts';
import { Replica } from '@sync/client/replica';
import type { SyncTransport } from '@sync/client/transport';
import { transactions } from '@server/db/schema/bookkeeping';
import { applyPull } from '@server/sync/pull';
import { applyPush } from '@server/sync/push';
import { insertTestCompany } from '@server/sync/test-fixtures';
import { createUser, signIn } from '@server/test/accounts';
import { createTestApp, type TestApp } from '@server/test/harness';
import { eq } from 'drizzle-orm';

/**
 * A receipt from the device to the server and back: kept as a Blob in Dexie, uploaded
 * through the presigned URL of the real API (local storage simulator), verified, attached by
 * the `attachReceipt` mutation and synced; a file whose bytes lie about its type is refused.
 */

const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const at = '2026-11-21T10:00:00.000Z';

let t: TestApp;
let dataDir: string;
let cookies: string;
let userId: string;
let companyId: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'alta-receipts-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const user = await createUser(t);
  userId = user.id;
  companyId = await insertTestCompany(t.database.db, userId);
  cookies = await signIn(t, user.email);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The browser's fetch, answered by the in-process app with the session cookies. */
const appFetch =
  (online: () => boolean = () => true): typeof fetch =>
  async (input: string | URL | Request, init?: RequestInit) => {
    if (!online()) throw new TypeError('Failed to fetch');
    const headers = new Headers(init?.headers);
    headers.set('cookie', cookies);
    return t.app.request(input instanceof Request ? input.url : input.toString(), { ...init, headers });
  };

/** Sync straight against the server's push and pull (the HTTP layer has its own tests). */
const serverTransport: SyncTransport = {
  push: async (request) => ({ ok: true, value: await applyPush(t.database.db, userId, structuredClone(request)) }),
  pull: async (request) => ({ ok: true, value: structuredClone(await applyPull(t.database.db, userId, request)) }),
};

async function deviceWithTransaction() {
  const db = new AppDB(userId, { indexedDB: new IDBFactory(), IDBKeyRange });
  const replica = new Replica(db, userId);
  const transactionId = crypto.randomUUID();
  await replica.mutate('createTransaction', {
    id: transactionId,
    companyId,
    createdAt: at,
    transaction: {
      date: '2026-03-02',
      description: 'Office chair',
      amountCents: -24_900,
      accountKind: null,
      accountId: null,
      category: 'equipment',
      merchant: null,
      note: '',
    },
  });
  expect(await syncCycle(replica, serverTransport)).toBeNull();
  const deps = (fetch: typeof globalThis.fetch): ReceiptUploadDeps => ({
    fetch,
    mutate: (name, args) => replica.mutate(name, args),
    now: () => new Date(at),
  });
  return { db, replica, transactionId, deps };
}

describe('receipts', () => {
  it('keeps the file on the device offline, then uploads, verifies, attaches and syncs it', async () => {
    const { db, replica, transactionId, deps } = await deviceWithTransaction();
    let online = false;
    const queued = await queueReceipt(db, {
      transactionId,
      companyId,
      file: new Blob([pdf], { type: 'application/pdf' }),
      name: 'chair.pdf',
      now: new Date(at),
    });
    expect(queued.ok).toBe(true);

    expect(await uploadPendingReceipts(db, deps(appFetch(() => online)))).toEqual({ attached: 0, refused: 0, pending: 1 });
    expect((await db.receiptFiles.toArray()).map((file) => file.status)).toEqual(['pending']);

    online = true;
    expect(await uploadPendingReceipts(db, deps(appFetch(() => online)))).toEqual({ attached: 1, refused: 0, pending: 0 });
    const [stored] = await db.receiptFiles.toArray();
    expect(stored).toMatchObject({ status: 'attached', key: expect.stringMatching(new RegExp(`^receipts/${companyId}/`)) });
    expect((await db.transactions.get(transactionId))?.receipt).toEqual({
      key: stored!.key,
      name: 'chair.pdf',
      size: pdf.length,
      contentType: 'application/pdf',
    });

    expect(await syncCycle(replica, serverTransport)).toBeNull();
    const [onServer] = await t.database.db.select().from(transactions).where(eq(transactions.id, transactionId));
    expect(onServer?.receipt?.key).toBe(stored!.key);

    const download = await appFetch()('/api/v1/uploads/download-url', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: stored!.key }),
    });
    const file = await appFetch()((await download.json()).url);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);
    db.close();
  });

  it('uploads an inbox file to the company inbox, where another device matches it to a transaction', async () => {
    const phone = await deviceWithTransaction();
    const laptop = await deviceWithTransaction();
    const kept = await keepInInbox(phone.db, { companyId, file: new Blob([pdf], { type: 'application/pdf' }), name: 'lunch 24.90.pdf', now: new Date(at) });
    if (!kept.ok) throw new Error('refused');
    expect(await uploadPendingReceipts(phone.db, phone.deps(appFetch()))).toEqual({ attached: 1, refused: 0, pending: 0 });
    expect(await phone.db.inboxReceipts.get(kept.id)).toMatchObject({ companyId, receipt: { name: 'lunch 24.90.pdf', size: pdf.length } });
    expect(await syncCycle(phone.replica, serverTransport)).toBeNull();

    expect(await syncCycle(laptop.replica, serverTransport)).toBeNull();
    const [inbox] = await laptop.db.inboxReceipts.toArray();
    expect(inbox?.id).toBe(kept.id);
    // Not on the laptop's disk: the match goes through the company inbox.
    expect(await matchInboxFile(laptop.db, kept.id, laptop.transactionId)).toBe('inbox');
    await laptop.replica.mutate('attachInboxReceipt', { inboxId: kept.id, transactionId: laptop.transactionId, updatedAt: at });
    expect(await syncCycle(laptop.replica, serverTransport)).toBeNull();
    const [onServer] = await t.database.db.select().from(transactions).where(eq(transactions.id, laptop.transactionId));
    expect(onServer?.receipt).toEqual(inbox!.receipt);
    expect(await syncCycle(phone.replica, serverTransport)).toBeNull();
    expect(await phone.db.inboxReceipts.count()).toBe(0);
    phone.db.close();
    laptop.db.close();
  });

  it('refuses a file whose bytes are not what its name says and leaves the transaction alone', async () => {
    const { db, transactionId, deps } = await deviceWithTransaction();
    await queueReceipt(db, { transactionId, companyId, file: new Blob([png], { type: 'application/pdf' }), name: 'fake.pdf', now: new Date(at) });
    expect(await uploadPendingReceipts(db, deps(appFetch()))).toEqual({ attached: 0, refused: 1, pending: 0 });
    expect(await db.receiptFiles.toArray()).toEqual([expect.objectContaining({ status: 'failed', failure: 'file_type_not_allowed' })]);
    expect((await db.transactions.get(transactionId))?.receipt).toBeNull();
    db.close();
  });

  it('refuses a receipt over 5 MB before keeping it', async () => {
    const { db, transactionId } = await deviceWithTransaction();
    const big = new Blob([new Uint8Array(5_242_881)], { type: 'application/pdf' });
    expect(await queueReceipt(db, { transactionId, companyId, file: big, name: 'scan.pdf', now: new Date(at) })).toEqual({ ok: false, code: 'fileTooLarge' });
    expect(await db.receiptFiles.count()).toBe(0);
    db.close();
  });
});
