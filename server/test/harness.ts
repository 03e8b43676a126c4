import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createApp } from '../app';
import { serveApp } from '../http-server';
import type { AppDeps } from '../context';
import { openDatabase, type Database } from '../db/client';
import { pgliteTemplateData, postgresTemplateName } from './database-templates';
import { parseEnv, type Env } from '../env';
import type { MailMessage, Mailer } from '../providers/mail/mailer';

/**
 * A real Alta app on a real database for server tests: in-memory PGlite by default, or a
 * fresh, throw-away PostgreSQL database when TEST_DATABASE_URL is set (CI runs both).
 */
export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: Database;
  /** The throw-away PostgreSQL database's URL (for other instances on it); null on PGlite. */
  databaseUrl: string | null;
  env: Env;
  /** Mails captured instead of sent. */
  mails: MailMessage[];
  clock: { now: Date; advance(ms: number): void };
  request(path: string, init?: RequestInit & { json?: unknown; cookies?: string }): Promise<Response>;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { mailer?: Mailer; googleKeys?: AppDeps['googleKeys']; bankLinking?: AppDeps['bankLinking'] } = {},
): Promise<TestApp> {
  const env = parseEnv({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', ...overrides });
  const { database, databaseUrl, drop } = await openTestDatabase();
  const mails: MailMessage[] = [];
  const mailer: Mailer = options.mailer ?? { send: async (message) => void mails.push(message) };
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const app = createApp(
    { env, database, mailer, now: () => clock.now, googleKeys: options.googleKeys, bankLinking: options.bankLinking },
    { clientRoot: '/nonexistent' },
  );
  return {
    app,
    database,
    databaseUrl,
    env,
    mails,
    clock,
    request: (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (init.json !== undefined) headers.set('content-type', 'application/json');
      if (init.cookies) headers.set('cookie', init.cookies);
      const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
      return Promise.resolve(app.request(path, { ...init, headers, body }));
    },
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

async function openTestDatabase(): Promise<{ database: Database; databaseUrl: string | null; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { database: await openDatabase({ dataDir: null, template: pgliteTemplateData() }), databaseUrl: null, drop: async () => {} };
  const name = `alta_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // A copy of the migrated template when the run made one (3D000: it did not), else an empty database.
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplateName}`).catch(async (error: { code?: string }) => {
    if (error.code !== '3D000') throw error;
    await admin.query(`CREATE DATABASE ${name}`);
  });
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: testUrl.toString(), dataDir: null });
  return {
    database,
    databaseUrl: testUrl.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The cookies a response set, as a Cookie header value for the next request. */
export function cookiesFrom(response: Response, previous = ''): string {
  const jar = new Map(
    previous
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)] as const),
  );
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const name = pair!.slice(0, pair!.indexOf('='));
    const value = pair!.slice(pair!.indexOf('=') + 1);
    if (/max-age=0/i.test(line) || value === '') jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Serves an app over real HTTP on a free local port (streams behave as with a browser: aborts reach the server as the socket closes). */
export function serveOverHttp(app: { fetch: (request: Request) => Response | Promise<Response> }): Promise<{ base: string; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = serveApp(app, { port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({
        base: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/**
 * `<status> <code>` of a problem+json answer, or `<status>` of any other, so
 * `expect(await answeredWith(response)).toBe('401 invalid_credentials')` names what came instead.
 */
export async function answeredWith(response: Response): Promise<string> {
  if (!response.headers.get('content-type')?.startsWith('application/problem+json')) return String(response.status);
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  return `${response.status} ${String(body?.code)}`;
}

/** What a 200 answer says it is (its body's `status`: `succeeded`, `requires_action`, `ok`…), or `HTTP <status>` for any other answer. */
export async function outcome(response: Response): Promise<string> {
  if (response.status !== 200) return `HTTP ${response.status}`;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { status?: unknown } | null;
  return String(body?.status);
}
