import ICAL from 'ical.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deadline } from '@domain/company-deadlines';
import { insertTestCompany } from '../sync/test-fixtures';
import { createUser, signIn } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * The deadline calendar (issue 33 §4): the list a company's owner and teammates see, the private
 * .ics subscription (fetched without cookies, parsed back here with ical.js), and its revocation.
 */

let t: TestApp;
let cookies: string;
let teammateCookies: string;
let strangerCookies: string;
let delaware: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-01-15T12:00:00Z');
  const owner = await createUser(t, { language: 'pt' });
  const teammate = await createUser(t);
  const stranger = await createUser(t);
  cookies = await signIn(t, owner.email);
  teammateCookies = await signIn(t, teammate.email);
  strangerCookies = await signIn(t, stranger.email);
  delaware = await insertTestCompany(t.database.db, owner.id, [teammate.id]);
  // A Delaware LLC of one Brazilian owner, formed in 2025: its 2025 return, its June 1 tax, its renewal.
  await t.database.db.execute(
    sql`update companies set name_option_1 = 'Delta LLC', state = 'DE', plan = 'standard', billing = 'annual', status = 'Completed', constitution_date = '2025-03-10' where id = ${delaware}`,
  );
  await t.database.db
    .execute(sql`insert into partners (company_id, position, first_name, last_name, ownership, is_director, address_line_1, city, state_or_province, country, postal_code)
    values (${delaware}, 0, 'Ana', 'Souza', 100, true, 'Rua Augusta 100', 'São Paulo', 'SP', 'BR', '01305-000')`);
});
afterAll(() => t.close());

const list = async (query = '', as = cookies) => t.request(`/api/v1/deadlines${query}`, { cookies: as });

describe('the deadline list', () => {
  it('gives the owner and the teammate every deadline of the company, soonest first, with days remaining', async () => {
    for (const as of [cookies, teammateCookies]) {
      const response = await list(`?companyId=${delaware}`, as);
      expect(response.status).toBe(200);
      const { deadlines } = (await response.json()) as { deadlines: Deadline[] };
      expect(deadlines.slice(0, 4).map((deadline) => [deadline.kind, deadline.date, deadline.daysRemaining])).toEqual([
        ['federalReturn', '2026-04-15', 90],
        // Delaware's renewal (domain/renewal.ts) falls on the state's own June 1.
        ['renewal', '2026-06-01', 137],
        ['stateFiling', '2026-06-01', 137],
        ['federalExtendedReturn', '2026-10-15', 273],
      ]);
    }
    const all = (await (await list()).json()) as { deadlines: Deadline[] };
    expect(all.deadlines.every((deadline) => deadline.companyId === delaware)).toBe(true);
  });

  it('lists nothing for a canceled company, though the state formed it', async () => {
    const canceled = await insertTestCompany(t.database.db, (await createUser(t)).id);
    await t.database.db.execute(
      sql`update companies set state = 'DE', plan = 'standard', status = 'Canceled', constitution_date = '2025-03-10' where id = ${canceled}`,
    );
    const owner = (
      (await t.database.db.execute(sql`select u.email from users u join companies c on c.owner_id = u.id where c.id = ${canceled}`)) as {
        rows: { email: string }[];
      }
    ).rows[0]!.email;
    const response = await list(`?companyId=${canceled}`, await signIn(t, owner));
    expect(((await response.json()) as { deadlines: Deadline[] }).deadlines).toEqual([]);
  });

  it('hides another person’s company (404) and lists nothing of it', async () => {
    expect((await list(`?companyId=${delaware}`, strangerCookies)).status).toBe(404);
    expect(((await (await list('', strangerCookies)).json()) as { deadlines: Deadline[] }).deadlines).toEqual([]);
    expect((await list()).status).toBe(200);
    expect((await t.request('/api/v1/deadlines')).status).toBe(401);
  });
});

const subscribe = async () => {
  const response = await t.request('/api/v1/calendar/feed', { method: 'POST', cookies });
  expect(response.status).toBe(201);
  return ((await response.json()) as { url: string }).url;
};
/** Fetches a feed URL as a calendar app does: no cookies. */
const fetchFeed = (url: string) => t.request(new URL(url).pathname);

describe('the .ics subscription', () => {
  it('serves the deadlines without cookies, in the owner’s language, parsed back with the right events', async () => {
    const url = await subscribe();
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const response = await fetchFeed(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(await response.text()));
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    const byDay = new Map(events.map((event) => [event.startDate.toString(), event]));
    const summaries = events.map((event) => [event.startDate.toString(), event.summary]);
    expect(summaries).toContainEqual(['2026-06-01', 'Delta LLC: Imposto anual de Delaware']);
    expect(summaries).toContainEqual(['2026-06-01', 'Delta LLC: Renovação do agente registrado e do plano']);
    expect(byDay.get('2026-04-15')?.summary).toBe('Delta LLC: Declaração federal Form 5472 + pro forma Form 1120 de 2025');
    expect(byDay.get('2026-10-15')?.summary).toContain('Formulário 7004');
    expect(byDay.get('2026-06-01')?.startDate.isDate).toBe(true);
    expect(new Set(events.map((event) => event.uid)).size).toBe(events.length);
    expect((await t.request('/api/v1/calendar/feed', { cookies }).then((r) => r.json())) as { active: boolean }).toMatchObject({ active: true });
  });

  it('refuses a replaced (revoked) URL and a deleted one, and an invented token', async () => {
    const first = await subscribe();
    const second = await subscribe();
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
    expect((await t.request('/api/v1/calendar/feed', { method: 'DELETE', cookies })).status).toBe(204);
    expect((await fetchFeed(second)).status).toBe(404);
    expect((await t.request('/api/v1/calendar/feed', { cookies }).then((r) => r.json())) as { active: boolean }).toMatchObject({ active: false });
    expect((await t.request(`/api/v1/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
  });

  it('keeps only the hash of the token in the database', async () => {
    const url = await subscribe();
    const token = url.split('/').at(-1)!.replace('.ics', '');
    const rows = ((await t.database.db.execute(sql`select token_hash from calendar_feeds`)) as { rows: { token_hash: string }[] }).rows;
    expect(rows.some((row) => row.token_hash.includes(token))).toBe(false);
    expect(rows).toHaveLength(1);
  });

  it('slows down an address fetching feeds too often (429 with Retry-After)', async () => {
    const url = await subscribe();
    let last = 200;
    for (let attempt = 0; attempt < 40 && last !== 429; attempt += 1) last = (await fetchFeed(url)).status;
    expect(last).toBe(429);
  });
});
