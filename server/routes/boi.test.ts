import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCompanyDetailSchema } from '@domain/admin';
import { boiCompanyReportSchema } from '@domain/boi';
import { boiCompanyFixture, boiOwnerFixture } from '@domain/boi-fixture';
import { ensureAdmin } from '../seed';
import { insertTestCompany } from '../sync/test-fixtures';
import { createUser, signIn } from '../test/accounts';
import { answeredWith, createTestApp, type TestApp } from '../test/harness';

/** BOI report (decision 029): who must file under FinCEN's 2025 rule, and the owner's submission checked with the SPEC §5 owner rules. */

let t: TestApp;
let owner: string;
let teammate: string;
let stranger: string;
let domestic: string;
let foreign: string;

const owners = [boiOwnerFixture];
const form = { company: boiCompanyFixture, owners };

const submit = (companyId: string, body: unknown, as = owner) =>
  t.request(`/api/v1/companies/${companyId}/boi-report`, { method: 'PUT', cookies: as, json: body });
const reports = async (as: string) =>
  (await (await t.request('/api/v1/boi-report', { cookies: as })).json()).items.map((item: unknown) => boiCompanyReportSchema.parse(item));

beforeAll(async () => {
  t = await createTestApp();
  const [o, m, s] = [await createUser(t), await createUser(t), await createUser(t)];
  domestic = await insertTestCompany(t.database.db, o.id, [m.id]);
  foreign = await insertTestCompany(t.database.db, o.id, [m.id]);
  await t.database.db.execute(sql`update companies set migrated = true, origin_country = 'AR' where id = ${foreign}`);
  await t.database.db
    .execute(sql`insert into partners (company_id, position, first_name, last_name, ownership, is_director, address_line_1, city, state_or_province, country, postal_code)
        values (${foreign}, 0, 'Joana', 'Silva', 100, true, 'Rua Augusta 100', 'Lisboa', 'Lisboa', 'PT', '1100-053')`);
  [owner, teammate, stranger] = [await signIn(t, o.email), await signIn(t, m.email), await signIn(t, s.email)];
});
afterAll(() => t.close());

describe('BOI report', () => {
  it('tells each company whether it must file, with the beneficial owners Alta knows', async () => {
    const items = await reports(owner);
    expect(items.find((item: { companyId: string }) => item.companyId === domestic)).toMatchObject({ requirement: 'exempt', status: 'notStarted' });
    expect(items.find((item: { companyId: string }) => item.companyId === foreign)).toMatchObject({
      requirement: 'required',
      status: 'notStarted',
      knownOwners: [{ firstName: 'Joana', lastName: 'Silva', ownership: 100, isDirector: true, country: 'PT' }],
    });
    expect(await reports(stranger)).toEqual([]);
  });

  it('checks the owner rules on the server too', async () => {
    const minor = await submit(foreign, { ...form, owners: [{ ...owners[0], birthDate: '2015-01-01' }] });
    expect(minor.status).toBe(400);
    expect((await minor.json()).errors).toEqual({ 'owners.0.birthDate': ['validation.ownerAge'] });
    const noThreshold = await submit(foreign, { ...form, owners: [{ ...owners[0], ownership: 10 }] });
    expect((await noThreshold.json()).errors).toEqual({ owners: ['validation.ownershipThreshold'] });
  });

  it('lets the owner submit and correct it; teammates read it; exempt companies and strangers are refused', async () => {
    expect(await answeredWith(await submit(foreign, form, teammate))).toBe('403 owner_only');
    expect(await answeredWith(await submit(domestic, form))).toBe('409 boi_not_required');
    expect((await submit(foreign, form, stranger)).status).toBe(404);
    const submitted = await submit(foreign, form);
    expect(submitted.status).toBe(200);
    expect(await submitted.json()).toMatchObject({ status: 'submitted', form: { company: { legalName: 'Andes Labs SA' } } });
    const corrected = await submit(foreign, { ...form, company: { ...form.company, legalName: 'Andes Labs S.A.' } });
    expect(await corrected.json()).toMatchObject({ status: 'submitted', form: { company: { legalName: 'Andes Labs S.A.' } } });
    expect((await reports(teammate)).find((item: { companyId: string }) => item.companyId === foreign)).toMatchObject({ status: 'submitted' });
  });

  it('staff see the submitted report and mark it filed once (audit-logged); then the owner sees it filed and cannot change it', async () => {
    await ensureAdmin({ env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now });
    const admin = await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD);
    const staffView = adminCompanyDetailSchema.parse(await (await t.request(`/api/v1/admin/companies/${foreign}`, { cookies: admin })).json()).boi;
    expect(staffView).toMatchObject({
      requirement: 'required',
      status: 'submitted',
      filedAt: null,
      report: { legalName: 'Andes Labs S.A.', owners: [{ firstName: boiOwnerFixture.firstName }] },
    });
    const filed = (companyId: string, as = admin) => t.request(`/api/v1/admin/companies/${companyId}/boi-report/filed`, { method: 'POST', cookies: as });
    expect((await filed(foreign, owner)).status).toBe(403);
    expect((await filed(domestic)).status).toBe(409);
    expect((await filed(foreign)).status).toBe(204);
    expect((await filed(foreign)).status).toBe(409);
    expect((await reports(owner)).find((item: { companyId: string }) => item.companyId === foreign)).toMatchObject({
      status: 'filed',
      filedAt: t.clock.now.toISOString(),
    });
    expect(await answeredWith(await submit(foreign, form))).toBe('409 boi_already_filed');
    const [audit] = (
      (await t.database.db.execute(sql`select subject_company_id as company from audit_log where action = 'file_boi_report'`)) as {
        rows: { company: string }[];
      }
    ).rows;
    expect(audit?.company).toBe(foreign);
  });
});
