import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namingClient, statementNames } from './named-statements';

describe('statementNames', () => {
  it('names a parameterised statement by its text, the same name each time', () => {
    const names = statementNames({ maxNames: 10, maxParameters: 4 });
    const first = names('select $1', 1);
    expect(first).toMatch(/^alta_\d+$/);
    expect(names('select $1', 1)).toBe(first);
    expect(names('select $1 + 1', 1)).not.toBe(first);
  });

  it('leaves unnamed a statement without parameters, or with more than the limit', () => {
    const names = statementNames({ maxNames: 10, maxParameters: 2 });
    expect(names('select 1', 0)).toBeUndefined();
    expect(names('select $1, $2, $3', 3)).toBeUndefined();
    expect(names('select $1, $2', 2)).toBeDefined();
  });

  it('gives at most maxNames names; the statements named before keep theirs', () => {
    const names = statementNames({ maxNames: 2, maxParameters: 4 });
    const first = names('select $1', 1);
    names('select $1 + 1', 1);
    expect(names('select $1 + 2', 1)).toBeUndefined();
    expect(names('select $1', 1)).toBe(first);
  });
});

/** On PostgreSQL (TEST_DATABASE_URL), what a connection of the pool prepares, and that answers are unchanged. */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('a pool of naming clients on PostgreSQL', () => {
  let pool: pg.Pool;
  let client: pg.PoolClient;
  const prepared = async () =>
    (await client.query<{ statement: string }>('select statement from pg_prepared_statements order by statement')).rows.map((row) => row.statement);

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url, max: 1, Client: namingClient(statementNames({ maxNames: 10, maxParameters: 3 })) });
    client = await pool.connect();
  });

  afterAll(async () => {
    client.release();
    await pool.end();
  });

  it('prepares a statement with parameters once, and answers it each time', async () => {
    // As Drizzle sends its queries: a config object, the values apart.
    for (const value of [1, 41]) expect((await client.query({ text: 'select $1::int + 1 as n' }, [value])).rows).toEqual([{ n: value + 1 }]);
    expect((await client.query({ text: 'select $1::text as t', values: ['as config'] })).rows).toEqual([{ t: 'as config' }]);
    expect(await prepared()).toEqual(['select $1::int + 1 as n', 'select $1::text as t']);
  });

  it('leaves a statement without parameters, or with more than the limit, unprepared', async () => {
    const before = await prepared();
    // Several statements in one text answer with a result each (pg's types know only one).
    const results = (await client.query({ text: 'select 1 as one; select 2 as two' })) as unknown as pg.QueryResult[];
    expect(results.map((result) => result.rows)).toEqual([[{ one: 1 }], [{ two: 2 }]]);
    expect((await client.query({ text: 'select $1::int + $2::int + $3::int + $4::int as sum' }, [1, 2, 3, 4])).rows).toEqual([{ sum: 10 }]);
    expect(await prepared()).toEqual(before);
  });

  it('keeps a name given by the caller', async () => {
    await client.query({ name: 'callers_own', text: 'select $1::int as n', values: [7] });
    expect(await prepared()).toContain('select $1::int as n');
    expect((await client.query<{ name: string }>("select name from pg_prepared_statements where statement = 'select $1::int as n'")).rows).toEqual([
      { name: 'callers_own' },
    ]);
  });
});
