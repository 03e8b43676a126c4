import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeTaxForm } from '@domain/tax-form-fixture';
import { protocolVersion } from '@sync/protocol';
import type { AppDeps } from '../context';
import { declarations, transactions } from '../db/schema/bookkeeping';
import { ensureAdmin } from '../seed';
import { createUser, signIn } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';
import { applyPush } from '../sync/push';

/**
 * The tax form on the real server: the REST view of the synced draft, sending it (refused
 * while the year's books are not done), the sent declaration frozen for REST and sync alike,
 * its PDFs (masked for the company, in full only for Alta's filed copy), pending
 * declarations, and nobody else reading any of it.
 */

let t: TestApp;
beforeAll(async () => {
  // 1 March 2026: tax year 2025 is over, the 1065 is due 16 March and the 5472 on 15 April.
  t = await createTestApp();
  t.clock.now = new Date('2026-03-01T12:00:00Z');
  await ensureAdmin({ env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now } satisfies AppDeps);
});
afterAll(() => t.close());

async function companyWithOwner(options: { partners?: number } = {}) {
  const owner = await createUser(t, { language: 'pt' });
  const teammate = await createUser(t);
  const stranger = await createUser(t);
  const companyId = randomUUID();
  const db = t.database.db;
  await db.execute(
    sql`insert into companies (id, owner_id, type, name_option_1, constitution_date) values (${companyId}, ${owner.id}, 'LLC', 'Acme Digital LLC', '2024-03-01')`,
  );
  await db.execute(sql`insert into company_members (company_id, user_id) values (${companyId}, ${teammate.id})`);
  for (let position = 0; position < (options.partners ?? 1); position += 1) {
    await db.execute(sql`insert into partners (company_id, position, first_name, last_name, ownership, is_director, address_line_1, city, state_or_province, country, postal_code)
      values (${companyId}, ${position}, 'Ana', 'Souza', ${100 / (options.partners ?? 1)}, true, 'Rua Augusta 100', 'São Paulo', 'SP', 'BR', '01305-000')`);
  }
  return {
    companyId,
    owner,
    ownerCookies: await signIn(t, owner.email),
    teammateCookies: await signIn(t, teammate.email),
    strangerCookies: await signIn(t, stranger.email),
  };
}

async function addTransaction(companyId: string, fields: { date: string; category: string | null; checked: boolean }) {
  const id = randomUUID();
  await t.database.db.insert(transactions).values({
    id,
    companyId,
    description: 'Stripe payout',
    amountCents: 12_000_00,
    note: '',
    blocked: false,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...fields,
    category: fields.category as never,
  });
  return id;
}

const put = (id: string, cookies: string, body: unknown) => t.request(`/api/v1/accounting/drafts/${id}`, { method: 'PUT', cookies, json: body });

describe('tax-form draft over REST', () => {
  it('saves and reads back the draft, which the owner’s devices then pull through sync', async () => {
    const { companyId, owner, ownerCookies } = await companyWithOwner();
    const id = randomUUID();
    const saved = await put(id, ownerCookies, {
      companyId,
      taxFormData: { taxYear: 2025, companyName: 'Acme Digital LLC', profits: { income: 100 } },
      isCompleted: false,
    });
    expect(saved.status).toBe(200);
    const read = await t.request(`/api/v1/accounting/drafts/${id}`, { cookies: ownerCookies });
    expect(await read.json()).toMatchObject({
      id,
      companyId,
      isCompleted: false,
      taxFormData: { taxYear: 2025, companyName: 'Acme Digital LLC', profits: { income: 100 } },
    });
    const { applyPull } = await import('../sync/pull');
    const pulled = await applyPull(t.database.db, owner.id, { clientId: randomUUID(), protocolVersion, cursor: null, lastMutationId: 0 });
    expect(pulled.changes.drafts?.puts).toEqual([
      expect.objectContaining({ id, kind: 'taxForm', companyId, data: expect.objectContaining({ taxYear: 2025, isCompleted: false }) }),
    ]);
  });

  it("answers 404 for another user's draft, a company that is not theirs, and unknown fields 400", async () => {
    const { companyId, ownerCookies, teammateCookies, strangerCookies } = await companyWithOwner();
    const id = randomUUID();
    await put(id, ownerCookies, { companyId, taxFormData: { taxYear: 2025 }, isCompleted: false });
    // A draft is its author's: even a teammate of the company does not read it.
    expect((await t.request(`/api/v1/accounting/drafts/${id}`, { cookies: teammateCookies })).status).toBe(404);
    expect((await t.request(`/api/v1/accounting/drafts/${id}`, { cookies: strangerCookies })).status).toBe(404);
    expect((await put(id, strangerCookies, { companyId, taxFormData: { taxYear: 2025 }, isCompleted: false })).status).toBe(404);
    expect((await put(randomUUID(), strangerCookies, { companyId, taxFormData: { taxYear: 2025 }, isCompleted: false })).status).toBe(404);
    expect((await put(id, ownerCookies, { companyId, taxFormData: { taxYear: 2025 }, isCompleted: false, sentAt: 'now' })).status).toBe(400);
    expect((await t.request(`/api/v1/accounting/drafts/${id}`)).status).toBe(401);
  });
});

describe('sending the declaration', () => {
  it('refuses an invalid form with the SPEC §5 field errors', async () => {
    const { companyId, ownerCookies } = await companyWithOwner();
    const form = completeTaxForm({
      profits: { income: -5, expenses: 0, salariesAndFreelancersPayments: 0, rent: 0 },
      partners: [{ ...completeTaxForm().partners[0]!, percentage: 90 }],
    });
    const response = await put(randomUUID(), ownerCookies, { companyId, taxFormData: form, isCompleted: true });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({
      'taxFormData.profits.income': ['validation.amountNotNegative'],
      'taxFormData.partners': ['validation.ownershipTotal'],
    });
  });

  it('is locked while transactions of the year are uncategorised or unchecked, then goes through', async () => {
    const { companyId, ownerCookies } = await companyWithOwner();
    const unchecked = await addTransaction(companyId, { date: '2025-05-02', category: 'sales', checked: false });
    const uncategorised = await addTransaction(companyId, { date: '2025-06-02', category: null, checked: true });
    await addTransaction(companyId, { date: '2026-01-02', category: null, checked: false }); // this year's: not in the way
    const id = randomUUID();
    const refused = await put(id, ownerCookies, { companyId, taxFormData: completeTaxForm(), isCompleted: true });
    expect(refused.status).toBe(409);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(await refused.json()).toMatchObject({ code: 'declaration_blocked', taxYear: 2025, uncategorised: 1, unchecked: 1 });
    await t.database.db.update(transactions).set({ checked: true }).where(eq(transactions.id, unchecked));
    await t.database.db.update(transactions).set({ category: 'software' }).where(eq(transactions.id, uncategorised));
    const sent = await put(id, ownerCookies, { companyId, taxFormData: completeTaxForm(), isCompleted: true });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ id, isCompleted: true, taxFormData: { taxYear: 2025, companyName: 'Acme Digital LLC' } });
    const [declaration] = await t.database.db
      .select()
      .from(declarations)
      .where(and(eq(declarations.companyId, companyId), eq(declarations.year, 2025)));
    expect(declaration).toMatchObject({ draftId: id, taxFormData: expect.objectContaining({ ein: '12-3456789' }) });
  });

  it('refuses a Cross Border Crypto account, which owes no federal return', async () => {
    const { companyId, ownerCookies } = await companyWithOwner();
    await t.database.db.execute(sql`update companies set type = 'Cross Border Crypto' where id = ${companyId}`);
    const response = await put(randomUUID(), ownerCookies, { companyId, taxFormData: completeTaxForm(), isCompleted: true });
    expect(response.status).toBe(409);
    expect((await response.json()).code).toBe('no_return_due');
    expect(await (await t.request(`/api/v1/accounting/tax-info/${companyId}`, { cookies: ownerCookies })).json()).toMatchObject({
      kind: null,
      forms: [],
      deadline: null,
    });
  });

  it('refuses a year that is not over', async () => {
    const { companyId, ownerCookies } = await companyWithOwner();
    const response = await put(randomUUID(), ownerCookies, {
      companyId,
      taxFormData: completeTaxForm({ taxYear: 2026, creationDate: '2024-03-01' }),
      isCompleted: true,
    });
    expect(response.status).toBe(400);
  });

  it('freezes the sent declaration for REST and for sync, whoever tries', async () => {
    const { companyId, owner, ownerCookies, teammateCookies } = await companyWithOwner();
    const id = randomUUID();
    expect((await put(id, ownerCookies, { companyId, taxFormData: completeTaxForm(), isCompleted: true })).status).toBe(200);
    const again = await put(id, ownerCookies, { companyId, taxFormData: completeTaxForm({ companyName: 'Changed LLC' }), isCompleted: false });
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('declaration_sent');
    // A teammate's own draft of the same company and year cannot be sent (nor saved) either.
    expect((await put(randomUUID(), teammateCookies, { companyId, taxFormData: completeTaxForm(), isCompleted: true })).status).toBe(409);
    const draft = {
      id,
      kind: 'taxForm',
      companyId,
      step: 3,
      data: { taxYear: 2025, taxFormData: { companyName: 'Changed LLC' } },
      updatedAt: '2026-03-01T12:00:00.000Z',
    };
    const clientId = randomUUID();
    const at = '2026-03-01T12:00:00.000Z';
    const pushed = await applyPush(t.database.db, owner.id, {
      clientId,
      protocolVersion,
      mutations: [
        { id: 1, name: 'saveDraft', args: draft, createdAt: at },
        { id: 2, name: 'saveDraft', args: { ...draft, id: randomUUID() }, createdAt: at },
        { id: 3, name: 'deleteDraft', args: { id }, createdAt: at },
        { id: 4, name: 'saveDraft', args: { ...draft, id: randomUUID(), data: { taxYear: 2024, isCompleted: true } }, createdAt: at },
      ],
    });
    expect(pushed.rejections).toEqual([
      { mutationId: 1, code: 'declaration_sent' },
      { mutationId: 2, code: 'declaration_sent' },
      { mutationId: 3, code: 'declaration_sent' },
      { mutationId: 4, code: 'invalid' },
    ]);
    const read = await t.request(`/api/v1/accounting/drafts/${id}`, { cookies: ownerCookies });
    expect(await read.json()).toMatchObject({ isCompleted: true, taxFormData: { companyName: 'Acme Digital LLC' } });
  });
});

describe('tax documents', () => {
  const pdfText = (bytes: ArrayBuffer) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'alta-return-')), 'return.pdf');
    writeFileSync(file, Buffer.from(bytes));
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  };

  it('lists and downloads the return for owners and teammates (SSN/ITIN masked), the full filed copy only for Alta admins', async () => {
    const { companyId, ownerCookies, teammateCookies, strangerCookies } = await companyWithOwner();
    const form = completeTaxForm({ partners: [{ ...completeTaxForm().partners[0]!, taxId: '912-70-1234' }] });
    expect((await put(randomUUID(), ownerCookies, { companyId, taxFormData: form, isCompleted: true })).status).toBe(200);
    const list = await t.request(`/api/v1/accounting/tax-documents/${companyId}`, { cookies: teammateCookies });
    expect(await list.json()).toEqual({
      items: [{ year: 2025, sentAt: '2026-03-01T12:00:00.000Z', forms: ['5472', 'proForma1120'], url: `/api/v1/accounting/tax-documents/${companyId}/2025` }],
    });
    const download = await t.request(`/api/v1/accounting/tax-documents/${companyId}/2025`, { cookies: ownerCookies });
    expect(download.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(await download.arrayBuffer());
    expect(text).toContain('Acme Digital LLC');
    expect(text).toContain('***-**-1234');
    expect(text).not.toContain('912-70-1234');
    expect(text).toContain('Preparado pelo Alta');
    expect(text).toContain('Foreign-owned U.S. DE');

    expect((await t.request(`/api/v1/accounting/tax-documents/${companyId}/2025?copy=filed`, { cookies: ownerCookies })).status).toBe(404);
    const admin = await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD);
    const filed = await t.request(`/api/v1/accounting/tax-documents/${companyId}/2025?copy=filed&lang=en`, { cookies: admin });
    const filedText = pdfText(await filed.arrayBuffer());
    expect(filedText).toContain('912-70-1234');
    expect(filedText).toContain('Prepared by Alta');

    expect((await t.request(`/api/v1/accounting/tax-documents/${companyId}`, { cookies: strangerCookies })).status).toBe(404);
    expect((await t.request(`/api/v1/accounting/tax-documents/${companyId}/2025`, { cookies: strangerCookies })).status).toBe(404);
    expect((await t.request(`/api/v1/accounting/tax-info/${companyId}`, { cookies: strangerCookies })).status).toBe(404);
  });

  it('tells the forms and deadlines of last year in tax info', async () => {
    const { companyId, teammateCookies } = await companyWithOwner({ partners: 2 });
    const response = await t.request(`/api/v1/accounting/tax-info/${companyId}`, { cookies: teammateCookies });
    expect(await response.json()).toEqual({
      companyId,
      taxYear: 2025,
      kind: 'llcMultiPartner',
      forms: ['1065', 'k1'],
      deadline: '2026-03-16',
      extendedDeadline: '2026-09-15',
      nextDeadline: '2026-03-16',
      daysRemaining: 15,
      standing: 'due',
      extension: { formCode: '09', fileBy: '2026-03-16', extendedDeadline: '2026-09-15' },
      penaltyUsd: null,
      sentAt: null,
      firstReturn: null,
    });
  });
});

describe('the first tax year', () => {
  /** A company as the checkout leaves it, then as staff move it on. */
  async function company(values: { status: string; constitutionDate?: string; statusDates?: Record<string, string>; migrated?: boolean }) {
    const { companyId, ownerCookies } = await companyWithOwner();
    await t.database.db.execute(
      sql`update companies set status = ${values.status}, constitution_date = ${values.constitutionDate ?? null}, status_dates = ${JSON.stringify(values.statusDates ?? {})}::jsonb, migrated = ${values.migrated ?? false} where id = ${companyId}`,
    );
    const facts = await (await t.request(`/api/v1/accounting/tax-info/${companyId}`, { cookies: ownerCookies })).json();
    const pending = await (await t.request('/api/v1/tax-forms/pending', { cookies: ownerCookies })).json();
    return { facts, pendingCount: pending.llcSingleMemberOrCcorpResult.companiesCount as number };
  }

  it('owes nothing for last year when ordered this year and not formed yet, and says when its first return will be due', async () => {
    const { facts, pendingCount } = await company({ status: 'Start' });
    expect(facts).toMatchObject({
      taxYear: 2025,
      kind: null,
      forms: [],
      deadline: null,
      standing: null,
      firstReturn: { taxYear: 2026, forms: ['5472', 'proForma1120'], deadline: '2027-04-15', extendedDeadline: '2027-10-15' },
    });
    expect(pendingCount).toBe(0);
  });

  it('owes last year when registered in its state last year (no formation date recorded)', async () => {
    const { facts, pendingCount } = await company({
      status: 'ObtainingEin',
      statusDates: { Start: '2025-04-01T10:00:00.000Z', RegisteredInState: '2025-05-02T10:00:00.000Z' },
    });
    expect(facts).toMatchObject({ kind: 'llcSingleMember', deadline: '2026-04-15', standing: 'due', firstReturn: null });
    expect(pendingCount).toBe(1);
  });

  it('owes nothing for last year when formed this year, by its formation date', async () => {
    const { facts } = await company({ status: 'Completed', constitutionDate: '2026-01-05' });
    expect(facts).toMatchObject({ kind: null, firstReturn: { taxYear: 2026, deadline: '2027-04-15' } });
  });

  it('owes last year when migrated, its formation date unknown', async () => {
    const { facts, pendingCount } = await company({ status: 'Start', migrated: true });
    expect(facts).toMatchObject({ kind: 'llcSingleMember', forms: ['5472', 'proForma1120'], firstReturn: null });
    expect(pendingCount).toBe(1);
  });
});

describe('pending declarations and activity codes', () => {
  it('groups the caller’s unsent declarations as the reminder modal needs', async () => {
    const solo = await companyWithOwner();
    const response = await t.request('/api/v1/tax-forms/pending', { cookies: solo.ownerCookies });
    expect(await response.json()).toEqual({
      llcMultiPartnerResult: { companiesCount: 0, companyName: null },
      llcSingleMemberOrCcorpResult: { companiesCount: 1, companyName: 'Acme Digital LLC' },
      llcMultiPartnerDeadlineData: null,
      llcSoloPartnerOrCCorpDeadlineData: { deadline: '2026-04-15', daysRemaining: 45, standing: 'due', penaltyUsd: 25_000 },
    });
    await put(randomUUID(), solo.ownerCookies, { companyId: solo.companyId, taxFormData: completeTaxForm(), isCompleted: true });
    const after = await (await t.request('/api/v1/tax-forms/pending', { cookies: solo.ownerCookies })).json();
    expect(after.llcSingleMemberOrCcorpResult.companiesCount).toBe(0);
  });

  it('keeps an unsent return pending once both deadlines passed: overdue, with the days since the deadline and the Form 5472 penalty', async () => {
    const solo = await companyWithOwner();
    const was = t.clock.now;
    t.clock.now = new Date('2026-11-24T12:00:00Z');
    try {
      // A session of that day (the one made on 1 March has expired by then).
      const cookies = await signIn(t, solo.owner.email);
      const pending = await (await t.request('/api/v1/tax-forms/pending', { cookies })).json();
      expect(pending).toEqual({
        llcMultiPartnerResult: { companiesCount: 0, companyName: null },
        llcSingleMemberOrCcorpResult: { companiesCount: 1, companyName: 'Acme Digital LLC' },
        llcMultiPartnerDeadlineData: null,
        llcSoloPartnerOrCCorpDeadlineData: { deadline: '2026-04-15', daysRemaining: -223, standing: 'overdue', penaltyUsd: 25_000 },
      });
      const facts = await (await t.request(`/api/v1/accounting/tax-info/${solo.companyId}`, { cookies })).json();
      expect(facts).toMatchObject({
        standing: 'overdue',
        nextDeadline: null,
        daysRemaining: -223,
        penaltyUsd: 25_000,
        extension: { formCode: '12', fileBy: '2026-04-15', extendedDeadline: '2026-10-15' },
      });
      // Between the two deadlines it is due only with Form 7004 filed in time.
      t.clock.now = new Date('2026-05-01T12:00:00Z');
      const between = await (await t.request('/api/v1/tax-forms/pending', { cookies: await signIn(t, solo.owner.email) })).json();
      expect(between.llcSoloPartnerOrCCorpDeadlineData).toEqual({ deadline: '2026-10-15', daysRemaining: 167, standing: 'extension', penaltyUsd: 25_000 });
    } finally {
      t.clock.now = was;
    }
  });

  it('looks up NAICS codes', async () => {
    const { ownerCookies } = await companyWithOwner();
    const response = await t.request('/api/v1/accounting/activity-codes?code=54151&limit=2', { cookies: ownerCookies });
    expect((await response.json()).items.map((item: { code: string }) => item.code)).toEqual(['541511', '541512']);
    expect((await t.request('/api/v1/accounting/activity-codes?limit=1000', { cookies: ownerCookies })).status).toBe(400);
  });
});

// The owner's tax-info record (SPEC §7 `tk-info`, decision 035): saved with the tax form's rules,
// read back only by its user, and the tax country Alta knows.
const taxInfoRecord = { nationality: 'BR', taxResidenceCountry: 'PT', countryTaxId: '123.456.789-09', countriesWorkedFrom: ['BR', 'PT'] };

describe('tk-info', () => {
  it('saves the record, reads it back, replaces it, and answers null before the first', async () => {
    const user = await createUser(t);
    const cookies = await signIn(t, user.email);
    expect(await (await t.request('/api/v1/tk-info', { cookies })).json()).toEqual({ record: null });
    const saved = await t.request('/api/v1/tk-info', { method: 'POST', cookies, json: taxInfoRecord });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ record: taxInfoRecord });
    await t.request('/api/v1/tk-info', { method: 'POST', cookies, json: { ...taxInfoRecord, countriesWorkedFrom: ['ES'] } });
    const read = await t.request('/api/v1/tk-info', { cookies });
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(await read.json()).toMatchObject({ record: { ...taxInfoRecord, countriesWorkedFrom: ['ES'], updatedAt: expect.any(String) } });
  });

  it('refuses a record the tax form would refuse, and unknown fields', async () => {
    const user = await createUser(t);
    const cookies = await signIn(t, user.email);
    for (const body of [
      { ...taxInfoRecord, nationality: 'XX' },
      { ...taxInfoRecord, countriesWorkedFrom: [] },
      { ...taxInfoRecord, countryTaxId: 'x' },
      { ...taxInfoRecord, isAdmin: true },
    ]) {
      const refused = await t.request('/api/v1/tk-info', { method: 'POST', cookies, json: body });
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
    }
    expect(await (await t.request('/api/v1/tk-info', { cookies })).json()).toEqual({ record: null });
  });

  it('is each user’s own, and needs a session', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    await t.request('/api/v1/tk-info', { method: 'POST', cookies: await signIn(t, owner.email), json: taxInfoRecord });
    expect(await (await t.request('/api/v1/tk-info', { cookies: await signIn(t, other.email) })).json()).toEqual({ record: null });
    expect((await t.request('/api/v1/tk-info')).status).toBe(401);
    expect((await t.request('/api/v1/tk-info', { method: 'POST', json: taxInfoRecord })).status).toBe(401);
    expect((await t.request('/api/v1/tk-info/country')).status).toBe(401);
  });

  it('answers the tax country: the record’s, else the user’s own partner entry in a company they own, else null', async () => {
    const user = await createUser(t, { firstName: 'María', lastName: 'González' });
    const cookies = await signIn(t, user.email);
    const country = async () => ((await (await t.request('/api/v1/tk-info/country', { cookies })).json()) as { country: string | null }).country;
    expect(await country()).toBeNull();
    const companyId = randomUUID();
    const db = t.database.db;
    await db.execute(sql`insert into companies (id, owner_id, type, name_option_1) values (${companyId}, ${user.id}, 'LLC', 'Andes Labs')`);
    await db.execute(sql`insert into partners (company_id, position, first_name, last_name, ownership, is_director, address_line_1, city, state_or_province, country, postal_code)
      values (${companyId}, 0, 'Pedro', 'Alves', 50, true, 'Rua 1', 'Lisboa', 'LX', 'PT', '1000'), (${companyId}, 1, 'maría', 'GONZÁLEZ', 50, false, 'Av. 1', 'Buenos Aires', 'BA', 'AR', 'C1043')`);
    expect(await country()).toBe('AR');
    await t.request('/api/v1/tk-info', { method: 'POST', cookies, json: taxInfoRecord });
    expect(await country()).toBe('PT');
  });
});
