// Dexie's liveQuery reads the global IndexedDB classes; each test still opens its own factory.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { Draft } from '@domain/draft';
import type { PullRequest, PushRequest } from '@sync/protocol';
import { MemorySyncServer } from '../testing/memory-server';
import { AppDB } from './db';
import { SyncEngine } from './engine';
import { countUnsent, flushOutbox } from './flush';
import type { SyncHost } from './host';
import type { ReceiptFile } from './receipts';
import type { SyncFailure, SyncResult, SyncTransport } from './transport';

/**
 * The bounded "push it now" logout relies on, driven through a real engine and replica on
 * fake-indexeddb against the in-memory server model, with real timers (the waits are short).
 */

const userId = randomUUID();
const draft = (): Draft => ({ id: randomUUID(), kind: 'companyCreation', companyId: null, step: 1, data: {}, updatedAt: '2026-11-21T10:00:00.000Z' });

/** A network that answers from the model, fails as told, or never answers. */
class TestTransport implements SyncTransport {
  failure: SyncFailure | null = null;
  hang = false;
  pushes = 0;
  constructor(readonly server: MemorySyncServer) {}
  private async answer<T>(run: () => Promise<T>): Promise<SyncResult<T>> {
    if (this.hang) return new Promise(() => {});
    if (this.failure) return { ok: false, failure: this.failure };
    return { ok: true, value: structuredClone(await run()) };
  }
  push(request: PushRequest) {
    this.pushes++;
    return this.answer(() => this.server.push(userId, structuredClone(request)));
  }
  pull(request: PullRequest) {
    return this.answer(() => this.server.pull(userId, request));
  }
}

/** One tab without Web Locks or other tabs: it leads at once. */
function host(network: { online: boolean }): SyncHost {
  return {
    isOnline: () => network.online,
    isVisible: () => true,
    onConnectivity: () => () => {},
    requestLeadership: null,
    openChannel: () => null,
    openPokes: () => () => {},
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    random: () => 0.5,
    now: () => new Date(),
  };
}

const engines: SyncEngine[] = [];
afterEach(() => {
  for (const engine of engines.splice(0)) {
    // Not awaited: a test's engine may be waiting on a server that never answers.
    void engine.stop();
    engine.replica.db.close();
  }
});

async function setup(options: { online?: boolean } = {}) {
  const network = { online: options.online ?? true };
  const transport = new TestTransport(new MemorySyncServer());
  const db = new AppDB(userId, { indexedDB: new IDBFactory(), IDBKeyRange });
  const engine = new SyncEngine(db, userId, transport, host(network));
  engines.push(engine);
  return { db, engine, transport, network };
}

/** Queues `count` draft changes while the network fails, so they stay in the outbox. */
async function queueUnsent(engine: SyncEngine, transport: TestTransport, count: number) {
  const saved = transport.failure;
  transport.failure ??= { kind: 'network' };
  engine.start();
  for (let i = 0; i < count; i++) await engine.mutate('saveDraft', draft());
  await expect.poll(() => engine.replica.db.outbox.count()).toBe(count);
  await expect.poll(() => engine.getStatus().phase).not.toBe('syncing');
  transport.failure = saved;
}

const receipt = (status: ReceiptFile['status']): ReceiptFile => ({
  id: randomUUID(),
  transactionId: randomUUID(),
  companyId: randomUUID(),
  file: new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
  name: 'ticket.pdf',
  size: 8,
  contentType: 'application/pdf',
  status,
  key: null,
  failure: null,
  createdAt: '2026-11-21T10:00:00.000Z',
});

describe('countUnsent', () => {
  it('counts queued mutations and receipts not yet uploaded, not those attached or refused', async () => {
    const { db, engine, transport } = await setup();
    await queueUnsent(engine, transport, 2);
    await db.receiptFiles.bulkAdd([receipt('pending'), receipt('attached'), receipt('failed')]);
    expect(await countUnsent(db)).toEqual({ changes: 2, receipts: 1 });
  });
});

describe('flushOutbox', () => {
  it('pushes the queue now, reports what is left, and resolves 0 once the server has it', async () => {
    const { db, engine, transport } = await setup();
    transport.failure = { kind: 'server', status: 503, code: 'sync_unavailable', retryAfterMs: null };
    await queueUnsent(engine, transport, 2);
    // The engine now waits out its backoff; the flush must not.
    expect(engine.getStatus().phase).toBe('retrying');
    transport.failure = null;
    const progress: number[] = [];
    const left = await flushOutbox(engine, db, { timeoutMs: 5000, onProgress: (remaining) => progress.push(remaining) });
    expect(left).toBe(0);
    expect(progress[0]).toBe(2);
    expect(transport.server.snapshot(userId).drafts).toHaveLength(2);
  });

  it('gives up at once when the server fails the attempt, without waiting for the timeout', async () => {
    const { db, engine, transport } = await setup();
    await queueUnsent(engine, transport, 1);
    transport.failure = { kind: 'server', status: 503, code: 'sync_unavailable', retryAfterMs: null };
    const pushesBefore = transport.pushes;
    const started = Date.now();
    expect(await flushOutbox(engine, db, { timeoutMs: 10_000 })).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(transport.pushes).toBeGreaterThan(pushesBefore);
  });

  it('answers at once while offline, and stops at an ended session', async () => {
    const offline = await setup({ online: false });
    await queueUnsent(offline.engine, offline.transport, 1);
    const started = Date.now();
    expect(await flushOutbox(offline.engine, offline.db, { timeoutMs: 10_000 })).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);

    const ended = await setup();
    await queueUnsent(ended.engine, ended.transport, 1);
    ended.transport.failure = { kind: 'unauthorized' };
    expect(await flushOutbox(ended.engine, ended.db, { timeoutMs: 10_000 })).toBe(1);
    expect(ended.engine.getStatus().phase).toBe('unauthorized');
  });

  it('waits no longer than its timeout for a server that does not answer', async () => {
    const { db, engine, transport } = await setup();
    await queueUnsent(engine, transport, 3);
    transport.hang = true;
    const started = Date.now();
    expect(await flushOutbox(engine, db, { timeoutMs: 300 })).toBe(3);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('resolves 0 at once with an empty outbox, without asking the engine', async () => {
    const { db, engine, transport } = await setup();
    engine.start();
    await expect.poll(() => engine.getStatus().phase).toBe('idle');
    const pushes = transport.pushes;
    expect(await flushOutbox(engine, db, { timeoutMs: 5000 })).toBe(0);
    expect(transport.pushes).toBe(pushes);
  });
});
