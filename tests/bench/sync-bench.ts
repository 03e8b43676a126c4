import Dexie from 'dexie';
import type { PullResponse } from '@sync/protocol';
import { syncCycle } from '@sync/client/cycle';
import { AppDB } from '@sync/client/db';
import { Replica } from '@sync/client/replica';
import { createHttpTransport, type SyncTransport } from '@sync/client/transport';

/**
 * The page `scripts/bench-sync.ts` drives in headless Chromium against a real Alta server:
 * the initial pull of the seeded transactions into Dexie (end to end, and the Dexie side
 * alone), next to a raw Dexie bulkPut of the same rows; then draining queued mutations.
 */

const ms = (start: number) => Math.round(performance.now() - start);

async function freshDatabase(userId: string): Promise<AppDB> {
  await Dexie.delete(`alta-${userId}`);
  return new AppDB(userId);
}

async function runPullBench(userId: string) {
  const transport = createHttpTransport();

  // 1. End to end: the engine's sync cycle over HTTP, every page applied (rebase and all).
  const db = await freshDatabase(userId);
  // Opened (and its tables created) before the clock starts, as the apply-only run's database is
  // by its first fetch: the comparison is the pull against its own apply, not a database's creation.
  await db.open();
  const replica = new Replica(db, userId);
  console.profile('pull');
  let start = performance.now();
  const failure = await syncCycle(replica, transport);
  const endToEndMs = ms(start);
  console.profileEnd('pull');
  const rows = await db.table('transactions').toArray();
  db.close();

  // 2. The same pages fetched first, then applied: the Dexie side of the pull alone.
  const pages: { request: Parameters<Replica['applyPull']>[0]; response: PullResponse }[] = [];
  const fetching = await freshDatabase(userId);
  const fetcher = new Replica(fetching, userId);
  let request = await fetcher.nextPull();
  start = performance.now();
  for (;;) {
    const result = await transport.pull(request);
    if (!result.ok) throw new Error(JSON.stringify(result.failure));
    pages.push({ request, response: result.value });
    if (!result.value.hasMore) break;
    request = { ...request, cursor: result.value.cursor };
  }
  const fetchOnlyMs = ms(start);
  const applying = new Replica(fetching, userId);
  console.profile('apply');
  start = performance.now();
  for (const page of pages) {
    const outcome = await applying.applyPull(page.request, page.response);
    if (outcome !== 'applied') throw new Error('stale page');
  }
  const applyOnlyMs = ms(start);
  console.profileEnd('apply');
  fetching.close();

  // 3. Raw Dexie: the same rows in one bulkPut, and in page-sized bulkPuts.
  const raw = await freshDatabase(userId);
  start = performance.now();
  await raw.table('transactions').bulkPut(rows);
  const rawBulkPutMs = ms(start);
  await raw.table('transactions').clear();
  start = performance.now();
  for (let i = 0; i < rows.length; i += 1000)
    await raw.transaction('rw', raw.table('transactions'), () => raw.table('transactions').bulkPut(rows.slice(i, i + 1000)));
  const rawChunkedMs = ms(start);
  raw.close();

  return { rows: rows.length, pages: pages.length, failure, endToEndMs, fetchOnlyMs, applyOnlyMs, rawBulkPutMs, rawChunkedMs };
}

/** Mutations queued one at a time before the burst (and drained with it). */
const oneByOne = 1000;

async function runDrainBench(userId: string, count: number) {
  const db = await freshDatabase(userId);
  const replica = new Replica(db, userId);
  const transport = createHttpTransport();
  const pulled = await syncCycle(replica, transport);
  if (pulled) throw new Error(JSON.stringify(pulled));
  const ids = (await db.table('transactions').limit(count).primaryKeys()) as string[];

  const note = (i: number) => ({ id: ids[i % ids.length]!, note: `Checked in bench ${i}`, updatedAt: new Date().toISOString() });
  // Queue, one at a time: each change awaited before the next is asked for, so each is its own transaction.
  let start = performance.now();
  for (let i = 0; i < oneByOne; i++) await replica.mutate('setTransactionNote', note(i));
  const oneByOneMs = ms(start);
  // Queue, as a burst (a bulk action, a screen's changes of one frame): asked for together, they
  // share transactions (Replica.mutate); each is still its own outbox entry.
  console.profile('burst');
  start = performance.now();
  await Promise.all(Array.from({ length: count }, (_, i) => replica.mutate('setTransactionNote', note(oneByOne + i))));
  const queueMs = ms(start);
  console.profileEnd('burst');

  // Drain: push every batch in order, then pull (and rebase) until nothing is pending.
  const spent = { push: 0, pull: 0 };
  const timed: SyncTransport = {
    push: async (push) => {
      const at = performance.now();
      const result = await transport.push(push);
      spent.push += performance.now() - at;
      return result;
    },
    pull: async (pull) => {
      const at = performance.now();
      const result = await transport.pull(pull);
      spent.pull += performance.now() - at;
      return result;
    },
  };
  console.profile('drain');
  start = performance.now();
  const failure = await syncCycle(replica, timed);
  const drainMs = ms(start);
  console.profileEnd('drain');
  // The rebase runs between the pull's answer and the next request: count it with the pulls.
  const pullMs = drainMs - Math.round(spent.push);
  const pending = await db.outbox.count();
  const rejected = await db.rejectedChanges.count();
  db.close();
  return { count: count + oneByOne, oneByOne, oneByOneMs, burst: count, queueMs, drainMs, pushMs: Math.round(spent.push), pullMs, pending, rejected, failure };
}

async function logIn(email: string, password: string) {
  const response = await fetch('/api/v1/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!response.ok) throw new Error(`login: ${response.status}`);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

declare global {
  interface Window {
    runSyncBench(account: { email: string; password: string }, mutations: number): Promise<unknown>;
  }
}

window.runSyncBench = async ({ email, password }, mutations) => {
  const userId = await logIn(email, password);
  const pull = await runPullBench(userId);
  const drain = await runDrainBench(userId, mutations);
  return { pull, drain };
};
document.getElementById('state')!.textContent = 'ready';
