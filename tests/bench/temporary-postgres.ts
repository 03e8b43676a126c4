import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** A throw-away database on the PostgreSQL server of `url` (dropped by `drop`), for benchmarks. */
export async function temporaryPostgres(url: string) {
  const name = `alta_bench_${randomUUID().replaceAll('-', '')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  // Dropped without FORCE, after the app's pool has closed: terminating its connections would
  // surface as an error on the pool's idle clients.
  const drop = async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run(`DROP DATABASE IF EXISTS ${name}`);
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  return { url: target.toString(), drop };
}
