import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema/auth';
import { answeredWith, createTestApp, type TestApp } from '../test/harness';
import { draftLinkMailDraftRule, draftLinkMailIpRule, guestDraftRateRule } from './drafts';

// "Continue on another device": a guest's draft read back and mailed with its secret.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

const updatedAt = '2026-11-21T10:00:00.000Z';
const newSecret = () => randomUUID().replaceAll('-', '') + 'abcdefgh';
let ipCounter = 0;
/** A fresh client address per call site, so one test's counters never limit another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

async function uploadDraft(id = randomUUID(), secret = newSecret(), ip = freshIp()) {
  const upload = { secret, kind: 'companyCreation', step: 3, data: { values: { owner: { firstName: 'Lucía', email: 'lucia@example.com' } } }, updatedAt };
  const res = await t.request(`/api/v1/drafts/${id}`, { method: 'PUT', json: upload, headers: { 'x-forwarded-for': ip } });
  expect(res.status).toBe(200);
  const saved = (await res.json()) as { updatedAt: string };
  return { id, secret, upload, saved };
}

const read = (id: string, secret: string | null, ip = freshIp()) =>
  t.request(`/api/v1/drafts/${id}`, { headers: { ...(secret === null ? {} : { 'x-draft-secret': secret }), 'x-forwarded-for': ip } });

const mailLink = (id: string, secret: string, body: unknown, ip = freshIp()) =>
  t.request(`/api/v1/drafts/${id}/email-link`, { method: 'POST', json: body, headers: { 'x-draft-secret': secret, 'x-forwarded-for': ip } });

describe('GET /api/v1/drafts/:id', () => {
  it('answers the draft to the secret that uploaded it, uncached', async () => {
    const { id, secret, upload, saved } = await uploadDraft();
    const res = await read(id, secret);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ id, kind: 'companyCreation', step: 3, data: upload.data, updatedAt: saved.updatedAt });
  });

  it('answers the last upload from either device (both save to the same id with the same secret)', async () => {
    const { id, secret, upload } = await uploadDraft();
    const later = { ...upload, step: 5, data: { values: { owner: { firstName: 'Lucía' } }, fromLaptop: true }, updatedAt: '2026-11-21T11:00:00.000Z' };
    t.clock.advance(1000);
    const res = await t.request(`/api/v1/drafts/${id}`, { method: 'PUT', json: later, headers: { 'x-forwarded-for': freshIp() } });
    expect(res.status).toBe(200);
    expect(await (await read(id, secret)).json()).toMatchObject({ step: 5, data: later.data, updatedAt: (await res.json()).updatedAt });
  });

  it("stamps each upload with the server's clock, not the device's: a device a day ahead gets no later version than the next real save", async () => {
    const { id, secret, upload } = await uploadDraft();
    const aheadByADay = new Date(t.clock.now.getTime() + 24 * 60 * 60 * 1000).toISOString();
    const skewed = await t.request(`/api/v1/drafts/${id}`, {
      method: 'PUT',
      json: { ...upload, step: 4, updatedAt: aheadByADay },
      headers: { 'x-forwarded-for': freshIp() },
    });
    const skewedVersion = ((await skewed.json()) as { updatedAt: string }).updatedAt;
    expect(skewedVersion).toBe(t.clock.now.toISOString());
    expect(await (await read(id, secret)).json()).toMatchObject({ step: 4, updatedAt: skewedVersion });
    // A minute later another device with a correct clock saves: its version is the later one.
    t.clock.advance(60_000);
    const honest = await t.request(`/api/v1/drafts/${id}`, {
      method: 'PUT',
      json: { ...upload, step: 6, updatedAt: t.clock.now.toISOString() },
      headers: { 'x-forwarded-for': freshIp() },
    });
    const honestVersion = ((await honest.json()) as { updatedAt: string }).updatedAt;
    expect(Date.parse(honestVersion)).toBeGreaterThan(Date.parse(skewedVersion));
    expect(await (await read(id, secret)).json()).toMatchObject({ step: 6, updatedAt: honestVersion });
  });

  it('refuses a wrong secret and an unknown id alike with 404 not_found (a dead link), and answers 400 without a well-formed secret', async () => {
    const { id } = await uploadDraft();
    const wrong = await read(id, newSecret());
    const unknown = await read(randomUUID(), newSecret());
    expect(await answeredWith(wrong)).toBe('404 not_found');
    expect(await answeredWith(unknown)).toBe('404 not_found');
    expect(await wrong.json()).toEqual(await unknown.json());
    expect((await read(id, null)).status).toBe(400);
    expect((await read(id, 'short')).status).toBe(400);
    expect((await read('not-a-uuid', newSecret())).status).toBe(400);
  });

  const registerWithDraft = (id: string, secret: string | null) =>
    t.request('/api/v1/users', {
      method: 'POST',
      json: {
        firstName: 'Lucía',
        lastName: 'Gómez',
        email: `lucia-${randomUUID()}@example.com`,
        password: 'Secret#2026',
        acceptTerms: true,
        language: 'es',
        companyDraftId: id,
      },
      headers: { 'x-forwarded-for': freshIp(), ...(secret === null ? {} : { 'x-draft-secret': secret }) },
    });

  it('refuses the link once the draft is linked to an account at registration', async () => {
    const { id, secret } = await uploadDraft();
    expect((await registerWithDraft(id, secret)).status).toBe(201);
    expect(await answeredWith(await read(id, secret))).toBe('404 not_found');
  });

  it("stays the guest's when someone registers with its id but without its secret, or with another draft's", async () => {
    const { id, secret } = await uploadDraft();
    const other = await uploadDraft();
    expect((await registerWithDraft(id, null)).status).toBe(201);
    expect((await registerWithDraft(id, other.secret)).status).toBe(201);
    expect((await read(id, secret)).status).toBe(200);
    expect((await read(other.id, other.secret)).status).toBe(200);
    expect((await registerWithDraft(id, 'short')).status).toBe(400);
  });

  it('refuses a draft older than the retention window, even before the purge removes it', async () => {
    const { id, secret } = await uploadDraft();
    await t.database.db.execute(sql`update drafts set created_at = now() - interval '31 days' where id = ${id}`);
    expect(await answeredWith(await read(id, secret))).toBe('404 not_found');
  });

  it('counts reads with the uploads of the address and refuses a locked address', async () => {
    const { id, secret } = await uploadDraft();
    const ip = freshIp();
    const key = `guestDraft:ip:${ip}`;
    expect((await read(id, secret, ip)).status).toBe(200);
    await t.database.db
      .update(rateLimits)
      .set({ hits: guestDraftRateRule.max - 1 })
      .where(eq(rateLimits.key, key));
    expect((await read(id, secret, ip)).status).toBe(200);
    const refused = await read(id, secret, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await read(id, secret)).status).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents both routes with the secret as a header, never a query parameter', async () => {
    const doc = await (await t.request('/api/v1/openapi.json')).json();
    const get = doc.paths['/api/v1/drafts/{id}'].get;
    const post = doc.paths['/api/v1/drafts/{id}/email-link'].post;
    for (const operation of [get, post]) {
      expect(operation.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'x-draft-secret', in: 'header', required: true })]));
      expect(operation.parameters.filter((parameter: { in: string }) => parameter.in === 'query')).toEqual([]);
    }
    expect(Object.keys(get.responses).sort()).toEqual(['200', '400', '404', '429']);
    expect(Object.keys(post.responses).sort()).toEqual(['202', '400', '404', '429']);
  });
});

describe('POST /api/v1/drafts/:id/email-link', () => {
  const expected = {
    es: { subject: 'Continúa tu solicitud de Alta en otro dispositivo', greeting: 'Hola:', action: 'Ábrelo en el dispositivo que quieras usar:' },
    en: { subject: 'Continue your Alta application on another device', greeting: 'Hi,', action: 'Open it on the device you want to use:' },
    pt: { subject: 'Continue sua solicitação da Alta em outro dispositivo', greeting: 'Olá,', action: 'Abra-o no dispositivo que quiser usar:' },
  } as const;

  it.each(['es', 'en', 'pt'] as const)('mails the link with the secret in its fragment, in %s', async (lang) => {
    const { id, secret } = await uploadDraft();
    const before = t.mails.length;
    const res = await mailLink(id, secret, { email: '  Lucia@Example.COM ', lang });
    expect(res.status).toBe(202);
    await expect.poll(() => t.mails.length).toBe(before + 1);
    const mail = t.mails[before]!;
    const link = `http://localhost:3000/${lang}/continue#${id}.${secret}`;
    expect(mail).toMatchObject({ to: 'lucia@example.com', subject: expected[lang].subject, language: lang });
    expect(mail.text.startsWith(expected[lang].greeting)).toBe(true);
    expect(mail.text).toContain(`${expected[lang].action} ${link}`);
    expect(mail.text).toContain('30');
    expect(mail.html).toContain(`lang="${lang}"`);
    expect(mail.html).toContain(link);
  });

  it('sends nothing for a wrong secret or an invalid email', async () => {
    const { id, secret } = await uploadDraft();
    const before = t.mails.length;
    expect((await mailLink(id, newSecret(), { email: 'lucia@example.com', lang: 'en' })).status).toBe(404);
    const invalid = await mailLink(id, secret, { email: 'not-an-email', lang: 'en' });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errors).toEqual({ email: ['validation.email'] });
    expect((await mailLink(id, secret, { email: 'lucia@example.com', lang: 'fr' })).status).toBe(400);
    expect(t.mails.length).toBe(before);
  });

  it('limits mails per draft, whatever the address', async () => {
    const { id, secret } = await uploadDraft();
    for (let sent = 0; sent < draftLinkMailDraftRule.max; sent++) {
      expect((await mailLink(id, secret, { email: 'lucia@example.com', lang: 'es' })).status).toBe(202);
    }
    const refused = await mailLink(id, secret, { email: 'lucia@example.com', lang: 'es' });
    expect(await answeredWith(refused)).toBe('429 rate_limited');
    // Another draft is not affected.
    const other = await uploadDraft();
    expect((await mailLink(other.id, other.secret, { email: 'lucia@example.com', lang: 'es' })).status).toBe(202);
  });

  it('limits mails per address, counting failed attempts too', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < draftLinkMailIpRule.max; attempt++) {
      expect((await mailLink(randomUUID(), newSecret(), { email: 'lucia@example.com', lang: 'en' }, ip)).status).toBe(404);
    }
    const { id, secret } = await uploadDraft();
    const before = t.mails.length;
    // An address that tried many drafts it cannot open is a script: a 429 before the body is read.
    expect((await mailLink(id, secret, { email: 'lucia@example.com', lang: 'en' }, ip)).status).toBe(429);
    expect(t.mails.length).toBe(before);
    expect((await mailLink(id, secret, { email: 'lucia@example.com', lang: 'en' })).status).toBe(202);
  });
});
