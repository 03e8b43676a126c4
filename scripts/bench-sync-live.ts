// Sync liveness (issue 15): the time from a change on device B to it being in device A's local
// database (what every screen of A reads), p50 / p95 over 50 changes — with A's tab left
// alone, and with A's tab reloaded before each change. Two browser contexts of one user in
// headless Chromium against Alta's own server (the production build, in-memory PGlite, in
// this process). The heartbeat is 1 s here, and each change after a reload waits 1.5 s, so the
// replaced stream has woken and ended before the change (the moment issue 15's bug struck).
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { protocolVersion } from '../sync/protocol';
import { startBenchAlta } from './lib/bench-alta';

const changes = Number(process.env.BENCH_LIVE_CHANGES ?? 50);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.log(`load average before: ${load()}`);

const alta = await startBenchAlta('live', { SYNC_HEARTBEAT_MS: '1000', RATE_LIMIT_MULTIPLIER: '50' });

/** A signed-in device on the dashboard, its sync engine running. */
async function device(): Promise<Page> {
  const context = await alta.browser.newContext({ baseURL: alta.origin, serviceWorkers: 'block' });
  const page = await context.newPage();
  await alta.logIn(page);
  await page.getByRole('button', { name: 'Sync status: Saved' }).waitFor({ timeout: 60_000 });
  return page;
}

/** Resolves with the time (ms since the epoch, this machine's clock) when the draft is in the page's database. */
const arrival = (page: Page, id: string) =>
  page.evaluate(async (draftId) => {
    const name = (await indexedDB.databases()).map((database) => database.name ?? '').find((n) => /^alta-[0-9a-f-]{36}$/.test(n))!;
    const open = indexedDB.open(name);
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
    try {
      for (;;) {
        const found = await new Promise(
          (resolve) => (db.transaction('drafts').objectStore('drafts').get(draftId).onsuccess = (event) => resolve((event.target as IDBRequest).result)),
        );
        if (found) return Date.now();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      db.close();
    }
  }, id);

const deviceA = await device();
const deviceB = await device();
const clientB = randomUUID();
let nextMutation = 1;

/** One change pushed from B; its delay until A holds it, in ms. */
async function measure(): Promise<number> {
  const draft = { id: randomUUID(), kind: 'companyCreation', companyId: null, step: 1, data: { from: 'B' }, updatedAt: new Date().toISOString() };
  const arrived = arrival(deviceA, draft.id);
  const sent = Date.now();
  await deviceB.evaluate(
    (body) => fetch('/api/v1/sync/push', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    { clientId: clientB, protocolVersion, mutations: [{ id: nextMutation++, name: 'saveDraft', args: draft, createdAt: draft.updatedAt }] },
  );
  const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), 30_000));
  return (await Promise.race([arrived, timeout])) - sent;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const report = (label: string, values: number[]) => {
  const lost = values.filter((value) => !Number.isFinite(value)).length;
  console.log(
    `${label}: p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms over ${values.length} changes${lost ? ` (${lost} not arrived within 30 s)` : ''}`,
  );
};

try {
  const steady: number[] = [];
  for (let i = 0; i < changes; i++) steady.push(await measure());
  report('B → A, A left alone', steady);

  const reloaded: number[] = [];
  for (let i = 0; i < changes; i++) {
    await deviceA.reload();
    await deviceA.getByRole('button', { name: 'Sync status: Saved' }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    reloaded.push(await measure());
  }
  report('B → A, A reloaded before each change', reloaded);
} finally {
  await alta.close();
}
console.log(`load average after: ${load()}`);
