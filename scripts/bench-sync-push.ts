// The server's side of a drain, without a browser: 10,000 `setTransactionNote` pushed over
// loopback HTTP in batches of 500 (as a device drains its outbox), applied by Alta's own app,
// while another user asks GET /api/v1/users/me every 50 ms. Embedded PGlite by default;
// BENCH_DATABASE_URL=postgres://… measures on a temporary PostgreSQL database. Prints the
// mutations per second and the other user's latency; never fails a build.
import { randomUUID } from 'node:crypto';
import { testTransaction } from '../domain/transaction-fixture';
import { pushBatchMax } from '../sync/protocol';
import { transactions } from '../server/db/schema/bookkeeping';
import { cpuMeter, latencySummary, loadAverage, startBenchApi } from './lib/bench-api';

const mutationCount = Number(process.env.BENCH_SYNC_MUTATIONS ?? 10_000);
const rowCount = 10_000;
const at = '2026-11-22T10:00:00.000Z';
console.log(`load average before: ${loadAverage()}`);

const { database, base, account, company, close } = await startBenchApi();

const owner = await account('Owner');
const other = await account('Other');
const companyId = await company(owner.id);
const ids = Array.from({ length: rowCount }, () => randomUUID());
for (let start = 0; start < rowCount; start += 1000) {
  await database.db.insert(transactions).values(
    ids.slice(start, start + 1000).map((id, offset) =>
      testTransaction({
        id,
        companyId,
        date: '2025-03-01',
        description: `CARD PURCHASE ${start + offset}`,
        amountCents: -(start + offset),
        createdAt: at,
        updatedAt: at,
      }),
    ),
  );
}

const clientId = randomUUID();
async function push(body: string) {
  for (;;) {
    const response = await fetch(`${base}/sync/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: owner.cookie },
      body,
    });
    if (response.status === 429 || response.status === 503) {
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
      continue;
    }
    if (!response.ok) throw new Error(`push: ${response.status} ${await response.text()}`);
    const answer = (await response.json()) as { lastMutationId: number; rejections: unknown[] };
    if (answer.rejections.length > 0) throw new Error(`push: ${answer.rejections.length} rejections`);
    return answer.lastMutationId;
  }
}

// The device's side of every push is prepared before the clock starts: on a real device it is
// another machine's work, here it would share the server's thread.
const bodies: string[] = [];
for (let first = 1; first <= mutationCount; first += pushBatchMax) {
  const batch = Array.from({ length: Math.min(pushBatchMax, mutationCount - first + 1) }, (_, offset) => {
    const id = first + offset;
    return { id, name: 'setTransactionNote', args: { id: ids[id % rowCount], note: `Checked in bench ${id}`, updatedAt: at }, createdAt: at };
  });
  bodies.push(JSON.stringify({ clientId, protocolVersion: 1, mutations: batch }));
}

/** GET /users/me of the other user every 50 ms while `going()`, each latency counted from when it was due. */
async function probe(going: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (going()) {
    const due = performance.now() + 50;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await fetch(`${base}/users/me`, { headers: { cookie: other.cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`users/me: ${response.status}`);
    latencies.push(performance.now() - due);
  }
  return latencies;
}
const summary = latencySummary;

const quietUntil = performance.now() + 2_000;
console.log(`GET /users/me with no push: ${summary(await probe(() => performance.now() < quietUntil))}`);

let pushing = true;
const prober = probe(() => pushing);
const started = performance.now();
const cpu = cpuMeter();
for (const body of bodies) await push(body);
const seconds = (performance.now() - started) / 1000;
const cpuMs = cpu();
pushing = false;
const during = await prober;
console.log(
  `pushed ${mutationCount.toLocaleString('en')} setTransactionNote in batches of ${pushBatchMax}: ${seconds.toFixed(2)} s (${Math.round(mutationCount / seconds)} mutations/s)`,
);
console.log(`GET /users/me of another user meanwhile: ${summary(during)}`);
console.log(`CPU of this process (server and bench) meanwhile: ${Math.round(cpuMs)} ms, ${((cpuMs * 1000) / mutationCount).toFixed(1)} ms per 1,000 mutations`);
console.log(`load average after: ${loadAverage()}`);
await close();
