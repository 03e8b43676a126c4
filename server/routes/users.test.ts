import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsersPageSchema } from '@domain/admin';
import { userSchema } from '@domain/account';
import type { AppDeps } from '../context';
import { twoFactorSecrets } from '../db/schema/banking';
import { companies, companyMembers } from '../db/schema/companies';
import { users } from '../db/schema/users';
import { ensureAdmin } from '../seed';
import { createUser, goodPassword, signIn } from '../test/accounts';
import { createGoogleSigner } from '../test/google-tokens';
import { answeredWith, cookiesFrom, createTestApp, type TestApp } from '../test/harness';

const registration = (fields: Record<string, unknown> = {}) => ({
  firstName: 'María José',
  lastName: "O'Neil-Souza",
  email: `new-${Math.random().toString(36).slice(2, 10)}@example.com`,
  phone: '+5491155551234',
  password: goodPassword,
  acceptTerms: true,
  ...fields,
});

// One plain app for the file (opening a database runs every migration, slow on a busy
// machine); the Google tests need their own, configured one. The admin list runs first, so
// its counts see only its own users.
const clientId = 'alta-test.apps.googleusercontent.com';
let t: TestApp;
let google: Awaited<ReturnType<typeof createGoogleSigner>>;
beforeAll(async () => {
  google = await createGoogleSigner();
  t = await createTestApp({}, { googleKeys: google.keys });
});
afterAll(() => t.close());

describe('admin user list', () => {
  let adminCookies: string;
  beforeAll(async () => {
    const deps: AppDeps = { env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now };
    await ensureAdmin(deps);
    adminCookies = await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD);
    const owner = await createUser(t, { email: 'owner@example.com', firstName: 'Olga', lastName: 'Zapata' });
    const mate = await createUser(t, { email: 'mate@example.com', firstName: 'Mateo', lastName: 'Abril' });
    t.clock.advance(1000);
    await createUser(t, { email: 'per_cent%@example.com', firstName: 'Pia', lastName: 'Nuñez' });
    const [company] = await t.database.db
      .insert(companies)
      .values({ ownerId: owner.id, type: 'LLC', nameOption1: 'Zapata Labs LLC', status: 'ObtainingEin' })
      .returning();
    await t.database.db.insert(companyMembers).values({ companyId: company!.id, userId: mate.id });
  });

  const list = (query = '', cookies = adminCookies) => t.request(`/api/v1/users${query}`, { cookies });

  it('is the admin in /users/me', async () => {
    expect(await (await t.request('/api/v1/users/me', { cookies: adminCookies })).json()).toMatchObject({ role: 'admin', email: t.env.ADMIN_EMAIL });
  });

  it('lists users with their companies, newest first by default', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    const page = adminUsersPageSchema.parse(await response.json());
    expect(page.total).toBe(4);
    expect(page.items[0]!.email).toBe('per_cent%@example.com');
    const owner = page.items.find((item) => item.email === 'owner@example.com')!;
    expect(owner.companies).toEqual([{ id: expect.any(String), name: 'Zapata Labs LLC', type: 'LLC', status: 'ObtainingEin', relation: 'owner' }]);
    expect(page.items.find((item) => item.email === 'mate@example.com')!.companies[0]!.relation).toBe('teammate');
    expect(page.items.find((item) => item.email === t.env.ADMIN_EMAIL)!.role).toBe('admin');
  });

  it('searches names and emails, taking % and _ literally', async () => {
    // The owner by name, the teammate by the name of the company they share.
    const byName = adminUsersPageSchema.parse(await (await list('?search=zapa')).json());
    expect(byName.items.map((item) => item.email).sort()).toEqual(['mate@example.com', 'owner@example.com']);
    const byFullName = adminUsersPageSchema.parse(await (await list(`?search=${encodeURIComponent('Mateo Abr')}`)).json());
    expect(byFullName.items.map((item) => item.email)).toEqual(['mate@example.com']);
    const literal = adminUsersPageSchema.parse(await (await list(`?search=${encodeURIComponent('_cent%')}`)).json());
    expect(literal.items.map((item) => item.email)).toEqual(['per_cent%@example.com']);
    const wildcard = adminUsersPageSchema.parse(await (await list(`?search=${encodeURIComponent('%')}`)).json());
    expect(wildcard.total).toBe(1);
  });

  it('sorts and pages', async () => {
    const first = adminUsersPageSchema.parse(await (await list('?orderBy=email&orderDirection=asc&limit=2')).json());
    const second = adminUsersPageSchema.parse(await (await list('?orderBy=email&orderDirection=asc&limit=2&offset=2')).json());
    const emails = [...first.items, ...second.items].map((item) => item.email);
    expect(emails).toEqual([...emails].sort());
    expect(first.total).toBe(4);
    expect(new Set(emails).size).toBe(4);
  });

  it('refuses bad query values and unknown parameters', async () => {
    expect((await list('?limit=0')).status).toBe(400);
    expect((await list('?orderBy=password')).status).toBe(400);
    const unknown = await list('?isAdmin=1');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors.isAdmin).toEqual(['validation.unknownField']);
  });

  it('answers 403 to a normal user and 401 to a visitor', async () => {
    const user = await createUser(t);
    const response = await list('', await signIn(t, user.email));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'forbidden' });
    expect((await list('', '')).status).toBe(401);
  });
});

describe('registration', () => {
  const register = (body: unknown) => t.request('/api/v1/users', { method: 'POST', json: body });

  it('creates the account, signs it in and sends a welcome mail in its language', async () => {
    const draftId = '3f0b3c0e-8f5e-4a8a-9b7e-2f6f0a1b2c3d';
    const response = await register(
      registration({ email: '  Nueva@Example.com', language: 'en', companyDraftId: draftId, attribution: { utmSource: 'google' } }),
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.status).toBe('ok');
    const user = userSchema.parse(body.data);
    expect(user).toMatchObject({ email: 'nueva@example.com', firstName: 'María José', role: 'user', language: 'en', phone: '+5491155551234', companies: [] });

    const cookies = cookiesFrom(response);
    const me = await t.request('/api/v1/users/me', { cookies });
    expect((await me.json()).id).toBe(user.id);

    const welcome = t.mails.find((mail) => mail.to === 'nueva@example.com')!;
    expect(welcome.subject).toBe('Welcome to Alta');
    expect(welcome.text).toContain('http://localhost:3000/en/dashboard');

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.companyDraftId).toBe(draftId);
    expect(row!.attribution).toEqual({ utmSource: 'google' });
  });

  it('refuses an email that is taken, whatever its case', async () => {
    await createUser(t, { email: 'taken@example.com' });
    const response = await register(registration({ email: 'TAKEN@example.com' }));
    expect(await answeredWith(response)).toBe('409 email_taken');
  });

  it('refuses sign-up with the admin email', async () => {
    const response = await register(registration({ email: t.env.ADMIN_EMAIL.toUpperCase() }));
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'admin_email_reserved' });
  });

  it('applies the SPEC account rules per field', async () => {
    const response = await register({
      firstName: 'J',
      lastName: 'Smith2',
      email: 'not-an-email',
      phone: '1155551234',
      password: 'password1',
      acceptTerms: false,
    });
    expect(response.status).toBe(400);
    const { errors } = await response.json();
    expect(errors).toMatchObject({
      firstName: ['validation.nameMin'],
      lastName: ['validation.nameLetters'],
      email: ['validation.email'],
      phone: ['validation.phone'],
      password: ['validation.password'],
      acceptTerms: ['validation.acceptTerms'],
    });
  });

  it('rejects unknown fields, such as a role', async () => {
    const response = await register(registration({ role: 'admin', status: 'active' }));
    expect(response.status).toBe(400);
    const { errors } = await response.json();
    expect(errors.role).toEqual(['validation.unknownField']);
    expect(errors.status).toEqual(['validation.unknownField']);
  });

  it('refuses a huge body without reaching the handler', async () => {
    const response = await register(registration({ firstName: 'a'.repeat(2 * 1024 * 1024) }));
    expect(response.status).toBe(413);
  });
});

describe('Google sign-in when GOOGLE_CLIENT_ID is not set', () => {
  it('answers google_auth_failed', async () => {
    const token = await google.sign({ sub: 'g-1', email: 'gina@example.com' }, { audience: clientId, now: t.clock.now });
    const response = await t.request('/api/v1/login', { method: 'POST', json: { token } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'google_auth_failed' });
  });
});

describe('Google sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GOOGLE_CLIENT_ID: clientId }, { googleKeys: google.keys });
  });
  afterAll(() => t.close());

  const token = (sub: string, email: string, audience = clientId) => google.sign({ sub, email }, { audience, now: t.clock.now });
  const login = (body: unknown) => t.request('/api/v1/login', { method: 'POST', json: body });

  it('registers with a Google token (no password) and signs in with it later', async () => {
    const registered = await t.request('/api/v1/users', {
      method: 'POST',
      json: {
        firstName: 'Gina',
        lastName: 'Gómez',
        email: 'gina@example.com',
        token: await token('g-1', 'gina@example.com'),
        googleId: 'g-1',
        acceptTerms: true,
      },
    });
    expect(registered.status).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'gina@example.com'));
    expect(row).toMatchObject({ googleSub: 'g-1', passwordHash: null });

    const signedIn = await login({ token: await token('g-1', 'gina@example.com') });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ status: 'ok', data: { email: 'gina@example.com' } });
  });

  it('creates nothing when an unknown Google account signs in', async () => {
    const response = await login({ token: await token('g-unknown', 'stranger@example.com') });
    expect(await answeredWith(response)).toBe('404 google_account_not_found');
    expect(await t.database.db.select().from(users).where(eq(users.email, 'stranger@example.com'))).toEqual([]);
  });

  it('links an existing password account by its verified email', async () => {
    const user = await createUser(t, { email: 'linked@example.com' });
    const response = await login({ token: await token('g-linked', 'linked@example.com') });
    expect(response.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.googleSub).toBe('g-linked');
  });

  it('shuts out whoever pre-registered the address with a password when its Google holder signs in', async () => {
    // Anyone may register someone else's address; the welcome mail's link never reaches them.
    const registered = await t.request('/api/v1/users', { method: 'POST', json: registration({ email: 'victim@gmail.com' }) });
    expect(registered.status).toBe(201);
    const attackerSession = cookiesFrom(registered);
    const attacker = (await t.database.db.select().from(users).where(eq(users.email, 'victim@gmail.com')))[0]!;
    await t.database.db.insert(twoFactorSecrets).values({ userId: attacker.id, secretCiphertext: 'chosen-by-the-attacker', confirmedAt: t.clock.now });

    const victim = await login({ token: await token('g-victim', 'victim@gmail.com') });
    expect(victim.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, attacker.id));
    expect(row).toMatchObject({ googleSub: 'g-victim', passwordHash: null });
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect(await t.database.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, attacker.id))).toEqual([]);

    expect((await t.request('/api/v1/users/me', { cookies: attackerSession })).status).toBe(401);
    expect((await t.request('/api/v1/auth/refresh', { method: 'POST', cookies: attackerSession })).status).toBe(401);
    expect(await answeredWith(await login({ email: 'victim@gmail.com', password: goodPassword }))).toBe('401 invalid_credentials');
    expect((await t.request('/api/v1/users/me', { cookies: cookiesFrom(victim) })).status).toBe(200);
  });

  it('keeps the password of an account that proved its email when Google links to it', async () => {
    const user = await createUser(t, { email: 'proven@example.com' });
    await t.database.db.update(users).set({ emailVerifiedAt: t.clock.now }).where(eq(users.id, user.id));
    const session = await signIn(t, 'proven@example.com');
    expect((await login({ token: await token('g-proven', 'proven@example.com') })).status).toBe(200);
    expect((await t.request('/api/v1/users/me', { cookies: session })).status).toBe(200);
    await signIn(t, 'proven@example.com');
  });

  it('refuses a token for another audience, and one whose email is not the form’s', async () => {
    const wrongAudience = await login({ token: await token('g-1', 'gina@example.com', 'other-client') });
    expect(wrongAudience.status).toBe(401);
    expect(await wrongAudience.json()).toMatchObject({ code: 'google_auth_failed' });

    const mismatch = await t.request('/api/v1/users', {
      method: 'POST',
      json: { firstName: 'Eve', lastName: 'Smith', email: 'eve@example.com', token: await token('g-eve', 'someone@example.com'), acceptTerms: true },
    });
    expect(mismatch.status).toBe(401);
    expect(await mismatch.json()).toMatchObject({ code: 'google_auth_failed' });
  });

  it('refuses a registration that sends both a password and a token', async () => {
    const response = await t.request('/api/v1/users', {
      method: 'POST',
      json: {
        firstName: 'Eve',
        lastName: 'Smith',
        email: 'both@example.com',
        password: goodPassword,
        token: await token('g-both', 'both@example.com'),
        acceptTerms: true,
      },
    });
    expect(response.status).toBe(400);
  });
});
