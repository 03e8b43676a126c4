// While one user's 30,000-line import is pushed (as the device does: importTransactions
// mutations of 1,000 lines, five to a push, pushes back to back, honouring Retry-After), another
// user asks GET /api/v1/users/me every 50 ms over loopback HTTP. Prints that user's latency
// (p50, p99, max), the server thread's event-loop delay meanwhile, and how long the import
// took. BENCH_DISCARDED_LINES=n first imports n lines into the company and takes them back, as
// after a wrong file: the timed import then meets n tombstones in its scope. Embedded PGlite by
// default (the case where one transaction used to stall every request);
// BENCH_DATABASE_URL=postgres://… measures on a temporary PostgreSQL database. Never fails a build.
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { cpuMeter, latencySummary, loadAverage, startBenchApi } from './lib/bench-api';

const lines = Number(process.env.BENCH_IMPORT_LINES ?? 30_000);
const perMutation = 1_000;
const perPush = 5;
const at = '2026-11-22T10:00:00.000Z';
console.log(`load average before: ${loadAverage()}`);

const { base, account, company, close } = await startBenchApi();

const importer = await account('Importer');
const other = await account('Other');
const companyId = await company(importer.id);

const clientId = randomUUID();
let nextId = 1;
const mutation = (name: string, args: unknown) => ({ id: nextId++, name, args, createdAt: at });
const bodyOf = (mutations: ReturnType<typeof mutation>[]) => JSON.stringify({ clientId, protocolVersion: 1, mutations });
async function push(body: string) {
  for (;;) {
    const response = await fetch(`${base}/sync/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: importer.cookie },
      body,
    });
    if (response.status === 429 || response.status === 503) {
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
      continue;
    }
    if (!response.ok) throw new Error(`push: ${response.status} ${await response.text()}`);
    return;
  }
}

const accountId = randomUUID();
await push(bodyOf([mutation('createManualAccount', { id: accountId, companyId, name: 'Chase', createdAt: at })]));

/**
 * The pushes of an import of `count` lines, as the device sends them. The device's side of
 * every push is prepared before the clock starts: on a real device it is another machine's
 * work, here it would share the server's thread and count as its latency.
 */
async function importPushes(count: number): Promise<{ importId: string; bodies: string[] }> {
  const importId = randomUUID();
  await push(
    bodyOf([
      mutation('createBatchImport', { id: importId, companyId, accountKind: 'manual', accountId, fileName: 'bench.csv', fileSize: count * 80, createdAt: at }),
    ]),
  );
  const chunks = Array.from({ length: Math.ceil(count / perMutation) }, (_, chunk) =>
    Array.from({ length: Math.min(perMutation, count - chunk * perMutation) }, (_, offset) => {
      const i = chunk * perMutation + offset;
      return {
        id: randomUUID(),
        date: '2026-02-01',
        description: `CARD PURCHASE ${i} ONLINE MERCHANT REF ${String(i).padStart(8, '0')}`,
        amountCents: -i,
        category: null,
        merchant: null,
      };
    }),
  );
  let processed = 0;
  const bodies: string[] = [];
  for (let first = 0; first < chunks.length; first += perPush) {
    bodies.push(
      bodyOf(
        chunks.slice(first, first + perPush).map((rows) => {
          processed += rows.length;
          return mutation('importTransactions', { importId, processedCount: processed, updatedAt: at, rows });
        }),
      ),
    );
  }
  return { importId, bodies };
}

const discarded = Number(process.env.BENCH_DISCARDED_LINES ?? 0);
if (discarded > 0) {
  const earlier = await importPushes(discarded);
  for (const body of earlier.bodies) await push(body);
  await push(bodyOf([mutation('discardBatchImport', { id: earlier.importId })]));
  console.log(`before it: an import of ${discarded.toLocaleString('en')} lines, taken back`);
}
const { bodies } = await importPushes(lines);

/** GET /users/me of the other user every 50 ms while `going()`, each latency counted from when it was due (a blocked event loop delays the start as well). */
let failures = 0;
async function probe(going: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (going()) {
    const due = performance.now() + 50;
    await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      const response = await fetch(`${base}/users/me`, { headers: { cookie: other.cookie } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`users/me: ${response.status}`);
      latencies.push(performance.now() - due);
    } catch {
      // A connection the stalled server dropped: counted apart, not as a latency.
      failures++;
    }
  }
  return latencies;
}
const summary = latencySummary;

// The same probe on an idle server first: the machine's own latency, to read the rest against.
const quietUntil = performance.now() + 3_000;
console.log(`GET /users/me with no import: ${summary(await probe(() => performance.now() < quietUntil))}`);

let importing = true;
const prober = probe(() => importing);

// How long the server's thread was held at a time: what a request waits for before it is even read.
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
const started = performance.now();
const cpu = cpuMeter();
for (const body of bodies) await push(body);
const importSeconds = (performance.now() - started) / 1000;
const cpuMs = cpu();
importing = false;
loopDelay.disable();
const during = await prober;
console.log(`import of ${lines.toLocaleString('en')} lines: ${importSeconds.toFixed(1)} s (${Math.round(lines / importSeconds)} lines/s)`);
console.log(`GET /users/me of another user during it: ${summary(during)}; failed requests: ${failures}`);
const ms = (nanoseconds: number) => `${(nanoseconds / 1e6).toFixed(1)} ms`;
console.log(`event loop delay during it: p50 ${ms(loopDelay.percentile(50))}, p99 ${ms(loopDelay.percentile(99))}, max ${ms(loopDelay.max)}`);
console.log(`CPU of this process (server and bench) during it: ${Math.round(cpuMs)} ms, ${((cpuMs * 1000) / lines).toFixed(1)} ms per 1,000 lines`);
console.log(`load average after: ${loadAverage()}`);
await close();
