import { randomUUID } from 'node:crypto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import type { PullRequest } from '@sync/protocol';
import { useTestDatabases, testDraft } from './test-databases';
import { MemorySyncServer } from '../testing/memory-server';
import { syncCycle } from './cycle';
import { revert, revertAll } from './local-tx';
import { Replica } from './replica';
import { createHttpTransport, type SyncTransport } from './transport';

const openDb = useTestDatabases();
const userId = randomUUID();
const draft = testDraft;
const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

/** The in-memory server in pages of two, recording every pull request. */
function pagedTransport(server: MemorySyncServer, pulls: PullRequest[], beforePull?: (request: PullRequest) => Promise<void>): SyncTransport {
  return {
    push: async (request) => ({ ok: true, value: await server.push(userId, structuredClone(request)) }),
    pull: async (request) => {
      pulls.push(request);
      await beforePull?.(request);
      return { ok: true, value: structuredClone(await server.pull(userId, request, 2)) };
    },
  };
}

async function seed(server: MemorySyncServer, count: number) {
  const rows = Array.from({ length: count }, (_, i) => draft({ step: i }));
  await server.push(userId, {
    clientId: randomUUID(),
    protocolVersion: 1,
    mutations: rows.map((row, i) => ({ id: i + 1, name: 'saveDraft', args: row, createdAt: row.updatedAt })),
  });
  return rows;
}

describe('sync cycle', () => {
  it('asks for the next pull page while applying one, and asks for each page once', async () => {
    const server = new MemorySyncServer();
    const rows = await seed(server, 7);
    const pulls: PullRequest[] = [];
    const replica = new Replica(openDb(), userId);
    const storedCursors: (string | null)[] = [];
    const transport = pagedTransport(server, pulls, async () => void storedCursors.push((await replica.meta()).cursor));
    expect(await syncCycle(replica, transport)).toBeNull();
    // The second page was asked for before the first one was applied.
    expect(storedCursors.slice(0, 2)).toEqual([null, null]);
    expect(pulls[1]!.cursor).not.toBeNull();
    expect(byId(await replica.db.table('drafts').toArray())).toEqual(byId(rows));
    // Four pages of two: four requests, none repeated.
    expect(pulls).toHaveLength(4);
    expect(new Set(pulls.map((request) => request.cursor)).size).toBe(4);
    expect((await replica.meta()).cursor).not.toBeNull();
  });

  it('asks for up to two pages beyond the one being applied, and applies every page once, in order', async () => {
    const server = new MemorySyncServer();
    const rows = await seed(server, 13);
    const pulls: PullRequest[] = [];
    const replica = new Replica(openDb(), userId);
    const storedCursors: (string | null)[] = [];
    const transport = pagedTransport(server, pulls, async () => void storedCursors.push((await replica.meta()).cursor));
    const applied: (string | null)[] = [];
    const applyPull = replica.applyPull.bind(replica);
    vi.spyOn(replica, 'applyPull').mockImplementation(async (request, page) => {
      applied.push(request.cursor);
      // A page applies slower than the next ones arrive (as Dexie against a near server): the
      // first one waits for the third request, or gives up waiting after a moment.
      for (let waited = 0; applied.length === 1 && pulls.length < 3 && waited < 50; waited++) await new Promise((resolve) => setTimeout(resolve, 5));
      return applyPull(request, page);
    });
    expect(await syncCycle(replica, transport)).toBeNull();
    // Pages two and three were asked for before the first one was applied; the fourth once it was.
    expect(storedCursors.slice(0, 3)).toEqual([null, null, null]);
    expect(storedCursors[3]).toBe(pulls[1]!.cursor);
    // Seven pages of two: seven requests, none repeated, applied in the order asked.
    expect(pulls).toHaveLength(7);
    expect(applied).toEqual(pulls.map((request) => request.cursor));
    expect(byId(await replica.db.table('drafts').toArray())).toEqual(byId(rows));
  });

  it('ends the cycle at an early request that fails, after the pages before it, and the next cycle goes on from there without losing a page', async () => {
    const server = new MemorySyncServer();
    const rows = await seed(server, 9);
    const pulls: PullRequest[] = [];
    const replica = new Replica(openDb(), userId);
    const paged = pagedTransport(server, pulls);
    let failures = 0;
    const transport: SyncTransport = {
      ...paged,
      // The third request fails once (asked for while the first page was being applied).
      pull: async (request) => (pulls.length === 2 && failures++ === 0 ? { ok: false, failure: { kind: 'network' } } : paged.pull(request)),
    };
    expect(await syncCycle(replica, transport)).toEqual({ kind: 'network' });
    // The two pages before it were applied, and the cursor is the second's.
    expect((await replica.db.table('drafts').toArray()).length).toBe(4);
    const cursor = (await replica.meta()).cursor;
    expect(cursor).not.toBeNull();
    expect(await syncCycle(replica, transport)).toBeNull();
    expect(pulls[2]!.cursor).toBe(cursor);
    expect(byId(await replica.db.table('drafts').toArray())).toEqual(byId(rows));
  });

  it('drops the page it asked for early when another tab moved the cursor meanwhile', async () => {
    const server = new MemorySyncServer();
    const factory = new IDBFactory();
    const rows = await seed(server, 5);
    const otherTab = new Replica(openDb(factory), userId);
    const pulls: PullRequest[] = [];
    let interfered = false;
    const replica = new Replica(openDb(factory), userId);
    const transport = pagedTransport(server, pulls, async (request) => {
      // While this tab waits for its second page, the other tab syncs everything.
      if (request.cursor !== null && !interfered) {
        interfered = true;
        expect(await syncCycle(otherTab, pagedTransport(server, []))).toBeNull();
      }
    });
    expect(await syncCycle(replica, transport)).toBeNull();
    expect(byId(await replica.db.table('drafts').toArray())).toEqual(byId(rows));
    // The early request's cursor was not the stored one any more: the cycle pulled from the stored cursor instead.
    expect(pulls.at(-1)!.cursor).toBe((await replica.meta()).cursor);
  });

  it('reverts many pending changes at once as if one by one, newest first, but for the rows written next', async () => {
    const db = openDb();
    const replica = new Replica(db, userId);
    const kept = draft({ step: 1 });
    const gone = draft({ step: 1 });
    await db.table('drafts').bulkPut([kept, gone]);
    await replica.mutate('saveDraft', { ...kept, step: 2 });
    await replica.mutate('deleteDraft', { id: gone.id });
    const created = draft();
    await replica.mutate('saveDraft', created);
    await replica.mutate('saveDraft', { ...kept, step: 3 });
    await replica.mutate('saveDraft', { ...created, step: 9 });
    const undo = (await db.outbox.orderBy('id').toArray()).map((entry) => entry.undo);

    await db.transaction('rw', db.table('drafts'), () => revertAll(db, undo));
    const inBulk = byId(await db.table('drafts').toArray());
    expect(inBulk).toEqual(byId([kept, gone]));

    // The same outbox reverted one mutation at a time gives the same rows.
    await db.table('drafts').clear();
    await db.table('drafts').bulkPut([
      { ...kept, step: 3 },
      { ...created, step: 9 },
    ]);
    for (let i = undo.length - 1; i >= 0; i--) await revert(db, undo[i]!);
    expect(byId(await db.table('drafts').toArray())).toEqual(inBulk);

    // A row the caller writes next in the same transaction (a pull page's) is left as it is.
    await db.table('drafts').clear();
    await db.table('drafts').bulkPut([
      { ...kept, step: 3 },
      { ...created, step: 9 },
    ]);
    await db.transaction('rw', db.table('drafts'), () => revertAll(db, undo, new Map([['drafts', new Set([kept.id])]])));
    expect(byId(await db.table('drafts').toArray())).toEqual(byId([{ ...kept, step: 3 }, gone]));
  });

  it('refuses a pull page whose rows are not objects with an id', async () => {
    const page = { cursor: '1.x', lastMutationId: 0, changes: { drafts: { puts: [{ step: 1 }], deletes: [] } }, hasMore: false, rejections: [] };
    const transport = createHttpTransport({
      fetch: async () => new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } }),
    });
    const request: PullRequest = { clientId: randomUUID(), protocolVersion: 1, cursor: null, lastMutationId: 0 };
    expect(await transport.pull(request)).toEqual({ ok: false, failure: { kind: 'server', status: 200, code: 'malformed_response', retryAfterMs: null } });
    page.changes.drafts.puts = [{ id: randomUUID(), step: 1 } as never];
    expect(await transport.pull(request)).toMatchObject({ ok: true, value: { changes: { drafts: { puts: [{ step: 1 }] } } } });
  });
  it('reads the next batch from the outbox while a push is on its way, and sends every mutation once, in order, with those queued meanwhile', async () => {
    const server = new MemorySyncServer();
    const replica = new Replica(openDb(), userId);
    await Promise.all(Array.from({ length: 1100 }, (_, i) => replica.mutate('saveDraft', draft({ step: i % 3 }))));
    const reads = vi.spyOn(replica, 'nextPush');
    const pushes: number[][] = [];
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const transport: SyncTransport = {
      push: async (request) => {
        pushes.push([request.mutations[0]!.id, request.mutations.at(-1)!.id]);
        if (pushes.length === 1) await firstHeld;
        return { ok: true, value: await server.push(userId, structuredClone(request)) };
      },
      pull: async (request) => ({ ok: true, value: await server.pull(userId, request) }),
    };
    const cycle = syncCycle(replica, transport);
    // The first push is not answered yet, and the batch after it has been read already.
    await vi.waitFor(() => expect(reads).toHaveBeenLastCalledWith(500));
    await vi.waitFor(async () => expect(await reads.mock.results.at(-1)!.value).toMatchObject({ mutations: { length: 500 } }));
    await replica.mutate('saveDraft', draft({ step: 1 }));
    releaseFirst();
    expect(await cycle).toBeNull();
    expect(pushes).toEqual([
      [1, 500],
      [501, 1000],
      [1001, 1101],
    ]);
    expect(await replica.db.outbox.count()).toBe(0);
    expect((await replica.meta()).lastMutationId).toBe(1101);
  });

  it('pushes again after a push answered short (a deferred import), and returns the 429 that says how long to wait', async () => {
    const server = new MemorySyncServer();
    const replica = new Replica(openDb(), userId);
    await replica.mutate('saveDraft', draft({ step: 1 }));
    await replica.mutate('saveDraft', draft({ step: 2 }));
    const pushes: number[][] = [];
    const deferred = { kind: 'server', status: 429, code: 'sync_deferred', retryAfterMs: 12_000 } as const;
    const transport: SyncTransport = {
      // The server takes the first mutation and stops before the second, then asks to wait.
      push: async (request) => {
        pushes.push(request.mutations.map((mutation) => mutation.id));
        if (request.mutations[0]!.id > 1) return { ok: false, failure: deferred };
        return { ok: true, value: await server.push(userId, { ...request, mutations: request.mutations.slice(0, 1) }) };
      },
      pull: async (request) => ({ ok: true, value: await server.pull(userId, request) }),
    };
    expect(await syncCycle(replica, transport)).toEqual(deferred);
    expect(pushes).toEqual([[1, 2], [2]]);
  });
});
