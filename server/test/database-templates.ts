import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../db/client';

/**
 * What the PGlite template does without, so that each test database copied from it starts in
 * under a third of the time (measured 1.4 → 0.4 s, 2.0 → 0.6 s of CPU): PGlite's 128 MB of shared
 * buffers, which PostgreSQL zeroes at every start (a test database holds a few MB), and the
 * template0 and template1 databases, a third of the data directory to unpack each time, which
 * tests never copy (they use `postgres`).
 */
const pgliteTemplateTrim = [
  `ALTER SYSTEM SET shared_buffers = '8MB'`,
  `UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`,
  'DROP DATABASE template0',
  'DROP DATABASE template1',
  'CHECKPOINT',
];

/**
 * Migrated databases that test databases are copied from, so a test file skips PGlite's initdb
 * and the migrations (seconds each on a busy machine): a PGlite data directory dumped to a file,
 * and on PostgreSQL a template database. Both are named after the migrations' content (and the
 * PGlite template's trim, above), so a new migration makes new ones. Made once per run by the
 * vitest global setup (tests/global-setup.ts); without them (a script using the harness)
 * databases are made from scratch as before.
 */
const version = (() => {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(migrationsFolder);
  hash.update(pgliteTemplateTrim.join(';'));
  return hash.digest('hex').slice(0, 16);
})();

const pgliteTemplateFile = path.join(tmpdir(), `alta-pglite-template-${version}.tar`);
export const postgresTemplateName = `alta_template_${version}`;

/** Makes the templates this run needs, unless an earlier run left them. */
export async function ensureDatabaseTemplates(postgresUrl: string | undefined) {
  if (!existsSync(pgliteTemplateFile)) {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    await migrate(drizzle(client), { migrationsFolder });
    for (const statement of pgliteTemplateTrim) await client.exec(statement);
    const dump = await client.dumpDataDir('none');
    await client.close();
    const partial = `${pgliteTemplateFile}.${process.pid}`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, pgliteTemplateFile);
  }
  if (postgresUrl) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      // Two runs at once (two checkouts) make it once: the second waits, then finds it.
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [postgresTemplateName]);
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [postgresTemplateName]);
      if (!rowCount) {
        await admin.query(`CREATE DATABASE ${postgresTemplateName}`);
        const url = new URL(postgresUrl);
        url.pathname = `/${postgresTemplateName}`;
        const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
        await database.close();
      }
    } finally {
      await admin.end();
    }
  }
}

let pgliteTemplate: Blob | undefined;

/** The migrated PGlite data directory, read once per test worker; undefined when no run made it. */
export function pgliteTemplateData(): Blob | undefined {
  if (!pgliteTemplate && existsSync(pgliteTemplateFile)) pgliteTemplate = new Blob([readFileSync(pgliteTemplateFile)]);
  return pgliteTemplate;
}
