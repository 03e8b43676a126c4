import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../seed';
import { signIn } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';

/** Issue 9 §4: text PostgreSQL cannot store, and hostile nesting, are a 400 problem at the boundary, never a 500. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_MULTIPLIER: '50' });
});
afterAll(() => t.close());

async function expectValidation(response: Response, field: string) {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  expect(await response.json()).toMatchObject({ code: 'validation', errors: { [field]: ['validation.invalid'] } });
}

const registration = (extra: Record<string, unknown>) => ({
  firstName: 'Lucía',
  lastName: 'Gómez',
  email: `lucia-${randomUUID()}@example.com`,
  password: 'Secret#2026',
  acceptTerms: true,
  language: 'es',
  ...extra,
});

describe('unstorable text', () => {
  it('in a contact message', async () => {
    const body = { name: 'Lucía', email: 'lucia@example.com', message: 'Hola\u0000', language: 'es' };
    await expectValidation(await t.request('/api/v1/contact', { method: 'POST', json: body }), 'message');
  });

  it("in a new account's attribution", async () => {
    await expectValidation(
      await t.request('/api/v1/users', { method: 'POST', json: registration({ attribution: { utmSource: 'x\ud800' } }) }),
      'attribution.utmSource',
    );
  });

  it("in the admin's search", async () => {
    await ensureAdmin({ env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now });
    const admin = await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD);
    await expectValidation(await t.request('/api/v1/users?search=a%00b', { cookies: admin }), 'search');
    // A surrogate cannot be percent-encoded as UTF-8: the malformed escape stays literal text.
    expect((await t.request('/api/v1/users?search=%ED%A0%80', { cookies: admin })).status).toBe(200);
  });

  it("in a guest draft's data and keys", async () => {
    const upload = (data: unknown) =>
      t.request(`/api/v1/drafts/${randomUUID()}`, {
        method: 'PUT',
        json: { secret: 's'.repeat(43), kind: 'companyCreation', step: 1, data, updatedAt: '2026-11-22T10:00:00.000Z' },
      });
    await expectValidation(await upload({ values: { name: 'a\u0000' } }), 'data.values');
    expect((await upload({ ['\udfff']: 1 })).status).toBe(400);
  });

  it('in a sync mutation name', async () => {
    await ensureAdmin({ env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now });
    const cookies = await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD);
    const push = {
      clientId: randomUUID(),
      protocolVersion: 1,
      mutations: [{ id: 1, name: 'save\u0000Draft', args: {}, createdAt: '2026-11-22T10:00:00.000Z' }],
    };
    await expectValidation(await t.request('/api/v1/sync/push', { method: 'POST', json: push, cookies }), 'mutations.0.name');
  });
});

describe('hostile nesting', () => {
  it('in guest draft data: 400, not a stack overflow', async () => {
    const depth = 100_000;
    const body = `{"secret":"${'s'.repeat(43)}","kind":"companyCreation","step":1,"updatedAt":"2026-11-22T10:00:00.000Z","data":{"a":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
    const response = await t.request(`/api/v1/drafts/${randomUUID()}`, { method: 'PUT', body, headers: { 'content-type': 'application/json' } });
    await expectValidation(response, 'data.a');
  });
});
