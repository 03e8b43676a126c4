// Sync engine benchmarks in headless Chromium against a real Alta server (embedded PGlite,
// in this process): the initial pull of 50,000 transactions into Dexie — end to end, the
// fetch alone and the Dexie side alone — next to a raw Dexie bulkPut of the same rows in the
// same run; then draining 10,000 queued mutations. Builds its page (tests/bench/sync.html).
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { build } from 'vite';
import { categoryKeys } from '../domain/bookkeeping';
import { pullPageSize, pushBatchMax } from '../sync/protocol';
import { createApp } from '../server/app';
import { hashPassword } from '../server/auth/passwords';
import { openDatabase } from '../server/db/client';
import { insertUser } from '../server/db/queries/users';
import { transactions } from '../server/db/schema/bookkeeping';
import { parseEnv } from '../server/env';

const rowCount = Number(process.env.BENCH_SYNC_ROWS ?? 50_000);
// Other work on the machine skews every figure: print the load next to them.
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.log(`load average before: ${load()}`);
const mutationCount = Number(process.env.BENCH_SYNC_MUTATIONS ?? 10_000);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist/bench-sync');
const alias = Object.fromEntries(['domain', 'sync', 'workers', 'server', 'src'].map((folder) => [`@${folder}`, path.join(root, folder)]));

await build({
  configFile: false,
  root: path.join(root, 'tests/bench'),
  base: '/bench/',
  logLevel: 'warn',
  resolve: { alias },
  build: { outDir, emptyOutDir: true, rollupOptions: { input: path.join(root, 'tests/bench/sync.html') } },
});

// The server: Alta's own app on an in-memory database, seeded with one owner, one company and its transactions.
const env = parseEnv({ NODE_ENV: 'test', LOG_REQUESTS: '0', PORT: '0' });
const database = await openDatabase({ dataDir: null });
const now = () => new Date();
const app = createApp({ env, database, mailer: { send: async () => {} }, now }, { clientRoot: '/nonexistent' });
const account = { email: `bench-${Date.now()}@alta.test`, password: 'Bench#2026' };
const user = await insertUser(database.db, {
  email: account.email,
  firstName: 'Bench',
  lastName: 'Owner',
  language: 'en',
  passwordHash: await hashPassword(account.password),
  now: now(),
});
const companyId = randomUUID();
await database.db.execute(sql`insert into companies (id, owner_id, type, name_option_1) values (${companyId}, ${user!.id}, 'LLC', 'Bench LLC')`);
const seedStart = performance.now();
const categories = [...categoryKeys.slice(0, 5), null];
for (let start = 0; start < rowCount; start += 1000) {
  const chunk = Array.from({ length: Math.min(1000, rowCount - start) }, (_, offset) => {
    const i = start + offset;
    const day = new Date(Date.UTC(2025, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10);
    return {
      id: randomUUID(),
      companyId,
      date: day,
      description: `CARD PURCHASE ${i} ONLINE MERCHANT REF ${String(i).padStart(8, '0')}`,
      amountCents: ((i * 7919) % 200_000) - 150_000,
      accountKind: null,
      accountId: null,
      category: categories[i % categories.length]!,
      merchant: i % 3 === 0 ? 'Amazon Web Services' : null,
      note: '',
      checked: i % 4 === 0,
      receipt: null,
      blocked: false,
      importId: null,
      createdAt: '2026-01-02T10:00:00.000Z',
      updatedAt: '2026-01-02T10:00:00.000Z',
    };
  });
  await database.db.insert(transactions).values(chunk);
}
console.log(`seeded ${rowCount.toLocaleString('en-US')} transactions in ${Math.round(performance.now() - seedStart)} ms`);

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.map': 'application/json' };
const server = serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: (request) => {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith('/bench/')) return app.fetch(request);
    const file = path.join(outDir, decodeURIComponent(pathname.slice('/bench/'.length)));
    if (!file.startsWith(outDir) || !existsSync(file) || !statSync(file).isFile()) return new Response('not found', { status: 404 });
    return new Response(readFileSync(file), { headers: { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' } });
  },
});
await new Promise((resolve) => server.once('listening', resolve));
const { port } = server.address() as { port: number };
// The origin check compares the Origin header with APP_URL, which the port decides.
env.APP_URL = `http://127.0.0.1:${port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') console.error('page:', message.text());
  });
  // BENCH_CPU_PROFILE=<prefix>: the page's CPU profile of the end-to-end pull, its apply alone, the
  // burst and the drain (console.profile around each) into <prefix>-pull.cpuprofile, -apply, -burst
  // and -drain.
  const profilePrefix = process.env.BENCH_CPU_PROFILE;
  if (profilePrefix) {
    const session = await page.context().newCDPSession(page);
    session.on('Profiler.consoleProfileFinished', ({ title, profile }) => writeFileSync(`${profilePrefix}-${title}.cpuprofile`, JSON.stringify(profile)));
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 250 });
  }
  await page.goto(`http://127.0.0.1:${port}/bench/sync.html`);
  await page.waitForFunction(() => document.getElementById('state')?.textContent === 'ready');
  const { pull, drain } = (await page.evaluate(([credentials, count]) => window.runSyncBench(credentials, count), [account, mutationCount] as const)) as {
    pull: {
      rows: number;
      pages: number;
      failure: unknown;
      endToEndMs: number;
      fetchOnlyMs: number;
      applyOnlyMs: number;
      rawBulkPutMs: number;
      rawChunkedMs: number;
    };
    drain: {
      count: number;
      oneByOne: number;
      oneByOneMs: number;
      burst: number;
      queueMs: number;
      drainMs: number;
      pushMs: number;
      pullMs: number;
      pending: number;
      rejected: number;
      failure: unknown;
    };
  };
  const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000).toLocaleString('en-US');
  console.log(
    `initial pull: ${pull.rows.toLocaleString('en-US')} transactions in ${pull.pages} pages of up to ${pullPageSize}${pull.failure ? `, failure ${JSON.stringify(pull.failure)}` : ''}`,
  );
  console.table([
    { step: 'initial pull, end to end (HTTP + server + rebase + Dexie)', ms: pull.endToEndMs, 'rows/s': perSecond(pull.rows, pull.endToEndMs) },
    { step: 'the same pages fetched only (HTTP + server + JSON)', ms: pull.fetchOnlyMs, 'rows/s': perSecond(pull.rows, pull.fetchOnlyMs) },
    { step: 'the same pages applied only (Dexie side of the pull)', ms: pull.applyOnlyMs, 'rows/s': perSecond(pull.rows, pull.applyOnlyMs) },
    { step: 'raw Dexie bulkPut of the same rows, one transaction', ms: pull.rawBulkPutMs, 'rows/s': perSecond(pull.rows, pull.rawBulkPutMs) },
    { step: 'raw Dexie bulkPut of the same rows, 1,000 per transaction', ms: pull.rawChunkedMs, 'rows/s': perSecond(pull.rows, pull.rawChunkedMs) },
  ]);
  console.log(
    `queued mutations: ${drain.count.toLocaleString('en-US')} setTransactionNote (${drain.pending} left pending, ${drain.rejected} rejected${drain.failure ? `, failure ${JSON.stringify(drain.failure)}` : ''})`,
  );
  console.table([
    {
      step: `queue ${drain.oneByOne.toLocaleString('en-US')} one at a time, each awaited (optimistic write + outbox, a transaction each)`,
      ms: drain.oneByOneMs,
      'mutations/s': perSecond(drain.oneByOne, drain.oneByOneMs),
    },
    {
      step: `queue ${drain.burst.toLocaleString('en-US')} asked for together (one transaction per burst, an outbox entry each)`,
      ms: drain.queueMs,
      'mutations/s': perSecond(drain.burst, drain.queueMs),
    },
    {
      step: `drain (push in batches of ${pushBatchMax}, server applies, pull + rebase)`,
      ms: drain.drainMs,
      'mutations/s': perSecond(drain.count, drain.drainMs),
    },
    { step: '… of which the pushes (HTTP + server)', ms: drain.pushMs, 'mutations/s': perSecond(drain.count, drain.pushMs) },
    { step: '… of which the pulls (HTTP + server + rebase)', ms: drain.pullMs, 'mutations/s': perSecond(drain.count, drain.pullMs) },
  ]);
  console.log(`load average after: ${load()}`);
} finally {
  await browser.close();
  server.close();
  await database.close();
}
