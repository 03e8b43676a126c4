// Server benchmark: Alta's API on a temporary PGlite next to a bare node:http server answering
// the same JSON as GET /users/me, measured in the same run with autocannon (load generated from
// a worker thread, so the servers keep the main thread), plus login latency with argon2id
// included. Each target is measured twice: bare, and with the Accept-Encoding a browser sends.
// Alta runs on the HTTP server `server/main.ts` runs (`serveApp`, compression included).
// Prints a table; never fails a build.
// The bare server is measured before and after each target, and each figure is printed beside
// the mean of those two (its raw limit in the same minute): on a shared machine the limit itself
// moves by half between runs. On PostgreSQL each row also says how many queries a request cost.
// PGlite by default; BENCH_DATABASE_URL=postgres://… measures on a temporary PostgreSQL database.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { serveApp } from '../server/http-server';
import autocannon from 'autocannon';
import pg from 'pg';
import { createApp } from '../server/app';
import { hashPassword } from '../server/auth/passwords';
import { openDatabase } from '../server/db/client';
import { insertUser } from '../server/db/queries/users';
import { parseEnv } from '../server/env';
import { temporaryPostgres } from '../tests/bench/temporary-postgres';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = 10;
const logins = 20;
const password = 'Bench#2026';

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

// Every query of the pool goes through pg.Client#query: counted to tell the round trips a request costs.
let queries = 0;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: Parameters<typeof clientQuery>) {
  queries++;
  return clientQuery.apply(this, args);
} as typeof clientQuery;

async function load(title: string, url: string, headers: Record<string, string> = {}) {
  // A short warm-up so JIT and the database caches do not count against the first target.
  await autocannon({ url, connections, duration: 1, headers, workers: 1 });
  const queriesBefore = queries;
  const result = await autocannon({ url, connections, duration: seconds, headers, workers: 1 });
  const failures = result.non2xx + result.errors + result.timeouts;
  return {
    title,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures,
    queriesPerRequest: (queries - queriesBefore) / result.requests.total,
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'alta-bench-'));
  const env = parseEnv({ NODE_ENV: 'development', LOG_REQUESTS: '0', DATA_DIR: dataDir, APP_URL: 'http://127.0.0.1' });
  const temporary = process.env.BENCH_DATABASE_URL ? await temporaryPostgres(process.env.BENCH_DATABASE_URL) : null;
  const database = await openDatabase({ databaseUrl: temporary?.url, dataDir });
  const app = createApp({ env, database, mailer: { send: async () => {} }, now: () => new Date() }, { clientRoot: path.join(dataDir, 'no-client') });
  // Counted so the database closes only after the requests autocannon left in flight are answered.
  let inFlight = 0;
  const fetchCounted: typeof app.fetch = async (...args) => {
    inFlight++;
    try {
      return await app.fetch(...args);
    } finally {
      inFlight--;
    }
  };
  const alta = serveApp({ fetch: fetchCounted }, { port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => alta.once('listening', resolve));
  const altaUrl = `http://127.0.0.1:${(alta.address() as AddressInfo).port}`;

  await insertUser(database.db, {
    email: 'bench@example.com',
    firstName: 'Bench',
    lastName: 'User',
    passwordHash: await hashPassword(password),
    language: 'en',
    now: new Date(),
  });

  const latencies: number[] = [];
  let cookie = '';
  for (let i = 0; i < logins; i++) {
    const started = performance.now();
    const response = await fetch(`${altaUrl}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password }),
    });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`login answered ${response.status}`);
    cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
  }
  latencies.sort((a, b) => a - b);

  // The bare server answers the very JSON /users/me answers, so the two differ only in the work behind it.
  const meBody = await (await fetch(`${altaUrl}/api/v1/users/me`, { headers: { cookie } })).text();
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(meBody) });
    res.end(meBody);
  });
  const bareUrl = await listen(bare);

  // Enumeration check: a wrong password and an unknown email should cost the same (dummy hash).
  // Each attempt uses its own account so the per-account lock never answers instead.
  const failures = { wrongPassword: [] as number[], unknownEmail: [] as number[] };
  for (let i = 0; i < 10; i++) {
    await insertUser(database.db, {
      email: `wrong-${i}@example.com`,
      firstName: 'Bench',
      lastName: 'User',
      passwordHash: await hashPassword(password),
      language: 'en',
      now: new Date(),
    });
  }
  for (let i = 0; i < 10; i++) {
    for (const [kind, email] of [
      ['wrongPassword', `wrong-${i}@example.com`],
      ['unknownEmail', `nobody-${i}@example.com`],
    ] as const) {
      const started = performance.now();
      const response = await fetch(`${altaUrl}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Wrong#2026' }),
      });
      await response.arrayBuffer();
      failures[kind].push(performance.now() - started);
    }
  }
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );

  const bareTarget = () => load('bare node:http, same JSON', `${bareUrl}/`);
  const bareRuns = [await bareTarget()];
  const rows = [];
  // A browser always sends Accept-Encoding: the same two targets again as it asks for them.
  const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  for (const [title, url, headers] of [
    ['GET /api/v1/health', `${altaUrl}/api/v1/health`, {}],
    ['GET /api/v1/users/me', `${altaUrl}/api/v1/users/me`, { cookie }],
    ['/health, as a browser', `${altaUrl}/api/v1/health`, browser],
    ['/users/me, as a browser', `${altaUrl}/api/v1/users/me`, { cookie, ...browser }],
  ] as const) {
    const row = await load(title, url, headers);
    bareRuns.push(await bareTarget());
    rows.push({ ...row, bare: (bareRuns.at(-2)!.rps + bareRuns.at(-1)!.rps) / 2 });
  }

  const pad = (value: string, width: number) => value.padEnd(width);
  console.log(`\nServer benchmark (${connections} connections, ${seconds} s per target, database: ${database.dialect}, Node ${process.version})\n`);
  console.log(
    `load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log(`bare node:http, same JSON, measured before and after each target: ${bareRuns.map((run) => run.rps.toFixed(0)).join(', ')} req/s\n`);
  console.log(
    `${pad('target', 24)}${pad('req/s', 8)}${pad('bare req/s', 12)}${pad('vs bare', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('queries/req', 13)}non-2xx/errors`,
  );
  for (const row of rows) {
    const perRequest = database.dialect === 'postgres' ? row.queriesPerRequest.toFixed(2) : '-';
    console.log(
      `${pad(row.title, 24)}${pad(row.rps.toFixed(0), 8)}${pad(row.bare.toFixed(0), 12)}${pad((row.rps / row.bare).toFixed(2), 9)}${pad(String(row.p50), 8)}${pad(String(row.p99), 8)}${pad(perRequest, 13)}${row.failures}`,
    );
  }
  console.log(
    `\nLogin (POST /api/v1/login, ${logins} sequential, argon2id m=19456 t=2 p=1): median ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms`,
  );

  console.log(
    `Failed login, median of 10: wrong password ${median(failures.wrongPassword).toFixed(1)} ms, unknown email ${median(failures.unknownEmail).toFixed(1)} ms (same work, so no enumeration by timing)`,
  );

  await new Promise((resolve) => bare.close(resolve));
  alta.closeIdleConnections();
  await new Promise((resolve) => alta.close(resolve));
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  await database.close();
  await temporary?.drop();
  await rm(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
