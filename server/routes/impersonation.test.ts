import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { URI } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validKyb } from '@domain/kyb-fixture';
import { mutators } from '@sync/mutators';
import { protocolVersion } from '@sync/protocol';
import { auditLog } from '../db/schema/audit';
import { totpOf } from '../banking/two-factor';
import { bankingProfiles, kybSubmissions } from '../db/schema/banking';
import { teammateInvitations } from '../db/schema/teammates';
import { impersonatorMutators, impersonatorOperations } from '../middleware/refuse-while-impersonating';
import { ensureAdmin } from '../seed';
import { draftRow, insertTestCompany } from '../sync/test-fixtures';
import { createUser, signIn } from '../test/accounts';
import { cookiesFrom, createTestApp, type TestApp } from '../test/harness';

/**
 * An admin acting as a user (decision 028) writes nothing but what `impersonatorOperations`
 * names: every unsafe route the app serves, read from the app itself at test time, is either
 * refused with 403 `impersonation_forbidden` or on the list, and an impersonated sync push runs
 * only the mutators of `impersonatorMutators`.
 */
let t: TestApp;
let dataDir: string;
let adminCookies: string;
let customer: { id: string; email: string; cookies: string };
let companyId: string;

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'alta-impersonation-'));
  // DATA_DIR: the local storage simulator mounts its upload route (outside the OpenAPI document).
  t = await createTestApp({ DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '1000' });
  await ensureAdmin({ env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now });
  adminCookies = await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD);
  const user = await createUser(t, { firstName: 'Olga', lastName: 'Ruiz' });
  customer = { id: user.id, email: user.email, cookies: await signIn(t, user.email) };
  companyId = await insertTestCompany(t.database.db, user.id);
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A fresh impersonation of the customer, with the admin's kept session for the way back. */
async function impersonate(): Promise<string> {
  const response = await t.request('/api/v1/admin/login-as-user', { method: 'POST', json: { userId: customer.id }, cookies: adminCookies });
  expect(response.status).toBe(200);
  return cookiesFrom(response, adminCookies);
}

/** Back to the admin session (or a new one, when the operation ended both, as a logout does). */
async function endImpersonation(acting: string) {
  const back = await t.request('/api/v1/admin/return', { method: 'POST', cookies: acting });
  adminCookies = back.status === 200 ? cookiesFrom(back, acting) : await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD);
}

/** A response's status and problem code (none for an answer without a problem body), to compare with `[403, 'impersonation_forbidden']`. */
async function statusAndCode(response: Response): Promise<[number, string | undefined]> {
  const body = (await response.json().catch(() => null)) as { code?: string } | null;
  return [response.status, body?.code];
}

/** Plausible values for a route's path parameters: the customer's company where one is meant. */
function pathOf(route: string): string {
  return route
    .replace(/\{(companyId|id)\}/g, companyId)
    .replace('{dueDate}', '2026-11-01')
    .replace(/\{\w+\}/g, () => randomUUID())
    .replace(/\*$/, `uploads/${companyId}/${randomUUID()}.pdf`);
}

/** How an impersonated session's `METHOD /route` (below /api/v1) is answered, next to what the allow-list says of it. */
async function sweep(operations: string[]): Promise<string[]> {
  const mismatches: string[] = [];
  for (const operation of operations) {
    const [method, route] = operation.split(' ') as [string, string];
    const acting = await impersonate();
    const [status, code] = await statusAndCode(await t.request(`/api/v1${pathOf(route)}`, { method, json: {}, cookies: acting }));
    const refused = status === 403 && code === 'impersonation_forbidden';
    const listed = Object.hasOwn(impersonatorOperations, operation);
    if (refused === listed)
      mismatches.push(`${operation}: ${listed ? 'listed, yet refused' : `neither listed nor refused (answered ${status} ${code ?? ''})`}`);
    await endImpersonation(acting);
  }
  return mismatches;
}

describe('an admin acting as a user', () => {
  it('is refused every unsafe operation of the OpenAPI document that the allow-list does not name', { timeout: 120_000 }, async () => {
    const document = (await (await t.request('/api/v1/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.keys(methods)
        .map((method) => method.toUpperCase())
        .filter((method) => !safeMethods.has(method))
        .map((method) => `${method} ${route.replace(/^\/api\/v1/, '')}`),
    );
    expect(operations.length).toBeGreaterThan(60);
    // Every entry of the allow-list is a route that exists.
    expect(Object.keys(impersonatorOperations).filter((operation) => !operations.includes(operation))).toEqual([]);
    expect(await sweep(operations)).toEqual([]);
  });

  it('is refused the unsafe routes outside the OpenAPI document too', { timeout: 60_000 }, async () => {
    const document = (await (await t.request('/api/v1/openapi.json')).json()) as { paths: Record<string, unknown> };
    const documented = new Set(Object.keys(document.paths));
    // Every route the app serves, as Hono registered it; `use()` middleware and fallbacks register for every method (ALL).
    const undocumented = [
      ...new Set(
        t.app.routes
          .filter((route) => route.method !== 'ALL' && !safeMethods.has(route.method))
          .map((route) => ({ method: route.method, path: route.path.replace(/:(\w+)/g, '{$1}') }))
          .filter((route) => !documented.has(route.path))
          .map((route) => `${route.method} ${route.path.replace(/^\/api\/v1/, '')}`),
      ),
    ];
    // The local storage simulator's signed upload (the URL is the credential) and the sandbox provider's hosted KYC decision.
    expect(undocumented.sort()).toEqual(['POST /banking/sandbox/kyc/{id}', 'PUT /uploads/files/*']);
    expect(await sweep(undocumented)).toEqual([]);
  });

  it('cannot invite a teammate, nor accept an invitation sent to the customer; both refusals are audit-logged', async () => {
    const acting = await impersonate();
    const invited = await t.request('/api/v1/teammates', {
      method: 'POST',
      cookies: acting,
      json: { email: 'admin-own@example.com', companyIds: [companyId], language: 'en' },
    });
    expect(await statusAndCode(invited)).toEqual([403, 'impersonation_forbidden']);
    expect(t.mails.filter((mail) => mail.to === 'admin-own@example.com')).toEqual([]);
    expect(await t.database.db.select().from(teammateInvitations).where(eq(teammateInvitations.email, 'admin-own@example.com'))).toEqual([]);

    // Another owner invites the customer; the link reaches the impersonated session.
    const other = await createUser(t);
    const otherCompany = await insertTestCompany(t.database.db, other.id);
    const sent = await t.request('/api/v1/teammates', {
      method: 'POST',
      cookies: await signIn(t, other.email),
      json: { email: customer.email, companyIds: [otherCompany], language: 'en' },
    });
    expect(sent.status).toBe(201);
    const link = t.mails.findLast((mail) => mail.to === customer.email)!.text.match(/\/join-team#([\w.-]+)/)![1]!;
    const accepted = await t.request('/api/v1/teammates/accept', { method: 'POST', cookies: acting, json: { link } });
    expect(await statusAndCode(accepted)).toEqual([403, 'impersonation_forbidden']);
    expect((await t.database.db.select().from(teammateInvitations).where(eq(teammateInvitations.email, customer.email)))[0]!.acceptedAt).toBeNull();
    // The customer, in their own session, still can.
    expect(await (await t.request('/api/v1/teammates/accept', { method: 'POST', cookies: customer.cookies, json: { link } })).json()).toEqual({
      companyIds: [otherCompany],
    });

    const refusals = await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'impersonated_request'), eq(auditLog.subjectUserId, customer.id)));
    expect(refusals.map((row) => row.details)).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/api/v1/teammates', status: 403 },
        { method: 'POST', path: '/api/v1/teammates/accept', status: 403 },
      ]),
    );
    await endImpersonation(acting);
  });

  it("cannot open the customer's banking with a code they read out, nor start the company's verification (a KYC link in their name)", async () => {
    // The customer's own authenticator, set up in their own session, and their KYB on file.
    const setup = await t.request('/api/v1/banking/two-factor/setup', { method: 'POST', cookies: customer.cookies, json: { companyId } });
    expect(setup.status).toBe(201);
    const secret = URI.parse((await setup.json()).otpauthUri).secret;
    const code = () => {
      // Each code works once: the next 30-second step.
      t.clock.advance(30_000);
      return totpOf(secret, customer.email).generate({ timestamp: t.clock.now.getTime() });
    };
    expect((await t.request('/api/v1/banking/two-factor/verify', { method: 'POST', cookies: customer.cookies, json: { code: code() } })).status).toBe(204);
    await t.database.db
      .insert(kybSubmissions)
      .values({ companyId, kind: 'business', form: validKyb(), draftId: randomUUID(), submittedBy: customer.id, submittedAt: t.clock.now });

    const acting = await impersonate();
    const verified = await t.request('/api/v1/banking/two-factor/verify', { method: 'POST', cookies: acting, json: { code: code() } });
    expect(await statusAndCode(verified)).toEqual([403, 'impersonation_forbidden']);
    const started = await t.request(`/api/v1/banking/companies/${companyId}/verification`, { method: 'POST', cookies: acting });
    expect(await statusAndCode(started)).toEqual([403, 'impersonation_forbidden']);
    expect(await t.database.db.select().from(bankingProfiles).where(eq(bankingProfiles.companyId, companyId))).toEqual([]);
    await endImpersonation(acting);
  });

  it('pushes only the mutators of the allow-list: every other is rejected with impersonation_forbidden, the rest of the batch applied', async () => {
    const acting = await impersonate();
    const push = async (mutations: { name: string; args: unknown }[]) => {
      const response = await t.request('/api/v1/sync/push', {
        method: 'POST',
        cookies: acting,
        json: {
          clientId: randomUUID(),
          protocolVersion,
          mutations: mutations.map((mutation, index) => ({ id: index + 1, createdAt: '2026-11-24T10:00:00.000Z', ...mutation })),
        },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { lastMutationId: number; rejections: { mutationId: number; code: string }[] };
    };

    // Every mutator the server knows, each with arguments it refuses or accepts on their own merits.
    const names = Object.keys(mutators);
    const answered = await push(names.map((name) => ({ name, args: {} })));
    expect(answered.lastMutationId).toBe(names.length);
    const refusedNames = answered.rejections
      .filter((rejection) => rejection.code === 'impersonation_forbidden')
      .map((rejection) => names[rejection.mutationId - 1]);
    expect(refusedNames.sort()).toEqual(names.filter((name) => !impersonatorMutators.has(name)).sort());
    expect(refusedNames).toEqual(expect.arrayContaining(['saveDraft', 'deleteDraft']));

    const accountId = randomUUID();
    const kyb = draftRow({ kind: 'kyb', companyId, step: 0, data: {} });
    const mixed = await push([
      { name: 'saveDraft', args: kyb },
      { name: 'createManualAccount', args: { id: accountId, companyId, name: 'Caja', createdAt: '2026-11-24T10:00:00.000Z' } },
    ]);
    expect(mixed).toEqual({ lastMutationId: 2, rejections: [{ mutationId: 1, code: 'impersonation_forbidden' }] });
    // The customer's own pull: the account is there, the draft is not.
    const pulled = await (
      await t.request('/api/v1/sync/pull', {
        method: 'POST',
        cookies: customer.cookies,
        json: { clientId: randomUUID(), protocolVersion, cursor: null, lastMutationId: 0 },
      })
    ).json();
    const rows = JSON.stringify(pulled);
    expect(rows).toContain(accountId);
    expect(rows).not.toContain(kyb.id);
    await endImpersonation(acting);
  });
});
