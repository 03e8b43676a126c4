// Alta's API for a server benchmark without a browser: its own app served over loopback HTTP, on
// embedded PGlite or, with BENCH_DATABASE_URL=postgres://…, a temporary PostgreSQL database; signed-in
// accounts with their cookies, and a company one of them owns. Shared by bench-sync-push and
// bench-import-latency.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { serveApp } from '../../server/http-server';
import { sql } from 'drizzle-orm';
import { createApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { openDatabase } from '../../server/db/client';
import { insertUser } from '../../server/db/queries/users';
import { parseEnv } from '../../server/env';
import { temporaryPostgres } from '../../tests/bench/temporary-postgres';

const password = 'Bench#2026';

export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/**
 * The CPU time this process spends from now until the returned function is called, in
 * milliseconds: unlike wall time, barely changed by other processes sharing the machine.
 */
export function cpuMeter(): () => number {
  const start = process.cpuUsage();
  return () => {
    const { user, system } = process.cpuUsage(start);
    return (user + system) / 1000;
  };
}

/** p50, p99 and max of a probe's latencies, in milliseconds. */
export function latencySummary(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(0);
  return `${sorted.length} requests, p50 ${pick(0.5)} ms, p99 ${pick(0.99)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`;
}

export async function startBenchApi() {
  const temporary = process.env.BENCH_DATABASE_URL ? await temporaryPostgres(process.env.BENCH_DATABASE_URL) : null;
  const env = parseEnv({ NODE_ENV: 'test', LOG_REQUESTS: '0', PORT: '0' });
  const database = await openDatabase({ databaseUrl: temporary?.url, dataDir: null });
  console.log(`database: ${database.dialect}`);
  const app = createApp({ env, database, mailer: { send: async () => {} }, now: () => new Date() }, { clientRoot: '/nonexistent' });
  const server = serveApp(app, { port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;

  /** A new account, signed in: its id and the cookie its requests send. */
  async function account(name: string): Promise<{ id: string; cookie: string }> {
    const email = `bench-${name.toLowerCase()}-${Date.now()}@alta.test`;
    const user = await insertUser(database.db, {
      email,
      firstName: name,
      lastName: 'Bench',
      language: 'en',
      passwordHash: await hashPassword(password),
      now: new Date(),
    });
    const response = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (response.status !== 200) throw new Error(`login: ${response.status} ${await response.text()}`);
    const cookie = response.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    return { id: user!.id, cookie };
  }

  /** A company `ownerId` owns, to write books into. */
  async function company(ownerId: string): Promise<string> {
    const id = randomUUID();
    await database.db.execute(sql`insert into companies (id, owner_id, type, name_option_1) values (${id}, ${ownerId}, 'LLC', 'Bench LLC')`);
    return id;
  }

  async function close() {
    server.close();
    await database.close();
    await temporary?.drop();
  }

  return { database, base, account, company, close };
}
