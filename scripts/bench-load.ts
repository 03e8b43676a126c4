// Load and recovery on PostgreSQL (issue 9 §6): two Alta processes on one temporary PostgreSQL
// database, 200 simulated people for 60 s each mixing logins, GET /users/me, pulls, pushes of
// 1–50 mutations, an import, receipt uploads and checkouts, over loopback only. Prints
// throughput, p50/p99 and errors per operation, and checks that every acknowledged mutation is
// stored exactly once. The run is repeated with one instance killed (SIGKILL) a third of the way
// in: its people fail over to the other instance. Measures; never fails a build.
// Where the CPU went: each process's CPU time during the run (the two instances, the database's
// backends serving this run's database, this load generator), and each operation's CPU cost
// measured alone afterwards (instances and database together) times how often it ran.
// BENCH_DATABASE_URL (default: the local PostgreSQL), BENCH_LOAD_USERS, BENCH_LOAD_SECONDS.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { PresignedUpload } from '@domain/files';
import { uploadFile } from '@sync/client/uploads';
import { protocolVersion } from '@sync/protocol';
import { hashPassword } from '../server/auth/passwords';
import { openDatabase } from '../server/db/client';
import { insertTestCompany } from '../server/sync/test-fixtures';
import { bookkeepingDevice, FailoverClient, startAltaProcess, verifyExactlyOnce, type AltaProcess } from '../server/test/instances';
import { orderBody } from '../server/test/orders-fixtures';
import { temporaryPostgres } from '../tests/bench/temporary-postgres';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const userCount = Number(process.env.BENCH_LOAD_USERS ?? 200);
const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const password = 'Bench#2026';
const at = '2026-11-22T10:00:00.000Z';
const ports = [3291, 3292];
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** CPU time (user + system) a process has used so far, in ms; 0 once it is gone. Linux counts it in ticks of 1/100 s. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * The CPU this run's processes use: the instances, this process, and the PostgreSQL backends
 * serving this run's database (other databases' are not counted). Backends come and go with the
 * pools' connections, so their pids are sampled every half second and each keeps the most it
 * was seen to have used.
 */
function cpuMeter() {
  const backends = new Map<number, number>();
  const sample = async () => {
    const { rows } = (await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)) as {
      rows: { pid: number }[];
    };
    for (const { pid } of rows) backends.set(pid, Math.max(backends.get(pid) ?? 0, cpuMs(pid)));
  };
  const instanceCpu = () => instances.map((instance) => (instance.child.pid ? cpuMs(instance.child.pid) : 0));
  const start = { instances: instanceCpu(), self: process.cpuUsage(), backends: new Map<number, number>() };
  const sampling = setInterval(() => void sample(), 500);
  const ready = sample().then(() => {
    for (const [pid, used] of backends) start.backends.set(pid, used);
  });
  return {
    ready,
    /** CPU ms used since the meter started, per process. An instance killed meanwhile counts up to its last sample. */
    async stop(lastSeen: number[]) {
      clearInterval(sampling);
      await sample();
      const self = process.cpuUsage(start.self);
      let database = 0;
      for (const [pid, used] of backends) database += used - (start.backends.get(pid) ?? 0);
      return { instances: lastSeen.map((used, n) => used - start.instances[n]!), database, generator: (self.user + self.system) / 1000 };
    },
    instanceCpu,
  };
}

const temporary = await temporaryPostgres(databaseUrl);
const dataDir = await mkdtemp(path.join(tmpdir(), 'alta-load-'));
const database = await openDatabase({ databaseUrl: temporary.url, dataDir: null });
// Both instances share the secret (a session from one works on the other) and the upload folder.
const env = { DATABASE_URL: temporary.url, SESSION_SECRET: randomBytes(32).toString('hex'), DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '1000' };
let instances: AltaProcess[] = [];
const startInstances = () => Promise.all(ports.map((port) => startAltaProcess(port, { ...env, APP_URL: `http://127.0.0.1:${port}` })));

type Operation = 'login' | 'me' | 'pull' | 'push' | 'import' | 'upload' | 'checkout';
const weights: [Operation, number][] = [
  ['me', 35],
  ['pull', 20],
  ['push', 27],
  ['login', 3],
  ['upload', 6],
  ['checkout', 6],
  ['import', 3],
];
const pick = (): Operation => {
  let roll = Math.random() * 100;
  for (const [operation, weight] of weights) if ((roll -= weight) < 0) return operation;
  return 'me';
};

interface Stats {
  latencies: Map<Operation, number[]>;
  errors: Map<Operation, string[]>;
}

async function person(index: number, bases: string[], passwordHash: string) {
  const email = `load-${index}-${randomUUID()}@alta.test`;
  const userId = randomUUID();
  await database.db.execute(
    sql`insert into users (id, email, first_name, last_name, password_hash, language) values (${userId}, ${email}, 'Load', ${`Person ${index}`}, ${passwordHash}, 'en')`,
  );
  const companyId = await insertTestCompany(database.db, userId);
  const client = new FailoverClient(bases, '', index);
  return {
    index,
    email,
    userId,
    companyId,
    client,
    device: bookkeepingDevice(client, companyId),
    cursor: null as string | null,
    imported: false,
    paidOrders: [] as string[],
  };
}
type Person = Awaited<ReturnType<typeof person>>;

async function expectOk(response: Response, what: string) {
  if (!response.ok) throw new Error(`${what} ${response.status} ${(await response.text()).slice(0, 120)}`);
  return response;
}

async function login(someone: Person) {
  const response = await expectOk(await someone.client.request('/login', { method: 'POST', json: { email: someone.email, password } }), 'login');
  someone.client.cookies = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

const pdf = Buffer.from('%PDF-1.4\n% receipt of the load benchmark\n'.padEnd(2048, ' '));

/** One operation of one person, through the failover client. */
async function run(someone: Person, operation: Operation): Promise<void> {
  const { client } = someone;
  switch (operation) {
    case 'login':
      return login(someone);
    case 'me':
      await (await expectOk(await client.request('/users/me'), 'me')).arrayBuffer();
      return;
    case 'pull': {
      const response = await expectOk(
        await client.request('/sync/pull', {
          method: 'POST',
          json: { clientId: someone.device.clientId, protocolVersion, cursor: someone.cursor, lastMutationId: 0 },
        }),
        'pull',
      );
      someone.cursor = ((await response.json()) as { cursor: string }).cursor;
      return;
    }
    case 'push':
      return someone.device.push(1 + Math.floor(Math.random() * 50), at);
    case 'import': {
      // One import per person per run (the import cooldown): 1,000 lines in one push.
      someone.imported = true;
      const importId = randomUUID();
      const accountId = randomUUID();
      const rows = Array.from({ length: 1_000 }, (_, line) => ({
        id: randomUUID(),
        date: '2026-03-01',
        description: `Card ${line} ${importId}`,
        amountCents: -line - 1,
        category: null,
        merchant: null,
      }));
      const mutations = [
        { id: 1, name: 'createManualAccount', args: { id: accountId, companyId: someone.companyId, name: 'Import', createdAt: at }, createdAt: at },
        {
          id: 2,
          name: 'createBatchImport',
          args: { id: importId, companyId: someone.companyId, accountKind: 'manual', accountId, fileName: 'bank.csv', fileSize: 80_000, createdAt: at },
          createdAt: at,
        },
        { id: 3, name: 'importTransactions', args: { importId, processedCount: rows.length, updatedAt: at, rows }, createdAt: at },
      ];
      // Its own device (client id), so the exactly-once check of the person's device stays exact.
      const response = await expectOk(
        await client.request('/sync/push', { method: 'POST', json: { clientId: randomUUID(), protocolVersion, mutations } }),
        'import',
      );
      const result = (await response.json()) as { lastMutationId: number; rejections: unknown[] };
      if (result.lastMutationId !== 3 || result.rejections.length > 0) throw new Error(`import ${JSON.stringify(result)}`);
      return;
    }
    case 'upload': {
      // The app's own steps (presign → PUT → complete) through the failover client: a PUT retried
      // on the other instance after the first one stored the file goes on to complete it.
      const outcome = await uploadFile({
        id: randomUUID(),
        file: new Blob([pdf]),
        declare: async () => {
          const json = { uploadType: 'transactionReceipt', companyId: someone.companyId, fileName: 'receipt.pdf', size: pdf.length };
          return (await (await expectOk(await client.request('/uploads', { method: 'POST', json }), 'presign')).json()) as PresignedUpload;
        },
        complete: async (key) =>
          void (await (await expectOk(await client.request('/uploads/complete', { method: 'POST', json: { key } }), 'complete')).arrayBuffer()),
        // The local storage simulator is served by every instance: the PUT goes where the person's requests go.
        fetch: (url, init) => {
          const target = new URL(url instanceof Request ? url.url : url);
          // uploadFile sends the presigned headers (a record) and the file (a Blob).
          return client.request(target.pathname.replace('/api/v1', '') + target.search, {
            method: init?.method,
            headers: init?.headers as Record<string, string>,
            body: init?.body as Blob,
          });
        },
      });
      if (outcome.kind !== 'done') throw new Error(`upload ${JSON.stringify(outcome)}`);
      return;
    }
    case 'checkout': {
      const placed = await expectOk(await client.request('/orders', { method: 'POST', json: orderBody({ email: someone.email }) }), 'order');
      const order = (await placed.json()) as { orderId: string; amount: number; checkoutToken: string };
      // One key for the attempt, kept until a final answer, as the checkout page keeps it. An
      // attempt whose instance died mid-payment answers 409 payment_in_progress until the
      // survivor takes it over (staleAttemptMs); the page waits and pays again with the same key.
      const idempotencyKey = randomUUID();
      const pay = () =>
        client.request(`/checkout/${order.orderId}/pay`, {
          method: 'POST',
          headers: { 'idempotency-key': idempotencyKey, 'x-checkout-token': order.checkoutToken },
          json: {
            amount: order.amount,
            country: 'AR',
            paymentMethod: { type: 'card', cardNumber: '4242424242424242', holderName: 'Load Person', expiry: '12/34', cvc: '123', postalCode: 'C1043' },
          },
        });
      let paid = await pay();
      while (paid.status === 409 && ((await paid.clone().json()) as { code?: string }).code === 'payment_in_progress') {
        await sleep(1_000);
        paid = await pay();
      }
      await (await expectOk(paid, 'pay')).arrayBuffer();
      someone.paidOrders.push(order.orderId);
      return;
    }
  }
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);

async function loadRun(title: string, killAfterMs: number | null) {
  const bases = instances.map((instance) => instance.url);
  const passwordHash = await hashPassword(password);
  const people = await Promise.all(Array.from({ length: userCount }, (_, index) => person(index, bases, passwordHash)));
  for (let first = 0; first < people.length; first += 10) await Promise.all(people.slice(first, first + 10).map(login));
  const stats: Stats = { latencies: new Map(), errors: new Map() };
  const meter = cpuMeter();
  await meter.ready;
  // A killed instance's CPU can no longer be read: the last reading before the kill stands for it.
  let instanceCpu = meter.instanceCpu();
  const reading = setInterval(() => {
    instanceCpu = meter.instanceCpu().map((used, n) => Math.max(used, instanceCpu[n]!));
  }, 250);
  const started = performance.now();
  const until = started + seconds * 1000;
  let killedAt: number | null = null;
  const killer =
    killAfterMs === null
      ? null
      : sleep(killAfterMs).then(() => {
          instances[1]!.kill();
          killedAt = (performance.now() - started) / 1000;
        });
  await Promise.all(
    people.map(async (someone) => {
      while (performance.now() < until) {
        await sleep(50 + Math.random() * 200);
        // A person's second import is a push, and counts as one.
        const picked = pick();
        const operation = picked === 'import' && someone.imported ? 'push' : picked;
        const begun = performance.now();
        try {
          await run(someone, operation);
          (stats.latencies.get(operation) ?? stats.latencies.set(operation, []).get(operation)!).push(performance.now() - begun);
        } catch (error) {
          (stats.errors.get(operation) ?? stats.errors.set(operation, []).get(operation)!).push(String(error).slice(0, 160));
        }
      }
    }),
  );
  await killer;
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(reading);
  const cpu = await meter.stop(meter.instanceCpu().map((used, n) => Math.max(used, instanceCpu[n]!)));
  const outcome = await verifyExactlyOnce(
    database.db,
    people.map((someone) => someone.device.expected()),
  );
  // Checkouts answered paid: each order paid, with exactly one successful payment.
  const paidOrders = people.flatMap((someone) => someone.paidOrders);
  const { rows: payments } = (await database.db.execute(
    sql`select count(*) filter (where o.status = 'paid')::int as paid, count(*) filter (where (select count(*) from payments p where p.order_id = o.id and p.status = 'succeeded') > 1)::int as twice
        from orders o where o.id = any(${`{${paidOrders.join(',')}}`}::uuid[])`,
  )) as { rows: { paid: number; twice: number }[] };
  const rejected = people.reduce((sum, someone) => sum + someone.device.rejections.length, 0);
  const failovers = people.reduce((sum, someone) => sum + someone.client.failovers, 0);

  console.log(
    `\n${title}: ${userCount} people, ${elapsed.toFixed(0)} s, load average ${load()}${killedAt === null ? '' : `, instance 2 killed (SIGKILL) at ${(killedAt as number).toFixed(1)} s`}`,
  );
  console.log(`${'operation'.padEnd(11)}${'count'.padStart(7)}${'per s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}`);
  let total = 0;
  let errors = 0;
  for (const [operation] of weights) {
    const sorted = [...(stats.latencies.get(operation) ?? [])].sort((a, b) => a - b);
    const failed = stats.errors.get(operation)?.length ?? 0;
    total += sorted.length;
    errors += failed;
    console.log(
      `${operation.padEnd(11)}${String(sorted.length).padStart(7)}${(sorted.length / elapsed).toFixed(1).padStart(8)}${percentile(sorted, 50).toFixed(0).padStart(9)}${percentile(sorted, 99).toFixed(0).padStart(9)}${String(failed).padStart(8)}`,
    );
  }
  console.log(
    `all${String(total).padStart(15)}${(total / elapsed).toFixed(1).padStart(8)} operations/s, ${errors} errors, ${failovers} requests failed over to the other instance`,
  );
  const firstErrors = [...stats.errors.values()].flat().slice(0, 3);
  if (firstErrors.length) console.log(`first errors: ${firstErrors.join(' | ')}`);
  console.log(
    `exactly once: ${outcome.mutations} acknowledged mutations, ${outcome.lost} lost, ${outcome.doubled} doubled, ${outcome.wrong} wrong, ${rejected} rejected`,
  );
  console.log(`checkouts answered paid: ${paidOrders.length}, orders paid ${payments[0]!.paid}, charged twice ${payments[0]!.twice}`);
  const share = (ms: number) => `${(ms / 1000).toFixed(1)} s (${((100 * ms) / 1000 / elapsed).toFixed(0)} % of a core)`;
  console.log(
    `CPU by process: ${cpu.instances.map((used, n) => `instance ${n + 1} ${share(used)}`).join(', ')}, PostgreSQL ${share(cpu.database)}, load generator ${share(cpu.generator)}; the machine has ${availableParallelism()} cores`,
  );
  return { people, counts: new Map([...stats.latencies].map(([operation, latencies]) => [operation, latencies.length])) };
}

/**
 * Each operation's CPU cost, measured alone: `rounds` of it one after another on the first
 * instance, the instance's and its database backends' CPU read before and after. Times the
 * count each operation had in the run, that says which operations the CPU went to. Linux counts
 * CPU in 10 ms ticks: 30 rounds put a 3 ms operation 9 ticks up, not 3.
 */
async function cpuByOperation(counts: Map<Operation, number>, rounds = 30) {
  const bases = [instances[0]!.url];
  const passwordHash = await hashPassword(password);
  // Each operation's CPU a round: the instance's and PostgreSQL's.
  const costs: [Operation, number, number][] = [];
  for (const [operation] of weights) {
    // Fresh people each: an import is one per person.
    const people = await Promise.all(Array.from({ length: rounds }, (_, index) => person(10_000 + index, bases, passwordHash)));
    for (const someone of people) await login(someone);
    const meter = cpuMeter();
    await meter.ready;
    for (const someone of people) await run(someone, operation);
    const cpu = await meter.stop(meter.instanceCpu());
    costs.push([operation, cpu.instances[0]! / rounds, cpu.database / rounds]);
  }
  const each = ([, alta, database]: [Operation, number, number]) => alta + database;
  const total = costs.reduce((sum, cost) => sum + each(cost) * (counts.get(cost[0]) ?? 0), 0);
  console.log(`\nCPU by operation (instance + PostgreSQL, each measured alone ${rounds} times, times its count in the first run):`);
  for (const cost of costs.sort((a, b) => each(b) * (counts.get(b[0]) ?? 0) - each(a) * (counts.get(a[0]) ?? 0))) {
    const [operation, alta, database] = cost;
    const spent = each(cost) * (counts.get(operation) ?? 0);
    console.log(
      `${operation.padEnd(11)}${each(cost).toFixed(1).padStart(8)} ms each (Alta ${alta.toFixed(1)}, PostgreSQL ${database.toFixed(1)})${(spent / 1000).toFixed(1).padStart(8)} s${((100 * spent) / total).toFixed(0).padStart(6)} %`,
    );
  }
  // CPU time hardly depends on what else the machine runs, unlike this run's operations per second.
  const operations = [...counts.values()].reduce((sum, count) => sum + count, 0);
  console.log(
    `this mix costs ${(total / operations).toFixed(1)} ms of CPU an operation: ${availableParallelism()} idle cores would serve ${((availableParallelism() * 1000 * operations) / total).toFixed(0)} operations/s`,
  );
}

try {
  console.log(`load average before: ${load()}`);
  instances = await startInstances();
  const first = await loadRun('Two instances', null);
  await cpuByOperation(first.counts);
  await loadRun('Two instances, one killed', (seconds * 1000) / 3);
} finally {
  for (const instance of instances) if (instance.child.exitCode === null && instance.child.signalCode === null) await instance.stop();
  await database.close();
  await temporary.drop();
  await rm(dataDir, { recursive: true, force: true });
}
