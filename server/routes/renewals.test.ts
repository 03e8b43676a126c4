import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestCompany } from '../sync/test-fixtures';
import { ensureAdmin } from '../seed';
import { createUser, signIn } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';
import { payRequest } from '../test/orders-fixtures';

let t: TestApp;
let owner: { id: string; email: string };
let cookies: string;
let teammateCookies: string;
let strangerCookies: string;

/** A company of `owner` formed on `constitutionDate` in Wyoming (anniversary due dates), Standard plan. */
async function company(name: string, constitutionDate: string, overrides: { type?: string; status?: string; teammates?: string[] } = {}) {
  const id = await insertTestCompany(t.database.db, owner.id, overrides.teammates ?? []);
  await t.database.db.execute(
    sql`update companies set name_option_1 = ${name}, plan = 'standard', billing = 'annual', state = 'WY', constitution_date = ${constitutionDate},
        type = ${overrides.type ?? 'LLC'}, status = ${overrides.status ?? 'Completed'} where id = ${id}`,
  );
  return id;
}

let admin: string | null = null;
const adminCookies = async () => {
  if (admin) return admin;
  await ensureAdmin({ env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now });
  admin = await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD);
  return admin;
};
/** The audit rows about one company, oldest first. */
const auditOf = async (companyId: string) =>
  (
    (await t.database.db.execute(
      sql`select action, subject_email as "subjectEmail", details from audit_log where subject_company_id = ${companyId} order by created_at`,
    )) as { rows: unknown[] }
  ).rows;

const summary = async (as = cookies) => (await t.request('/api/v1/renewals/summary', { cookies: as })).json();
const renewal = (id: string, as = cookies) => t.request(`/api/v1/companies/${id}/renewal`, { cookies: as });

let overdue: string;
let pending: string;
let notYet: string;
let crypto: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-22T12:00:00Z');
  const user = await createUser(t);
  const teammate = await createUser(t);
  await createUser(t, { email: 'stranger@example.com' });
  owner = user;
  cookies = await signIn(t, user.email);
  teammateCookies = await signIn(t, teammate.email);
  strangerCookies = await signIn(t, 'stranger@example.com');
  overdue = await company('Overdue LLC', '2025-10-01', { teammates: [teammate.id] });
  pending = await company('Pending LLC', '2025-12-15');
  notYet = await company('Young LLC', '2026-06-01');
  crypto = await company('Crypto Co', '2024-01-01', { type: 'Cross Border Crypto' });
});
afterAll(() => t.close());

describe('GET /renewals/summary', () => {
  it('counts overdue and within-timeframe companies with their id, name and status', async () => {
    expect(await summary()).toEqual({
      pendingCount: 1,
      overdueCount: 1,
      pendingCompanies: [{ id: pending, name: 'Pending LLC', status: 'WITHIN_TIMEFRAME' }],
      overdueCompanies: [{ id: overdue, name: 'Overdue LLC', status: 'OVERDUE' }],
    });
  });

  it('shows a teammate the companies they belong to, and a stranger nothing', async () => {
    expect(await summary(teammateCookies)).toMatchObject({ pendingCount: 0, overdueCount: 1, overdueCompanies: [{ id: overdue }] });
    expect(await summary(strangerCookies)).toEqual({ pendingCount: 0, overdueCount: 0, pendingCompanies: [], overdueCompanies: [] });
  });

  it('needs a session', async () => {
    expect((await t.request('/api/v1/renewals/summary')).status).toBe(401);
  });
});

describe('renewal statuses', () => {
  it('OVERDUE after an unsettled due date, with the days past', async () => {
    expect(await (await renewal(overdue)).json()).toMatchObject({ status: 'OVERDUE', dueDate: '2026-10-01', daysRemaining: -52, renewalPrice: 29_900 });
  });

  it('WITHIN_TIMEFRAME inside the 60 days before the due date', async () => {
    expect(await (await renewal(pending)).json()).toMatchObject({ status: 'WITHIN_TIMEFRAME', dueDate: '2026-12-15', daysRemaining: 23 });
  });

  it('NO_RENEWAL_REQUIRED before the window and for crypto accounts', async () => {
    expect(await (await renewal(notYet)).json()).toMatchObject({ status: 'NO_RENEWAL_REQUIRED', dueDate: '2027-06-01' });
    expect(await (await renewal(crypto)).json()).toMatchObject({ status: 'NO_RENEWAL_REQUIRED', dueDate: null, renewalPrice: null });
  });

  it('ALREADY_RENEWED once the owner marks it renewed externally; a teammate may not, a stranger sees 404', async () => {
    const id = await company('External LLC', '2025-11-01');
    expect((await t.request(`/api/v1/companies/${id}/renewal/external`, { method: 'POST', cookies: strangerCookies })).status).toBe(404);
    const marked = await t.request(`/api/v1/companies/${id}/renewal/external`, { method: 'POST', cookies });
    expect(marked.status).toBe(200);
    expect(await marked.json()).toMatchObject({
      status: 'ALREADY_RENEWED',
      dueDate: '2027-11-01',
      lastRenewedDueDate: '2026-11-01',
      history: [{ dueDate: '2026-11-01', kind: 'external' }],
    });
    const again = await t.request(`/api/v1/companies/${id}/renewal/external`, { method: 'POST', cookies });
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('renewal_not_due');
    const byTeammate = await t.request(`/api/v1/companies/${overdue}/renewal/external`, { method: 'POST', cookies: teammateCookies });
    expect(byTeammate.status).toBe(403);
    expect((await byTeammate.json()).code).toBe('owner_only');
  });
});

describe('paying a renewal and a dissolution through the checkout', () => {
  const placeCompanyOrder = async (id: string, json: Record<string, unknown>, as = cookies) =>
    t.request(`/api/v1/companies/${id}/orders`, { method: 'POST', cookies: as, json });

  it('a paid renewal waits for staff to file it; staff mark it processed once (audit-logged) and the owner sees it filed', async () => {
    const id = await company('Filing LLC', '2025-10-16');
    const placed = await (await placeCompanyOrder(id, { paymentType: 'renewal', expectedAmount: 29_900 })).json();
    expect((await payRequest(t, { ...placed, amount: placed.amount } as never)).status).toBe(200);
    expect((await (await renewal(id)).json()).history).toEqual([expect.objectContaining({ dueDate: '2026-10-16', kind: 'paid', processedAt: null })]);

    const admin = await adminCookies();
    const processed = (dueDate: string, as = admin) =>
      t.request(`/api/v1/admin/companies/${id}/renewals/${dueDate}/processed`, { method: 'POST', cookies: as });
    expect((await processed('2026-10-16', cookies)).status).toBe(403);
    expect((await processed('2025-10-16')).status).toBe(404);
    t.clock.advance(60_000);
    expect((await processed('2026-10-16')).status).toBe(204);
    expect((await processed('2026-10-16')).status).toBe(409);
    expect((await (await renewal(id)).json()).history).toEqual([expect.objectContaining({ kind: 'paid', processedAt: t.clock.now.toISOString() })]);
    const audit = await auditOf(id);
    expect(audit).toEqual([expect.objectContaining({ action: 'process_renewal', details: { dueDate: '2026-10-16' } })]);
  });

  it('staff mark a due renewal renewed for the customer (once, audit-logged); a renewal not due is refused', async () => {
    const id = await company('Staff Renewed LLC', '2025-11-10');
    const admin = await adminCookies();
    const renew = (companyId: string) => t.request(`/api/v1/admin/companies/${companyId}/renewal/renewed`, { method: 'POST', cookies: admin });
    expect((await renew(id)).status).toBe(204);
    expect(await (await renewal(id)).json()).toMatchObject({
      status: 'ALREADY_RENEWED',
      history: [{ dueDate: '2026-11-10', kind: 'staff', processedAt: t.clock.now.toISOString() }],
    });
    expect((await (await renew(id)).json()).code).toBe('renewal_not_due');
    expect((await (await renew(notYet)).json()).code).toBe('renewal_not_due');
    expect((await renew('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(await auditOf(id)).toEqual([expect.objectContaining({ action: 'renew_company', subjectEmail: owner.email, details: { dueDate: '2026-11-10' } })]);
  });

  it('a paid renewal settles the due date it was placed for', async () => {
    const id = await company('Renew LLC', '2025-10-15');
    const mismatch = await placeCompanyOrder(id, { paymentType: 'renewal', expectedAmount: 1 });
    expect(mismatch.status).toBe(409);
    expect(await mismatch.json()).toMatchObject({ code: 'price_mismatch', amount: 29_900 });
    const placed = await placeCompanyOrder(id, { paymentType: 'renewal', expectedAmount: 29_900 });
    expect(placed.status).toBe(201);
    const order = await placed.json();
    const order2 = await (await t.request(`/api/v1/orders/${order.orderId}`, { headers: { 'x-checkout-token': order.checkoutToken } })).json();
    expect(order2).toMatchObject({ paymentType: 'renewal', companyName: 'Renew LLC', quote: { lines: [{ kind: 'renewal', amount: 29_900 }] } });
    const paid = await payRequest(t, { orderId: order.orderId, checkoutToken: order.checkoutToken, amount: order.amount, orderNumber: order.orderNumber });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ status: 'succeeded', companyId: id });
    expect(await (await renewal(id)).json()).toMatchObject({ status: 'ALREADY_RENEWED', history: [{ dueDate: '2026-10-15', kind: 'paid' }] });
    expect(t.mails.at(-1)?.text).toContain('Renovación de la empresa');
  });

  it('refuses a renewal that is not due, and orders by a teammate', async () => {
    expect((await (await placeCompanyOrder(notYet, { paymentType: 'renewal', expectedAmount: 29_900 })).json()).code).toBe('renewal_not_due');
    expect((await (await placeCompanyOrder(overdue, { paymentType: 'renewal', expectedAmount: 29_900 }, teammateCookies)).json()).code).toBe('owner_only');
  });

  it('dissolution goes available → requested (paid) → processed (staff), and renewals stop', async () => {
    const id = await company('Closing LLC', '2025-10-20');
    const placed = await (await placeCompanyOrder(id, { paymentType: 'dissolution', expectedAmount: 34_900 })).json();
    expect((await payRequest(t, { ...placed, amount: placed.amount } as never)).status).toBe(200);
    expect(await (await renewal(id)).json()).toMatchObject({ dissolution: 'requested', status: 'NO_RENEWAL_REQUIRED' });
    expect((await (await placeCompanyOrder(id, { paymentType: 'dissolution', expectedAmount: 34_900 })).json()).code).toBe('dissolution_unavailable');

    expect((await t.request(`/api/v1/admin/companies/${id}/dissolution/processed`, { method: 'POST', cookies })).status).toBe(403);
    const admin = await adminCookies();
    expect((await t.request(`/api/v1/admin/companies/${overdue}/dissolution/processed`, { method: 'POST', cookies: admin })).status).toBe(409);
    expect((await t.request(`/api/v1/admin/companies/${id}/dissolution/processed`, { method: 'POST', cookies: admin })).status).toBe(204);
    expect((await t.request(`/api/v1/admin/companies/${id}/dissolution/processed`, { method: 'POST', cookies: admin })).status).toBe(409);
    expect(await (await renewal(id)).json()).toMatchObject({ dissolution: 'processed' });
    expect(await auditOf(id)).toEqual([expect.objectContaining({ action: 'process_dissolution', details: { companyId: id } })]);
  });

  it('additional services join the company once paid; owned or unknown ones are refused', async () => {
    const id = await company('Services LLC', '2026-01-10');
    const refused = await placeCompanyOrder(id, { paymentType: 'additionalService', services: ['noSuchService'], expectedAmount: 0 });
    expect(refused.status).toBe(400);
    const placed = await (await placeCompanyOrder(id, { paymentType: 'additionalService', services: ['apostille'], expectedAmount: 17_900 })).json();
    expect((await payRequest(t, placed as never)).status).toBe(200);
    const detail = await (await t.request(`/api/v1/companies/${id}`, { cookies })).json();
    expect(detail.services).toEqual(['apostille']);
    const twice = await placeCompanyOrder(id, { paymentType: 'additionalService', services: ['apostille'], expectedAmount: 17_900 });
    expect((await twice.json()).errors).toEqual({ services: ['validation.duplicateService'] });
  });
});
