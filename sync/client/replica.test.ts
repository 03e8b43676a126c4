import { randomUUID } from 'node:crypto';
import type { Table } from 'dexie';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import type { Draft, DraftFieldChange } from '@domain/draft';
import { testTransaction } from '@domain/transaction-fixture';
import { MutationRejection } from '@sync/mutator';
import { countOutboxReads, useTestDatabases, testDraft } from './test-databases';
import { MemorySyncServer } from '../testing/memory-server';
import { protocolVersion } from '@sync/protocol';
import { companyPageKey } from './company-caches';
import { syncCycle } from './cycle';
import { caughtUp, countUnsentChanges, type AppDB, type CachedCompany, type CachedProfile, type OutboxEntry } from './db';
import { Replica } from './replica';
import type { SyncTransport } from './transport';

const openDb = useTestDatabases();
const userId = randomUUID();
const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);
const draft = (overrides: Partial<Draft> = {}): Draft => testDraft({ data: { name: 'Acme' }, ...overrides });

function directTransport(server: MemorySyncServer, user = userId): SyncTransport {
  return {
    push: async (request) => ({ ok: true, value: await server.push(user, structuredClone(request)) }),
    pull: async (request) => ({ ok: true, value: structuredClone(await server.pull(user, request)) }),
  };
}

/**
 * The outbox's `bulkAdd` fails with a quota error when `fails(entries)`, through whichever table
 * object the replica writes with (the database's, or one bound to its transaction).
 */
function failOutboxWrites(db: AppDB, fails: (entries: OutboxEntry[]) => boolean) {
  const bulkAdd = db.Table.prototype.bulkAdd;
  vi.spyOn(db.Table.prototype, 'bulkAdd').mockImplementation(function (this: Table, entries: readonly unknown[]) {
    if (this.name === 'outbox' && fails(entries as OutboxEntry[])) return Promise.reject(new Error('QuotaExceededError'));
    return bulkAdd.call(this, entries);
  } as Table['bulkAdd']);
}

describe('replica', () => {
  it('commits the optimistic change and its outbox entry together', async () => {
    const replica = new Replica(openDb(), userId);
    const row = draft();
    await replica.mutate('saveDraft', row);
    expect(await replica.db.table('drafts').get(row.id)).toEqual(row);
    expect(await replica.db.outbox.toArray()).toMatchObject([{ id: 1, name: 'saveDraft', args: row, undo: [{ table: 'drafts', id: row.id, before: null }] }]);
  });

  it('commits neither when writing the outbox entry fails', async () => {
    const db = openDb();
    const replica = new Replica(db, userId);
    failOutboxWrites(db, () => true);
    const row = draft();
    await expect(replica.mutate('saveDraft', row)).rejects.toThrow('QuotaExceededError');
    expect(await db.table('drafts').get(row.id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    expect((await replica.meta()).nextMutationId).toBe(1);
  });

  it('commits neither when the mutator refuses after writing', async () => {
    const db = openDb();
    const replica = new Replica(db, userId);
    const row = draft();
    await replica.mutate('saveDraft', row);
    // Same id, other wizard: the mutator refuses; nothing of this attempt may remain.
    await expect(replica.mutate('saveDraft', { ...row, kind: 'kyb' })).rejects.toBeInstanceOf(MutationRejection);
    await expect(replica.mutate('saveDraft', { ...row, step: -1 })).rejects.toMatchObject({ code: 'invalid' });
    expect(await db.table('drafts').get(row.id)).toEqual(row);
    expect(await db.outbox.count()).toBe(1);
  });

  it('runs several mutations in one transaction, each its own outbox entry, all or nothing', async () => {
    const db = openDb();
    const replica = new Replica(db, userId);
    const [first, second] = [draft(), draft()];
    expect(
      await replica.mutateAll([
        { name: 'saveDraft', args: first },
        { name: 'saveDraft', args: second },
      ]),
    ).toEqual([1, 2]);
    expect((await db.outbox.toArray()).map((entry) => entry.id)).toEqual([1, 2]);
    // The second refuses (same id, other wizard): the first of the call is taken back with it.
    const third = draft();
    await expect(
      replica.mutateAll([
        { name: 'saveDraft', args: third },
        { name: 'saveDraft', args: { ...first, kind: 'kyb' } },
      ]),
    ).rejects.toBeInstanceOf(MutationRejection);
    expect(await db.table('drafts').get(third.id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(2);
    expect((await replica.meta()).nextMutationId).toBe(3);
  });

  it('writes the mutations asked for in one task in one transaction, each its own outbox entry, in order', async () => {
    const db = openDb();
    const replica = new Replica(db, userId);
    await replica.meta();
    const transactions = vi.spyOn(db, 'transaction');
    const [first, second, third, fourth] = [draft(), draft(), draft(), draft()];
    const ids = await Promise.all([
      replica.mutate('saveDraft', first),
      replica.mutateAll([
        { name: 'saveDraft', args: second },
        { name: 'saveDraft', args: third },
      ]),
      replica.mutate('saveDraft', fourth),
    ]);
    expect(ids).toEqual([1, [2, 3], 4]);
    expect(transactions).toHaveBeenCalledTimes(1);
    expect((await db.outbox.toArray()).map((entry) => entry.args)).toEqual([first, second, third, fourth]);
    expect((await replica.meta()).nextMutationId).toBe(5);
  });

  it('a burst whose mutations make no request of their own (rows read ahead, index answers kept) stays one transaction, in order', async () => {
    const db = openDb();
    const replica = new Replica(db, userId);
    const rows = Array.from({ length: 300 }, () => testTransaction());
    await db.transactions.bulkPut(rows);
    await replica.meta();
    const transactions = vi.spyOn(db, 'transaction');
    const updatedAt = '2026-11-25T10:00:00.000Z';
    const ids = await Promise.all(rows.map((row, i) => replica.mutate('setTransactionNote', { id: row.id, note: `note ${i}`, updatedAt })));
    expect(ids).toEqual(rows.map((_, i) => i + 1));
    // Past Dexie's zone: a request made outside it would have opened a transaction of its own and the burst's would have committed early.
    expect(transactions).toHaveBeenCalledTimes(1);
    expect((await db.transactions.bulkGet(rows.map((row) => row.id))).map((row) => row?.note)).toEqual(rows.map((_, i) => `note ${i}`));
    const outbox = await db.outbox.toArray();
    expect(outbox.map((entry) => [entry.id, (entry.args as { id: string }).id])).toEqual(rows.map((row, i) => [i + 1, row.id]));
    expect(outbox[7]!.undo).toEqual([{ table: 'transactions', id: rows[7]!.id, before: rows[7] }]);
  });

  it('a mutation sees the writes of those before it in a shared transaction, and its pre-images are theirs', async () => {
    const db = openDb();
    const replica = new Replica(db, userId);
    const first = draft();
    const second = { ...first, step: 2, data: { name: 'Acme Two' } };
    await Promise.all([replica.mutate('saveDraft', first), replica.mutate('saveDraft', second)]);
    expect(await db.table('drafts').get(first.id)).toEqual(second);
    expect((await db.outbox.toArray()).map((entry) => entry.undo)).toEqual([
      [{ table: 'drafts', id: first.id, before: null }],
      [{ table: 'drafts', id: first.id, before: first }],
    ]);
  });

  it('a mutation refused in the middle of a shared transaction takes back only its own writes', async () => {
    const db = openDb();
    const replica = new Replica(db, userId);
    const kept = draft();
    await replica.mutate('saveDraft', kept);
    const [before, after] = [draft(), draft()];
    const [first, refused, last] = await Promise.allSettled([
      replica.mutate('saveDraft', before),
      // Same id, other wizard: refused after the mutator has read and written.
      replica.mutateAll([
        { name: 'saveDraft', args: draft() },
        { name: 'saveDraft', args: { ...kept, kind: 'kyb', data: { name: 'Other' } } },
      ]),
      replica.mutate('saveDraft', after),
    ]);
    expect(first).toEqual({ status: 'fulfilled', value: 2 });
    expect(refused).toMatchObject({ status: 'rejected', reason: expect.any(MutationRejection) });
    expect(last).toEqual({ status: 'fulfilled', value: 3 });
    expect(await db.table('drafts').get(kept.id)).toEqual(kept);
    expect((await db.table('drafts').toArray()).map((row) => row.id).sort()).toEqual([kept.id, before.id, after.id].sort());
    expect((await db.outbox.toArray()).map((entry) => [entry.id, entry.args])).toEqual([
      [1, kept],
      [2, before],
      [3, after],
    ]);
  });

  it('when a shared transaction cannot commit, writes each mutation on its own so only the one that cannot fails', async () => {
    const db = openDb();
    const replica = new Replica(db, userId);
    const [good, bad, alsoGood] = [draft(), draft(), draft()];
    failOutboxWrites(db, (entries) => entries.some((entry) => (entry.args as Draft).id === bad.id));
    const outcomes = await Promise.allSettled([replica.mutate('saveDraft', good), replica.mutate('saveDraft', bad), replica.mutate('saveDraft', alsoGood)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await db.table('drafts').get(bad.id)).toBeUndefined();
    expect((await db.outbox.toArray()).map((entry) => [entry.id, (entry.args as Draft).id])).toEqual([
      [1, good.id],
      [2, alsoGood.id],
    ]);
  });

  it('pushes on the next launch what a closed tab left in the outbox', async () => {
    const factory = new IDBFactory();
    const server = new MemorySyncServer();
    const row = draft();
    const first = openDb(factory);
    await new Replica(first, userId).mutate('saveDraft', row);
    first.close(); // the tab is closed before any push

    const relaunched = new Replica(openDb(factory), userId);
    expect(await relaunched.db.outbox.count()).toBe(1);
    expect(await syncCycle(relaunched, directTransport(server))).toBeNull();
    expect(server.snapshot(userId).drafts).toEqual([row]);
    expect(await relaunched.db.outbox.count()).toBe(0);
  });

  it('reverts a permanently rejected change, lists it with its reason, and keeps syncing what follows', async () => {
    const server = new MemorySyncServer();
    const other = randomUUID();
    const theirs = draft();
    await server.push(other, {
      clientId: randomUUID(),
      protocolVersion: 1,
      mutations: [{ id: 1, name: 'saveDraft', args: theirs, createdAt: theirs.updatedAt }],
    });

    const replica = new Replica(openDb(), userId);
    const mine = draft();
    // Locally the id is free, so the change shows; the server knows it belongs to someone else.
    await replica.mutate('saveDraft', { ...theirs, data: { mine: true } });
    await replica.mutate('saveDraft', mine);
    expect(await replica.db.table('drafts').count()).toBe(2);

    expect(await syncCycle(replica, directTransport(server))).toBeNull();
    expect(await replica.db.table('drafts').toArray()).toEqual([mine]);
    expect(await replica.db.rejectedChanges.toArray()).toMatchObject([{ mutationId: 1, name: 'saveDraft', code: 'forbidden' }]);
    expect(await replica.db.outbox.count()).toBe(0);
    expect((await replica.meta()).lastMutationId).toBe(2);
  });

  it('two devices changing different fields of one draft both keep their change, and a field keeps the change that reached the server last', async () => {
    const server = new MemorySyncServer();
    const phone = new Replica(openDb(new IDBFactory(), 'phone'), userId);
    const laptop = new Replica(openDb(new IDBFactory(), 'laptop'), userId);
    const id = randomUUID();
    const at = '2026-11-21T10:00:00.000Z';
    const change = (changes: DraftFieldChange[], step?: number) => ({
      id,
      kind: 'companyCreation' as const,
      companyId: null,
      ...(step === undefined ? {} : { step }),
      changes,
      updatedAt: at,
    });
    await phone.mutate(
      'changeDraft',
      change(
        [
          { path: ['taxYear'], value: 2025 },
          { path: ['form', 'companyName'], value: 'Acme' },
        ],
        1,
      ),
    );
    await syncCycle(phone, directTransport(server));
    await syncCycle(laptop, directTransport(server));

    // Both edit while apart: the phone the EIN and the name, the laptop the state and the name, and moves on a step.
    await phone.mutate(
      'changeDraft',
      change([
        { path: ['form', 'ein'], value: '12-3456789' },
        { path: ['form', 'companyName'], value: 'Acme LLC' },
      ]),
    );
    await laptop.mutate(
      'changeDraft',
      change(
        [
          { path: ['form', 'usState'], value: 'WY' },
          { path: ['form', 'companyName'], value: 'Acme Inc' },
        ],
        2,
      ),
    );
    await syncCycle(phone, directTransport(server));
    // The laptop's pull rebases its queued change on top of the phone's: both fields are there before it pushes.
    const request = await laptop.nextPull();
    await laptop.applyPull(request, await server.pull(userId, request));
    expect((await laptop.db.table('drafts').get(id))?.data).toEqual({ taxYear: 2025, form: { companyName: 'Acme Inc', ein: '12-3456789', usState: 'WY' } });

    await syncCycle(laptop, directTransport(server));
    await syncCycle(phone, directTransport(server));
    const expected = {
      id,
      kind: 'companyCreation',
      companyId: null,
      step: 2,
      data: { taxYear: 2025, form: { companyName: 'Acme Inc', ein: '12-3456789', usState: 'WY' } },
      updatedAt: at,
    };
    expect(server.snapshot(userId).drafts).toEqual([expected]);
    for (const replica of [phone, laptop]) expect(await replica.db.table('drafts').toArray()).toEqual([expected]);
  });

  it('counts as caught up only once a first pull or a resync reached its last page', async () => {
    const server = new MemorySyncServer();
    const phone = new Replica(openDb(new IDBFactory(), 'phone'), userId);
    for (let i = 0; i < 3; i++) await phone.mutate('saveDraft', draft());
    await syncCycle(phone, directTransport(server));
    const laptop = new Replica(openDb(new IDBFactory(), 'laptop'), userId);
    const pages: boolean[] = [];
    for (;;) {
      const request = await laptop.nextPull();
      const page = await server.pull(userId, request, 2);
      await laptop.applyPull(request, page);
      pages.push(caughtUp(await laptop.meta()));
      if (!page.hasMore) break;
    }
    expect(pages).toEqual([false, true]);

    // A company gained: the resync drops every row, and the device is not caught up until it ends.
    const companyId = randomUUID();
    server.addToCompany(companyId, userId, 'owner');
    const request = await laptop.nextPull();
    const page = await server.pull(userId, request, 2);
    expect(page).toMatchObject({ resync: true, hasMore: true });
    await laptop.applyPull(request, page);
    expect(caughtUp(await laptop.meta())).toBe(false);
    await syncCycle(laptop, directTransport(server));
    expect(caughtUp(await laptop.meta())).toBe(true);
  });

  it('rebases pending changes on top of what other devices did', async () => {
    const server = new MemorySyncServer();
    const phone = new Replica(openDb(new IDBFactory(), 'phone'), userId);
    const laptop = new Replica(openDb(new IDBFactory(), 'laptop'), userId);
    const shared = draft({ step: 1 });
    await phone.mutate('saveDraft', shared);
    await syncCycle(phone, directTransport(server));
    await syncCycle(laptop, directTransport(server));

    await laptop.mutate('saveDraft', { ...shared, step: 5 });
    const extra = draft();
    await laptop.mutate('saveDraft', extra);
    await phone.mutate('deleteDraft', { id: shared.id });
    await syncCycle(phone, directTransport(server));

    // The laptop pulls before pushing anything: the server rows come in, its own changes stay on top.
    const request = await laptop.nextPull();
    expect(await laptop.applyPull(request, await server.pull(userId, request))).toBe('applied');
    expect((await laptop.db.table('drafts').toArray()).sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(
      [{ ...shared, step: 5 }, extra].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
    expect(await laptop.db.outbox.count()).toBe(2);

    await syncCycle(laptop, directTransport(server));
    await syncCycle(phone, directTransport(server));
    const expected = server.snapshot(userId).drafts;
    expect(expected.map((row) => row.id).sort()).toEqual([shared.id, extra.id].sort());
    for (const replica of [phone, laptop]) {
      expect((await replica.db.table('drafts').toArray()).sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(expected);
    }
  });

  it('keeps what it pushed while a pull of several pages brings it back, and sends none of it again', async () => {
    const server = new MemorySyncServer();
    const transport = directTransport(server);
    const phone = new Replica(openDb(new IDBFactory(), 'phone'), userId);
    await syncCycle(phone, transport);
    const drafts = Array.from({ length: 4 }, (_, i) => draft({ data: { name: `Draft ${i}` } }));
    for (const row of drafts) await phone.mutate('saveDraft', row);
    const pushed = await server.push(userId, structuredClone((await phone.nextPush(0))!));
    expect(pushed.lastMutationId).toBe(4);

    const seen: { rows: number; outbox: number; unsent: number; next: boolean }[] = [];
    for (;;) {
      const request = await phone.nextPull();
      const page = structuredClone(await server.pull(userId, request, 1));
      await phone.applyPull(request, page);
      const meta = await phone.meta();
      seen.push({
        rows: await phone.db.table('drafts').count(),
        outbox: await phone.db.outbox.count(),
        unsent: await countUnsentChanges(phone.db),
        next: (await phone.nextPush(meta.lastMutationId)) !== null,
      });
      if (!page.hasMore) break;
    }
    // Every draft stays shown, and none is unsent or pushed again. The acknowledged entries
    // wait, untouched, for the last page, which drops them.
    expect(seen).toEqual([4, 4, 4, 0].map((outbox) => ({ rows: 4, outbox, unsent: 0, next: false })));
    expect(await phone.db.pulledPages.count()).toBe(0);
    expect((await phone.db.table('drafts').toArray()).sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(server.snapshot(userId).drafts);
  });

  // A replica keeps what the settling entries may take back in memory; after a reload in the
  // middle of a pull (a new replica on the same database), the pages' records say it instead.
  const sessions = [
    ['in one session', (replica: Replica) => replica],
    ['reloaded before each page', (replica: Replica) => new Replica(replica.db, userId)],
  ] as const;

  it.each(sessions)('at the last page of a pull, takes back what an acknowledged change wrote here and no page brought back (%s)', async (_, next) => {
    let phone = new Replica(openDb(), userId);
    const [kept, unwritten] = [draft(), draft()];
    await phone.mutate('saveDraft', kept);
    await phone.mutate('saveDraft', unwritten);
    const page = (cursor: string, puts: Draft[], hasMore: boolean) => ({
      cursor,
      lastMutationId: 2,
      changes: { drafts: { puts, deletes: [] } },
      hasMore,
      rejections: [],
    });
    // The server acknowledged both, and its first page brings back one of them.
    await phone.applyPull(await phone.nextPull(), page('c1', [kept], true));
    expect(await phone.db.table('drafts').count()).toBe(2);
    // The entries wait as they are; the page says which of their rows it brought back.
    expect((await phone.db.outbox.toArray()).map((entry) => entry.args)).toEqual([kept, unwritten]);
    expect(await phone.db.pulledPages.toArray()).toMatchObject([{ acknowledged: 2, rows: { drafts: [kept.id] } }]);
    phone = next(phone);
    await phone.applyPull(await phone.nextPull(), page('c2', [], false));
    expect(await phone.db.table('drafts').toArray()).toEqual([kept]);
    expect(await phone.db.outbox.count()).toBe(0);
    expect(await phone.db.pulledPages.count()).toBe(0);
  });

  it.each(sessions)(
    'at the last page, counts a row as brought back for an acknowledged change only from the page that acknowledged it on (%s)',
    async (_, next) => {
      let phone = new Replica(openDb(), userId);
      const [mine, other] = [draft({ data: { name: 'Mine' } }), draft({ data: { name: 'Other' } })];
      await phone.mutate('saveDraft', mine);
      await phone.mutate('saveDraft', other);
      const fromServer = { ...other, data: { name: 'Another device' }, updatedAt: '2026-11-21T11:00:00.000Z' };
      const page = (cursor: string, lastMutationId: number, puts: Draft[], hasMore: boolean) => ({
        cursor,
        lastMutationId,
        changes: { drafts: { puts, deletes: [] } },
        hasMore,
        rejections: [],
      });
      // Page 1 acknowledges the first change and brings another device's version of the second
      // draft, which this device's pending change then writes over again.
      await phone.applyPull(await phone.nextPull(), page('c1', 1, [fromServer], true));
      expect(await phone.db.table('drafts').get(other.id)).toEqual(other);
      phone = next(phone);
      // Page 2 acknowledges the second change and brings back the first draft.
      await phone.applyPull(await phone.nextPull(), page('c2', 2, [mine], true));
      phone = next(phone);
      // The last page brings nothing more: the server did not write the second change, so its
      // draft is the other device's, as page 1 had it (page 1 came before its acknowledgement).
      await phone.applyPull(await phone.nextPull(), page('c3', 2, [], false));
      expect(await phone.db.table('drafts').get(mine.id)).toEqual(mine);
      expect(await phone.db.table('drafts').get(other.id)).toEqual(fromServer);
      expect(await phone.db.outbox.count()).toBe(0);
    },
  );

  it('settles at the last page what an earlier version left acknowledged in the outbox, without its arguments', async () => {
    const db = openDb();
    const phone = new Replica(db, userId);
    const [kept, unwritten] = [draft(), draft()];
    await phone.mutate('saveDraft', kept);
    await phone.mutate('saveDraft', unwritten);
    // As version 10 left a pull cut short: both acknowledged, the first one's row brought back.
    await db.outbox.bulkPut((await db.outbox.toArray()).map((entry) => ({ ...entry, args: null, undo: entry.id === 1 ? [] : entry.undo })));
    await db.syncMeta.put({ ...(await phone.meta()), cursor: 'c1', lastMutationId: 2 });
    await phone.applyPull(await phone.nextPull(), { cursor: 'c2', lastMutationId: 2, changes: {}, hasMore: false, rejections: [] });
    expect(await db.table('drafts').toArray()).toEqual([kept]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('ignores a pull page when another tab moved the cursor meanwhile', async () => {
    const server = new MemorySyncServer();
    const replica = new Replica(openDb(), userId);
    await replica.mutate('saveDraft', draft());
    await syncCycle(replica, directTransport(server));
    const request = await replica.nextPull();
    const response = await server.pull(userId, request);
    await replica.mutate('saveDraft', draft());
    await syncCycle(replica, directTransport(server));
    expect(await replica.applyPull(request, response)).toBe('stale');
  });

  it('builds a push from the entries that fit, reading only those (and a few more), not the whole queue', async () => {
    const db = openDb();
    const outbox = countOutboxReads(db);
    const replica = new Replica(db, userId);
    const meta = await replica.meta();
    // Thirty import chunks of 200,000 characters each: three fit in a push, 700,000 at most.
    const chunk = (id: number) => ({ id, name: 'importTransactions', args: { lines: 'x'.repeat(200_000) }, createdAt: '2026-11-27T00:00:00.000Z', undo: [] });
    await db.outbox.bulkAdd(Array.from({ length: 30 }, (_, i) => chunk(i + 1)));
    await db.syncMeta.put({ ...meta, nextMutationId: 31 });

    outbox.reads = [];
    const push = await replica.nextPush(0);
    expect(push!.mutations.map((mutation) => mutation.id)).toEqual([1, 2, 3]);
    expect(sum(outbox.reads)).toBeLessThanOrEqual(6);
    outbox.reads = [];
    expect((await replica.nextPush(27))!.mutations.map((mutation) => mutation.id)).toEqual([28, 29, 30]);
    expect(sum(outbox.reads)).toBeLessThanOrEqual(4);

    // Small entries still go 500 to a push, in a handful of reads.
    await db.outbox.clear();
    await db.outbox.bulkAdd(Array.from({ length: 1_200 }, (_, i) => ({ ...chunk(i + 1), args: { note: `note ${i}` } })));
    outbox.reads = [];
    const notes = await replica.nextPush(0);
    expect(notes!.mutations.map((mutation) => mutation.id)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    expect(sum(outbox.reads)).toBe(500);
    expect((await replica.nextPush(1_000))!.mutations).toHaveLength(200);
    expect(await replica.nextPush(1_200)).toBeNull();
  });

  it('continues as a new client, keeping its queue, when the server cannot continue its ids', async () => {
    const server = new MemorySyncServer();
    const replica = new Replica(openDb(), userId);
    const rows = [draft(), draft(), draft()];
    for (const row of rows) await replica.mutate('saveDraft', row);
    const before = await replica.meta();
    await replica.db.outbox.delete(1); // as if the server had lost what it acknowledged
    await replica.db.syncMeta.put({ ...before, lastMutationId: 1 });
    const transport = directTransport(server);
    const push = await replica.nextPush(1);
    await expect(server.push(userId, push!)).rejects.toMatchObject({ code: 'sync_mutation_gap' });

    await replica.resetIdentity();
    const after = await replica.meta();
    expect(after.clientId).not.toBe(before.clientId);
    expect((await replica.db.outbox.toArray()).map((entry) => [entry.id, (entry.args as Draft).id])).toEqual([
      [1, rows[1]!.id],
      [2, rows[2]!.id],
    ]);
    expect(await syncCycle(replica, transport)).toBeNull();
    expect(server.snapshot(userId).drafts).toHaveLength(2);
  });

  it('keeps its cursor when a page that left its own changes out speaks of ids this database never made', async () => {
    const replica = new Replica(openDb(), userId);
    const row = draft();
    await replica.mutate('saveDraft', row);
    const request = await replica.nextPull();
    const before = await replica.meta();
    // A restored copy's history shares the client id: the server acknowledges ids past this database's.
    const response = { cursor: 'elsewhere', lastMutationId: 5, changes: {}, hasMore: false, ownChangesOnly: true, rejections: [] };
    expect(await replica.applyPull(request, response)).toBe('applied');
    const after = await replica.meta();
    // As a new client, from where it was: its next pull brings back in full what the page left out.
    expect(after.clientId).not.toBe(before.clientId);
    expect(after.cursor).toBe(before.cursor);
    expect(await replica.db.table('drafts').get(row.id)).toEqual(row);
    expect(await replica.db.outbox.count()).toBe(1);
  });

  it('does not let a client clock off by a day change anything', async () => {
    const server = new MemorySyncServer();
    const day = 24 * 60 * 60 * 1000;
    const ahead = new Replica(openDb(new IDBFactory(), 'ahead'), userId, undefined, () => new Date(Date.now() + day));
    const behind = new Replica(openDb(new IDBFactory(), 'behind'), userId, undefined, () => new Date(Date.now() - day));
    const row = draft();
    // The device ahead edits first, the device behind edits last: the last to reach the server wins, whatever the clocks say.
    await ahead.mutate('saveDraft', { ...row, step: 1 });
    await syncCycle(ahead, directTransport(server));
    await behind.mutate('saveDraft', { ...row, step: 2 });
    await syncCycle(behind, directTransport(server));
    await syncCycle(ahead, directTransport(server));
    for (const replica of [ahead, behind]) expect(await replica.db.table('drafts').get(row.id)).toMatchObject({ step: 2 });
    expect(server.log.map((entry) => entry.rejection)).toEqual([null, null]);
  });

  it('drops a company at the next pull once the user is removed from its team: synced rows and what the device kept of it', async () => {
    const server = new MemorySyncServer();
    const owner = randomUUID();
    const [left, stays] = [randomUUID(), randomUUID()];
    server.addToCompany(left, owner, 'owner');
    server.addToCompany(left, userId, 'teammate');
    server.addToCompany(stays, userId, 'owner');
    const account = (companyId: string) => ({ id: randomUUID(), companyId, name: 'Checking', createdAt: '2026-11-21T10:00:00.000Z' });
    const [theirs, mine] = [account(left), account(stays)];
    await server.push(owner, {
      clientId: randomUUID(),
      protocolVersion,
      mutations: [{ id: 1, name: 'createManualAccount', args: theirs, createdAt: theirs.createdAt }],
    });
    await server.push(userId, {
      clientId: randomUUID(),
      protocolVersion,
      mutations: [{ id: 1, name: 'createManualAccount', args: mine, createdAt: mine.createdAt }],
    });

    const db = openDb();
    const replica = new Replica(db, userId);
    expect(await syncCycle(replica, directTransport(server))).toBeNull();
    expect((await db.manualAccounts.toArray()).map((row) => row.id).sort()).toEqual([theirs.id, mine.id].sort());
    // What the screens kept of both companies on this device, outside the synced tables.
    const at = '2026-11-21T10:00:00.000Z';
    for (const [position, id] of [left, stays].entries()) {
      await db.companies.put({ id, position, company: { id } as CachedCompany['company'], cachedAt: at });
      await db.pageCache.put({ key: companyPageKey(id), value: {}, cachedAt: at });
      await db.pageCache.put({ key: companyPageKey(id, 'taxDocuments'), value: [], cachedAt: at });
      await db.documentFiles.put({
        key: `companies/${id}/ein.pdf`,
        companyId: id,
        name: 'ein.pdf',
        contentType: 'application/pdf',
        file: new Blob(['%PDF']),
        savedAt: at,
      });
    }
    await db.pageCache.put({ key: 'dashboard', value: {}, cachedAt: at });
    await db.profile.put({ key: 'me', user: { companies: [left, stays] } as unknown as CachedProfile['user'], cachedAt: at });

    server.removeFromCompany(left, userId);
    expect(await syncCycle(replica, directTransport(server))).toBeNull();
    expect((await db.manualAccounts.toArray()).map((row) => row.id)).toEqual([mine.id]);
    expect((await db.companies.toArray()).map((row) => row.id)).toEqual([stays]);
    expect((await db.pageCache.toArray()).map((row) => row.key).sort()).toEqual(
      [companyPageKey(stays), companyPageKey(stays, 'taxDocuments'), 'dashboard'].sort(),
    );
    expect((await db.documentFiles.toArray()).map((row) => row.companyId)).toEqual([stays]);
    expect((await db.profile.get('me'))?.user.companies).toEqual([stays]);
  });
});
