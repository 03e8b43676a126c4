import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppDB } from '@sync/client/db';
import type { SyncStatus } from '@sync/client/engine';
import type { UnsentWork } from '@sync/client/flush';
import type { ReceiptFile } from '@sync/client/receipts';
import { sendUnsentWork, type SendDeps } from './unsent-work';

/**
 * What logout decides from: after one bounded attempt to send receipts and the outbox, the
 * work still unsent. The engine is a stand-in whose "server" is up or down; the receipt
 * upload goes through a stubbed `fetch` (presign, PUT, complete).
 */

const databases: AppDB[] = [];
afterEach(() => {
  vi.unstubAllGlobals();
  for (const db of databases.splice(0)) db.close();
});

function database() {
  const db = new AppDB(randomUUID(), { indexedDB: new IDBFactory(), IDBKeyRange });
  databases.push(db);
  return db;
}

/** An engine whose pushes succeed (empty the outbox) or fail (leave it), like the real one's phases. */
function fakeEngine(db: AppDB, serverUp: boolean) {
  let status: SyncStatus = {
    online: true,
    leader: true,
    phase: 'idle',
    pendingCount: 0,
    lastSyncedAt: null,
    lastFailure: null,
    nextRetryAt: null,
    rejections: [],
  };
  const listeners = new Set<(status: SyncStatus) => void>();
  const set = (patch: Partial<SyncStatus>) => {
    status = { ...status, ...patch };
    for (const listener of listeners) listener(status);
  };
  const engine = {
    retries: 0,
    attached: [] as unknown[],
    getStatus: () => status,
    subscribe(listener: (status: SyncStatus) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    retryNow() {
      engine.retries++;
      setTimeout(() => {
        set({ phase: 'syncing' });
        if (!serverUp) return set({ phase: 'retrying', nextRetryAt: Date.now() + 60_000 });
        void db.outbox.clear().then(() => set({ phase: 'idle', pendingCount: 0 }));
      }, 10);
    },
    async mutate(name: string, args: unknown) {
      engine.attached.push(args);
      await queueChange(db, name, args);
    },
  };
  return engine;
}

async function queueChange(db: AppDB, name = 'saveDraft', args: unknown = {}) {
  const id = (await db.outbox.count()) + 1;
  await db.outbox.add({ id, name, args, createdAt: '2026-11-21T10:00:00.000Z', undo: [] });
}

const pendingReceipt = (): ReceiptFile => ({
  id: randomUUID(),
  transactionId: randomUUID(),
  companyId: randomUUID(),
  file: new Blob(['%PDF-1.4 receipt'], { type: 'application/pdf' }),
  name: 'ticket.pdf',
  size: 16,
  contentType: 'application/pdf',
  status: 'pending',
  key: null,
  failure: null,
  createdAt: '2026-11-21T10:00:00.000Z',
});

/** A storage and API that accept the upload; null makes every request fail as if offline. */
function stubUploads(works: boolean) {
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    if (!works) throw new TypeError('Failed to fetch');
    const url = input instanceof Request ? input.url : input.toString();
    if (url.endsWith('/uploads')) {
      const { companyId } = JSON.parse(init?.body as string) as { companyId: string };
      const key = `receipts/${companyId}/${randomUUID()}.pdf`;
      return Response.json(
        { key, url: `http://storage.test/${key}`, method: 'PUT', headers: {}, expiresAt: new Date(Date.now() + 60_000).toISOString() },
        { status: 201 },
      );
    }
    if (url.startsWith('http://storage.test/')) return new Response(null, { status: 200 });
    if (url.endsWith('/uploads/complete')) {
      const { key } = JSON.parse(init?.body as string) as { key: string };
      return Response.json({ key, name: 'ticket.pdf', size: 16, contentType: 'application/pdf' });
    }
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const send = ({ engine, ...deps }: Partial<Omit<SendDeps, 'engine'>> & Pick<SendDeps, 'db'> & { engine: ReturnType<SendDeps['engine']> }) =>
  sendUnsentWork({ isOnline: () => true, timeoutMs: 5000, ...deps, engine: () => engine });

describe('sendUnsentWork (before logout)', () => {
  it('finds nothing unsent on a synced device and asks nothing of the engine', async () => {
    const db = database();
    const engine = fakeEngine(db, true);
    expect(await send({ db, engine })).toEqual({ changes: 0, receipts: 0 });
    expect(engine.retries).toBe(0);
  });

  it('pushes queued changes and uploads waiting receipts, then finds nothing left to lose', async () => {
    const db = database();
    const engine = fakeEngine(db, true);
    await queueChange(db);
    await queueChange(db);
    await db.receiptFiles.add(pendingReceipt());
    stubUploads(true);
    const progress: UnsentWork[] = [];
    expect(await send({ db, engine, onProgress: (work) => progress.push(work) })).toEqual({ changes: 0, receipts: 0 });
    expect(engine.attached).toHaveLength(1);
    expect(progress[0]).toEqual({ changes: 2, receipts: 1 });
    expect(await db.receiptFiles.where('status').equals('attached').count()).toBe(1);
  });

  it('counts what could not be sent when the server is down', async () => {
    const db = database();
    const engine = fakeEngine(db, false);
    await queueChange(db);
    await queueChange(db);
    await queueChange(db);
    await db.receiptFiles.add(pendingReceipt());
    stubUploads(false);
    const started = Date.now();
    expect(await send({ db, engine, timeoutMs: 10_000 })).toEqual({ changes: 3, receipts: 1 });
    // The failed attempt ends the wait: the user is not kept waiting for the whole timeout.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(engine.retries).toBe(1);
  });

  it('does not try while offline: it counts at once', async () => {
    const db = database();
    const engine = fakeEngine(db, true);
    await queueChange(db);
    const fetchMock = stubUploads(true);
    await db.receiptFiles.add(pendingReceipt());
    expect(await send({ db, engine, isOnline: () => false })).toEqual({ changes: 1, receipts: 1 });
    expect(engine.retries).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts everything as unsent when no engine can push', async () => {
    const db = database();
    await queueChange(db);
    expect(await send({ db, engine: null })).toEqual({ changes: 1, receipts: 0 });
  });
});
