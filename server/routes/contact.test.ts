import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactLimits } from '@domain/contact';
import { rateLimits } from '../db/schema/auth';
import { contactMessages } from '../db/schema/contact';
import { createTestApp, type TestApp } from '../test/harness';
import { contactRateRule } from './contact';

const valid = { name: 'Lucía Pérez', email: ' Lucia@Example.com ', message: '¿Puedo migrar mi LLC de Wyoming?', language: 'es' };

describe('POST /api/v1/contact', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  // One database for the file (migrations are the slow part); each test starts with no counters and no mail.
  beforeEach(async () => {
    await t.database.db.delete(rateLimits);
    await t.database.db.delete(contactMessages);
    t.mails.length = 0;
  });

  const send = (json: unknown) => t.request('/api/v1/contact', { method: 'POST', json });

  it('stores the message, mails the team and answers 201', async () => {
    const response = await send(valid);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'received' });

    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, body.id));
    expect(row).toMatchObject({ name: 'Lucía Pérez', email: 'lucia@example.com', message: valid.message, language: 'es' });
    expect(row!.mailedAt).not.toBeNull();

    expect(t.mails).toHaveLength(1);
    expect(t.mails[0]!.to).toBe(t.env.ADMIN_EMAIL);
    expect(t.mails[0]!.subject).toContain('Lucía Pérez');
    expect(t.mails[0]!.text).toContain('lucia@example.com');
    expect(t.mails[0]!.text).toContain(valid.message);
    expect(t.mails[0]!.text).toContain(body.id);
  });

  it('answers problem+json 400 with an i18n key per invalid field', async () => {
    const response = await send({ name: '  ', email: 'not-an-email', message: '', language: 'es' });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({
      code: 'validation',
      errors: { name: ['validation.required'], email: ['validation.email'], message: ['validation.required'] },
    });
    expect(t.mails).toHaveLength(0);
  });

  it('requires every field and refuses unknown ones', async () => {
    const response = await send({ __proto__: { isAdmin: true }, extra: 1 });
    const body = await response.json();
    expect(response.status).toBe(400);
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'extra', 'language', 'message', 'name']);
    expect(body.errors.extra).toEqual(['validation.unknownField']);
  });

  it('refuses overlong names and messages and wrong types', async () => {
    const response = await send({ ...valid, name: 'n'.repeat(contactLimits.nameMax + 1), message: 'm'.repeat(contactLimits.messageMax + 1) });
    expect(await response.json()).toMatchObject({ errors: { name: ['validation.tooLong'], message: ['validation.tooLong'] } });
    const wrongTypes = await send({ ...valid, message: 42, language: 'fr' });
    expect(wrongTypes.status).toBe(400);
    expect(Object.keys((await wrongTypes.json()).errors).sort()).toEqual(['language', 'message']);
  });

  it('rate-limits an address: a few messages an hour, then 429 with Retry-After', async () => {
    for (let i = 0; i < contactRateRule.max; i++) expect((await send(valid)).status).toBe(201);
    const refused = await send(valid);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(t.mails).toHaveLength(contactRateRule.max);

    t.clock.advance(contactRateRule.baseLockMs + 1000);
    expect((await send(valid)).status).toBe(201);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = await (await t.request('/api/v1/openapi.json')).json();
    expect(doc.paths['/api/v1/contact'].post).toBeDefined();
  });
});

describe('POST /api/v1/contact when the mail cannot be sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { mailer: { send: async () => Promise.reject(new Error('SMTP down')) } });
  });
  afterAll(() => t.close());

  it('keeps the message for the team and still thanks the sender', async () => {
    const response = await t.request('/api/v1/contact', { method: 'POST', json: valid });
    expect(response.status).toBe(201);
    const [row] = await t.database.db.select().from(contactMessages);
    expect(row!.mailedAt).toBeNull();
  });
});
