import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createPgListener, type NotificationHandler } from './listen';
import { namingClient } from './named-statements';
import { logError } from '../lib/log-error';

/** Alta's database handle: the same Drizzle API on embedded PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  dialect: 'pglite' | 'postgres';
  /** LISTEN to a NOTIFY channel across every instance on this database; resolves to an unsubscribe. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Any constant works: it only has to be the same for every Alta instance sharing the database.
const migrationLockKey = 4_207_001;

/**
 * Connections to PostgreSQL kept open however long they stay idle, opened at start (the others
 * close after 10 idle seconds). A request that found every open connection busy opened one:
 * TCP, authentication and a new backend, 77 ms for another person's `/users/me` during an
 * import, and after any quiet spell the next burst of requests paid it again.
 */
const keptConnections = 3;

/**
 * Opens the database: PostgreSQL when `databaseUrl` is set, otherwise PGlite persisted in
 * `dataDir` (or in memory when `dataDir` is null, for tests), then applies the committed
 * migrations. Several instances may start at once on one PostgreSQL: an advisory lock
 * makes them migrate one after the other. `template` (PGlite only) is a data directory dumped
 * from an already migrated database to start from: tests skip PGlite's initdb that way.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string | null; template?: Blob }): Promise<Database> {
  if (options.databaseUrl) {
    // Its connections name the statements they send, so PostgreSQL parses and plans each once (named-statements.ts).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, min: keptConnections, Client: namingClient() });
    // An idle connection dropped by PostgreSQL (restart, failover) must not crash the process:
    // the pool discards it and the next query opens a new one.
    pool.on('error', (error) => logError('idle database connection lost', { error: error.message }));
    const db = drizzlePg(pool) as unknown as Db;
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {});
      client.release();
    }
    const kept = await Promise.all(Array.from({ length: keptConnections }, () => pool.connect()));
    for (const connection of kept) connection.release();
    const listener = createPgListener(options.databaseUrl);
    return {
      db,
      dialect: 'postgres',
      listen: (channel, handler) => listener.listen(channel, handler),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir !== null) {
    dataDir = path.join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  // pg_trgm backs the admin lists' substring search (migration 0020); PostgreSQL ships it too.
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm }, loadDataDir: options.template });
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    dialect: 'pglite',
    listen: async (channel, handler) => {
      const unlisten = await client.listen(channel, (payload) => handler(payload));
      return () => unlisten();
    },
    close: () => client.close(),
  };
}

const pings = new WeakMap<Db, Promise<void>>();

/**
 * Round-trips the database; used by the health check. A request that arrives while a ping is on
 * its way waits for that ping instead of sending its own: its answer still comes from the
 * database after the request arrived, and under load the checks cost one round trip per round
 * trip's time instead of one each (a tenth of a bare server's throughput was all it allowed).
 */
export function pingDatabase(db: Db): Promise<void> {
  let ping = pings.get(db);
  if (!ping) {
    ping = db
      .execute(sql`select 1`)
      .then(() => undefined)
      .finally(() => pings.delete(db));
    pings.set(db, ping);
  }
  return ping;
}
