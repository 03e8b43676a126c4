import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { protocolVersion, type Mutation, type PushResponse } from '@sync/protocol';
import type pg from 'pg';
import { openDatabase, type Database, type Db } from '../db/client';
import type { Mailer, MailMessage } from '../providers/mail/mailer';
import type { TestApp } from './harness';
import { transactionForm } from '../sync/test-fixtures';

/**
 * Alta instances as separate processes on one PostgreSQL, and devices that fail over between
 * them: what the kill -9 test (server/sync/kill-instance.test.ts) and the load benchmark
 * (scripts/bench-load.ts) share.
 */

export interface AltaProcess {
  url: string;
  child: ChildProcess;
  /** kill -9: no shutdown, open requests and transactions die with the process. */
  kill(): void;
  stop(): Promise<void>;
}

/** Starts `server/main.ts` on `port` and resolves once its health check answers. */
export async function startAltaProcess(port: number, env: Record<string, string>): Promise<AltaProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), LOG_REQUESTS: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let waited = 0; ; waited += 200) {
    if (child.exitCode !== null) throw new Error(`Alta on port ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (waited > 120_000) throw new Error(`Alta on port ${port} did not start`);
    await sleep(200);
  }
  return {
    url,
    child,
    kill: () => child.kill('SIGKILL'),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const nullBodyStatuses = new Set([101, 204, 205, 304]);

/** The connection to an instance failed or broke before its whole answer arrived: the instance is gone. */
class ConnectionLost extends Error {}

// Kept-alive connections, as fetch keeps them.
const agent = new http.Agent({ keepAlive: true });

/**
 * One request through node:http, its answer read whole (an instance that dies after its
 * headers cuts the body short, which is the same failure as no answer). Not `fetch`: the load
 * benchmark's client shares the machine's cores with the instances it loads, and fetch spent
 * several times node:http's CPU on each request.
 */
function exchange(url: string, method: string, headers: Record<string, string>, body: Buffer | string | undefined): Promise<Response> {
  return new Promise((resolve, reject) => {
    const lost = (error: Error) => reject(new ConnectionLost(error.message));
    // gzip accepted like a browser (and fetch) accepts it: the instances compress what they would compress for a person.
    const request = http.request(url, { method, headers: { 'accept-encoding': 'gzip', ...headers }, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', lost);
      response.on('end', () => {
        if (!response.complete) return lost(new Error('answer cut short'));
        const status = response.statusCode!;
        const answerHeaders = new Headers();
        for (let n = 0; n < response.rawHeaders.length; n += 2) answerHeaders.append(response.rawHeaders[n]!, response.rawHeaders[n + 1]!);
        const bytes = Buffer.concat(chunks);
        const content = response.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes;
        resolve(new Response(nullBodyStatuses.has(status) ? null : content, { status, headers: answerHeaders }));
      });
    });
    request.on('error', lost);
    request.end(body);
  });
}

/**
 * Requests of one signed-in person to a list of instances: each goes to the current one, and
 * when that one does not answer at all (connection refused or reset), to the next one, as a
 * load balancer would send the retry.
 */
export class FailoverClient {
  private current: number;
  failovers = 0;

  constructor(
    private readonly bases: string[],
    public cookies = '',
    preferred = 0,
  ) {
    this.current = preferred % bases.length;
  }

  async request(path: string, init: { method?: string; headers?: Record<string, string>; json?: unknown; body?: string | Blob } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies) headers.cookie = this.cookies;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const body = init.json !== undefined ? JSON.stringify(init.json) : init.body instanceof Blob ? Buffer.from(await init.body.arrayBuffer()) : init.body;
    for (let attempt = 0; ; attempt++) {
      try {
        return await exchange(`${this.bases[this.current]}/api/v1${path}`, init.method ?? 'GET', headers, body);
      } catch (error) {
        if (!(error instanceof ConnectionLost) || attempt >= 3 * this.bases.length) throw error;
        this.current = (this.current + 1) % this.bases.length;
        this.failovers++;
      }
    }
  }
}

/**
 * A device keeping one company's books: pushes batches of new transactions and note changes
 * through a `FailoverClient`, retrying the same batch after a failure (503, 429 with its
 * Retry-After, or an instance that died mid-request) until it is acknowledged, and remembers
 * what the server acknowledged, for `verifyExactlyOnce`.
 */
export function bookkeepingDevice(client: FailoverClient, companyId: string) {
  const clientId = randomUUID();
  let nextId = 1;
  let lastAcknowledged = 0;
  const created: string[] = [];
  const notes = new Map<string, string>();
  const rejections: PushResponse['rejections'] = [];
  return {
    clientId,
    companyId,
    rejections,
    /** Pushes `count` mutations (new transactions, notes on acknowledged ones) and resolves once they are acknowledged. */
    async push(count: number, at: string): Promise<void> {
      const effects: (() => void)[] = [];
      const mutations: Mutation[] = Array.from({ length: count }, () => {
        const id = nextId++;
        if (created.length > 0 && Math.random() < 0.4) {
          const transactionId = created[Math.floor(Math.random() * created.length)]!;
          const note = `Note ${id}`;
          effects.push(() => notes.set(transactionId, note));
          return { id, name: 'setTransactionNote', args: { id: transactionId, note, updatedAt: at }, createdAt: at };
        }
        const transactionId = randomUUID();
        effects.push(() => created.push(transactionId));
        return {
          id,
          name: 'createTransaction',
          args: { id: transactionId, companyId, createdAt: at, transaction: transactionForm({ description: `Load ${clientId} ${id}` }) },
          createdAt: at,
        };
      });
      for (;;) {
        const response = await client.request('/sync/push', { method: 'POST', json: { clientId, protocolVersion, mutations } });
        if (response.status === 429 || response.status === 503) {
          await response.arrayBuffer();
          await sleep(Math.min(2_000, Number(response.headers.get('retry-after') ?? 1) * 1000));
          continue;
        }
        if (!response.ok) throw new Error(`push answered ${response.status}: ${await response.text()}`);
        const result = (await response.json()) as PushResponse;
        if (result.lastMutationId !== mutations.at(-1)!.id) throw new Error(`push acknowledged ${result.lastMutationId} of ${mutations.at(-1)!.id}`);
        rejections.push(...result.rejections);
        for (const effect of effects) effect();
        lastAcknowledged = result.lastMutationId;
        return;
      }
    },
    expected: () => ({ clientId, companyId, lastAcknowledged, created: [...created], notes: new Map(notes) }),
  };
}

export type DeviceExpectation = ReturnType<ReturnType<typeof bookkeepingDevice>['expected']>;

/**
 * What the database holds against what the devices were told: every acknowledged transaction
 * stored (else `lost`), none stored that was not acknowledged and none created twice (else
 * `doubled`: two `created` entries in its history), each note the last one acknowledged and
 * each device's `lastMutationId` its last acknowledged id (else `wrong`). Imported lines belong
 * to no device and are left out.
 */
export async function verifyExactlyOnce(db: Db, devices: DeviceExpectation[]) {
  let lost = 0;
  let doubled = 0;
  let wrong = 0;
  let mutations = 0;
  for (const device of devices) {
    mutations += device.lastAcknowledged;
    const rows = (
      (await db.execute(sql`
      select t.id, t.note, (select count(*)::int from transaction_changes c where c.transaction_id = t.id and c.action = 'created') as creations
      from transactions t where t.company_id = ${device.companyId} and t.import_id is null`)) as { rows: { id: string; note: string; creations: number }[] }
    ).rows;
    const stored = new Map(rows.map((row) => [row.id, row]));
    for (const id of device.created) if (!stored.has(id)) lost++;
    const acknowledged = new Set(device.created);
    for (const row of rows) {
      if (!acknowledged.has(row.id) || row.creations !== 1) doubled++;
      else if (row.note !== (device.notes.get(row.id) ?? '')) wrong++;
    }
    const client = (
      (await db.execute(sql`select last_mutation_id from sync_clients where client_id = ${device.clientId}`)) as { rows: { last_mutation_id: number }[] }
    ).rows[0];
    if (Number(client?.last_mutation_id ?? 0) !== device.lastAcknowledged) wrong++;
  }
  return { mutations, lost, doubled, wrong };
}

/**
 * A second instance's own connection pool to the test app's PostgreSQL database (the app runs
 * on `TEST_DATABASE_URL`), for jobs that must act once across instances.
 */
export async function secondInstanceDatabase(t: TestApp, databaseUrl: string): Promise<Database> {
  const { rows } = await (t.database.db as unknown as { $client: pg.Pool }).$client.query('select current_database() as name');
  const url = new URL(databaseUrl);
  url.pathname = `/${rows[0].name}`;
  return openDatabase({ databaseUrl: url.toString(), dataDir: null });
}

/**
 * A mail job run twice on each of two instances at the same moment, with a mailer slow enough
 * (20 ms a mail) to keep each run's transaction open so the instances really overlap: every
 * mail the four runs sent, for a test of "exactly once across instances".
 */
export async function mailsOfOverlappingRuns(
  t: TestApp,
  second: Database,
  run: (database: Database, mailer: Mailer) => Promise<unknown>,
): Promise<MailMessage[]> {
  const mails: MailMessage[] = [];
  const mailer: Mailer = { send: async (message) => void (await sleep(20), mails.push(message)) };
  await Promise.all([t.database, second, t.database, second].map((database) => run(database, mailer)));
  return mails;
}
