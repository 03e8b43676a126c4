// Admin lists at scale (issue 14, decision 028): 100,000 users and 150,000 companies seeded on
// PostgreSQL, then search, sort and a load-more page of GET /users and GET /admin/companies,
// each timed through the server (the Hono app: session check, validation, queries, JSON) and
// next to a primary-key lookup timed in the same run. EXPLAIN shows the plan of each query.
// On PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, default the local one), or on the
// embedded PGlite with BENCH_DATABASE_URL=pglite.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { ensureAdmin } from '../server/seed';
import { signIn } from '../server/test/accounts';
import { createTestApp } from '../server/test/harness';

if (process.env.BENCH_DATABASE_URL === 'pglite') delete process.env.TEST_DATABASE_URL;
else process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const runs = 60;

const t = await createTestApp();
const db = t.database.db;
try {
  await ensureAdmin({ env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => new Date() });
  const seedStarted = performance.now();
  // Bulk seeding with the triggers off (replica role), then the migration's own backfill: one
  // pass instead of a trigger per row (the reads are what this bench measures).
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
    insert into users (email, first_name, last_name, phone, language, created_at, updated_at)
    select 'user' || i || '@example.com',
      (array['José','María','Ana','João','Lucía','Pedro','Íñigo','Camila','Mateo','Sofía'])[1 + i % 10],
      (array['García','Núñez','Pereira','Álvarez','Costa','Fernández','Silva','Gómez','Muñoz','Santos'])[1 + (i / 10) % 10] || ' ' || i,
      '+54911' || lpad(i::text, 8, '0'),
      (array['es','en','pt'])[1 + i % 3],
      now() - (i || ' minutes')::interval, now()
    from generate_series(1, 100000) as i`);
    await tx.execute(sql`
    insert into companies (owner_id, type, name_option_1, state, status, requested_at, updated_at)
    select u.id,
      (array['LLC','C-Corp','Cross Border Crypto'])[1 + n % 3],
      (array['Andes','Café','Pampa','Açaí','Tierra','Océano'])[1 + n % 6] || ' Labs ' || n,
      (array['WY','DE','FL','TX'])[1 + n % 4],
      (array['Start','RegisteredInState','ObtainingEin','Completed','Canceled'])[1 + n % 5],
      now() - (n || ' minutes')::interval, now()
    from (select id, row_number() over (order by email) as n from users) u
    cross join generate_series(0, 1) as k
    where k = 0 or u.n % 2 = 0`);
  });
  await db.execute(sql`update users u set search_text = alta_user_search_text(u.id, u.first_name, u.last_name, u.email, u.phone),
    companies_count = (select count(*) from companies c where c.owner_id = u.id)`);
  await db.execute(sql`update companies c set search_text = alta_company_search_text(c.name_option_1, c.name_option_2, c.order_number, c.owner_id),
    owner_name = (select concat_ws(' ', u.first_name, u.last_name) from users u where u.id = c.owner_id)`);
  await db.execute(sql`analyze`);
  const counts = (await db.execute(sql`select (select count(*) from users) as users, (select count(*) from companies) as companies`)) as {
    rows: { users: string; companies: string }[];
  };
  console.log(`seeded ${counts.rows[0]!.users} users and ${counts.rows[0]!.companies} companies in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  const cookies = await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD);
  const someoneId = ((await db.execute(sql`select id from users order by email limit 1 offset 5000`)) as { rows: { id: string }[] }).rows[0]!.id;

  const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;
  async function time(label: string, task: () => Promise<unknown>) {
    for (let i = 0; i < 5; i++) await task();
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await task();
      samples.push(performance.now() - started);
    }
    const p50 = [...samples].sort((a, b) => a - b)[Math.floor(runs / 2)]!;
    console.log(`${label.padEnd(58)} p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95(samples).toFixed(1).padStart(6)} ms`);
  }
  const get = async (path: string) => {
    const response = await t.request(`/api/v1${path}`, { cookies });
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    return response.json() as Promise<unknown>;
  };

  console.log(`\n${runs} runs each, through the server (admin session check included):`);
  await time('primary-key lookup (select user by id, database only)', () => db.execute(sql`select * from users where id = ${someoneId}`));
  await time('GET /users/me (a PK lookup through the server)', () => get('/users/me'));
  await time('GET /users (first page, newest first)', () => get('/users'));
  await time('GET /users?search=nunez (accents and case ignored)', () => get('/users?search=nunez'));
  await time('GET /users?search=JOSE%20NUNEZ%204711 (rare)', () => get('/users?search=JOSE%20NUNEZ%204711'));
  await time('GET /users?search=cafe%20labs%2012 (company name)', () => get('/users?search=cafe%20labs%2012'));
  await time('GET /users?orderBy=lastName&orderDirection=asc', () => get('/users?orderBy=lastName&orderDirection=asc'));
  await time('GET /users?orderBy=phone&orderDirection=desc', () => get('/users?orderBy=phone&orderDirection=desc'));
  await time('GET /users load more (offset 2,500, sorted by email)', () => get('/users?orderBy=email&orderDirection=asc&offset=2500'));
  await time('GET /users?companyStatus=Canceled&hasCompany=yes', () => get('/users?companyStatus=Canceled&hasCompany=yes'));
  await time('GET /admin/companies (first page)', () => get('/admin/companies'));
  await time('GET /admin/companies?search=acai%20labs%2077', () => get('/admin/companies?search=acai%20labs%2077'));
  await time('GET /admin/companies?orderBy=name&orderDirection=asc', () => get('/admin/companies?orderBy=name&orderDirection=asc'));
  await time('GET /admin/companies?orderBy=owner&orderDirection=desc', () => get('/admin/companies?orderBy=owner&orderDirection=desc'));
  await time('GET /admin/companies?status=Completed load more (offset 2,500)', () => get('/admin/companies?status=Completed&offset=2500'));

  const explain = async (label: string, query: ReturnType<typeof sql>) => {
    const result = (await db.execute(sql`explain ${query}`)) as { rows: { 'QUERY PLAN': string }[] };
    const plan = result.rows.map((row) => row['QUERY PLAN']);
    const indexes = [...new Set(plan.join('\n').match(/(?:Index|Bitmap Index) (?:Only )?Scan(?: Backward)? using \w+|Bitmap Index Scan on \w+/g) ?? [])];
    console.log(`EXPLAIN ${label.padEnd(40)} ${indexes.length ? indexes.join(', ') : 'no index: ' + plan[0]}`);
  };
  console.log('');
  await explain(
    'user search "nunez"',
    sql`select * from users where search_text like '%' || alta_fold('nunez') || '%' order by created_at desc, id desc limit 25`,
  );
  await explain('user search count', sql`select count(*) from users where search_text like '%' || alta_fold('JOSE NUNEZ 4711') || '%'`);
  await explain('users by last name', sql`select * from users order by last_name asc, id asc limit 25`);
  await explain('users load more by email', sql`select * from users order by email asc, id asc limit 25 offset 2500`);
  await explain(
    'companies search',
    sql`select * from companies where search_text like '%' || alta_fold('acai labs 77') || '%' order by requested_at desc, id desc limit 25`,
  );
  await explain('companies by name', sql`select * from companies order by name_option_1 asc, id asc limit 25`);
  await explain('companies of a status', sql`select * from companies where status = 'Completed' order by requested_at desc, id desc limit 25 offset 2500`);
  await explain('companies by owner', sql`select * from companies order by owner_name desc, id desc limit 25`);
  await explain(
    'users owning a company of a status',
    sql`select * from users u where exists (select 1 from companies c where c.owner_id = u.id and c.status = 'Canceled') order by created_at desc, id desc limit 25`,
  );
  await explain(
    'users owning a company of a status, count',
    sql`select count(*) from (select 1 from users u where exists (select 1 from companies c where c.owner_id = u.id and c.status = 'Canceled') limit 1001) capped`,
  );
} finally {
  await t.close();
}
