import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '@domain/problem';
import { createAccountWithTemporaryPassword } from '../auth/accounts';
import type { AppDeps } from '../context';
import { twoFactorSecrets } from '../db/schema/banking';
import { users } from '../db/schema/users';
import { createUser, goodPassword, signIn } from '../test/accounts';
import { answeredWith, cookiesFrom, createTestApp, type TestApp } from '../test/harness';

const setCookies = (response: Response) => response.headers.getSetCookie();
const cookieLine = (response: Response, name: string) => setCookies(response).find((line) => line.startsWith(`${name}=`));
const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];
const post = (t: TestApp, path: string, json?: unknown, cookies?: string) => t.request(`/api/v1${path}`, { method: 'POST', json, cookies });
const put = (t: TestApp, path: string, json?: unknown) => t.request(`/api/v1${path}`, { method: 'PUT', json });

/** Deps bound to the test app, for server functions that tests call directly. */
const depsOf = (t: TestApp): AppDeps => ({
  env: t.env,
  database: t.database,
  mailer: { send: async (message) => void t.mails.push(message) },
  now: () => t.clock.now,
});

// One app for the file (opening a database runs every migration, which is slow on a busy
// machine). TRUST_PROXY lets the rate-limit tests speak from their own addresses; the other
// tests send no X-Forwarded-For and share the socket-less bucket.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

describe('login, logout, me', () => {
  it('signs in with email and password: HttpOnly Lax cookies, the user in the body', async () => {
    const user = await createUser(t, { email: 'login@example.com' });
    const response = await post(t, '/login', { email: '  LOGIN@example.com ', password: goodPassword });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'ok', data: { id: user.id, email: 'login@example.com', role: 'user', companies: [], impersonatedBy: null } });
    const access = cookieLine(response, 'accessToken')!;
    const refresh = cookieLine(response, 'refreshToken')!;
    expect(access).toMatch(/HttpOnly/);
    expect(access).toMatch(/SameSite=Lax/);
    expect(access).toMatch(/Path=\/;/);
    expect(access).toMatch(/Max-Age=900/);
    expect(access).not.toMatch(/Secure/);
    expect(refresh).toMatch(/HttpOnly/);
    expect(refresh).toMatch(/Path=\/api/);
    expect(refresh).toMatch(/Max-Age=2592000/);
  });

  it('answers /users/me with the signed-in user, and 401 problem+json without a session', async () => {
    const user = await createUser(t);
    const cookies = await signIn(t, user.email);
    const me = await t.request('/api/v1/users/me', { cookies });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: user.id, firstName: 'Ana', lastName: 'Pérez', language: 'es', status: 'active' });

    const anonymous = await t.request('/api/v1/users/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toBe('application/problem+json');
    const problem = problemSchema.parse(await anonymous.json());
    expect(problem).toMatchObject({ status: 401, code: 'unauthorized', title: 'Unauthorized', type: 'https://alta.app/problems/unauthorized' });
  });

  it('refuses a forged or expired access token', async () => {
    const user = await createUser(t);
    const cookies = await signIn(t, user.email);
    const access = /accessToken=([^;]+)/.exec(cookies)![1]!;
    const [header, payload] = access.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'admin' })).toString('base64url');
    const forged = await t.request('/api/v1/users/me', { cookies: `accessToken=${header}.${forgedPayload}.${access.split('.')[2]}` });
    expect(forged.status).toBe(401);

    t.clock.advance(16 * 60 * 1000);
    const expired = await t.request('/api/v1/users/me', { cookies });
    expect(expired.status).toBe(401);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const user = await createUser(t);
    const wrongPassword = await post(t, '/login', { email: user.email, password: 'Wrong#2026' });
    const unknownEmail = await post(t, '/login', { email: 'nobody@example.com', password: 'Wrong#2026' });
    expect(await answeredWith(wrongPassword)).toBe('401 invalid_credentials');
    expect(await answeredWith(unknownEmail)).toBe('401 invalid_credentials');
    expect(await wrongPassword.json()).toEqual(await unknownEmail.json());
    expect(setCookies(wrongPassword)).toEqual([]);
  });

  it('refuses password login to an account created with Google (it has no password)', async () => {
    const user = await createUser(t, { password: null, googleSub: 'google-123' });
    const response = await post(t, '/login', { email: user.email, password: goodPassword });
    expect(await answeredWith(response)).toBe('401 invalid_credentials');
  });

  it('logs out: 204, cookies cleared, the refresh token revoked', async () => {
    const user = await createUser(t);
    const cookies = await signIn(t, user.email);
    const response = await post(t, '/logout', undefined, cookies);
    expect(response.status).toBe(204);
    expect(cookieLine(response, 'accessToken')).toMatch(/Max-Age=0/);
    expect(cookieLine(response, 'refreshToken')).toMatch(/Max-Age=0/);
    const refresh = await post(t, '/auth/refresh', undefined, cookies);
    expect(refresh.status).toBe(401);
    expect(cookiesFrom(response, cookies)).toBe('');
  });

  it('logs out without a session too', async () => {
    expect((await post(t, '/logout')).status).toBe(204);
  });

  it('rejects unknown and hostile fields with validation.unknownField', async () => {
    const response = await t.request('/api/v1/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@example.com","password":"x","role":"admin","__proto__":{"admin":true}}',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const body = await response.json();
    expect(body).toMatchObject({ status: 400, code: 'validation', title: 'Bad Request' });
    expect(body.errors.role).toEqual(['validation.unknownField']);
    expect(body.errors.__proto__).toEqual(['validation.unknownField']);
  });

  it('answers wrong types and missing fields per field', async () => {
    const response = await post(t, '/login', { email: 42, password: ['x'] });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['email', 'password']));
    const empty = await post(t, '/login', {});
    expect(empty.status).toBe(400);
    const notJson = await t.request('/api/v1/login', { method: 'POST', body: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(notJson.status).toBe(415);
  });
});

describe('refresh rotation', () => {
  it('rotates the refresh token and renews an expired access token', async () => {
    const user = await createUser(t);
    const first = await signIn(t, user.email);
    t.clock.advance(16 * 60 * 1000);
    expect((await t.request('/api/v1/users/me', { cookies: first })).status).toBe(401);

    const refreshed = await post(t, '/auth/refresh', undefined, first);
    expect(refreshed.status).toBe(204);
    const second = cookiesFrom(refreshed, first);
    expect(/refreshToken=([^;]+)/.exec(second)![1]).not.toBe(/refreshToken=([^;]+)/.exec(first)![1]);
    expect((await t.request('/api/v1/users/me', { cookies: second })).status).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const user = await createUser(t);
    const stolen = await signIn(t, user.email);
    const rotated = cookiesFrom(await post(t, '/auth/refresh', undefined, stolen), stolen);
    t.clock.advance(60_000);

    const reuse = await post(t, '/auth/refresh', undefined, stolen);
    expect(reuse.status).toBe(401);
    expect(await reuse.json()).toMatchObject({ code: 'unauthorized' });
    // The legitimate holder's newer token is dead too: the family is revoked.
    expect((await post(t, '/auth/refresh', undefined, rotated)).status).toBe(401);
  });

  it('lets a racing tab that presents a just-rotated token get an access token without revoking anything', async () => {
    const user = await createUser(t);
    const shared = await signIn(t, user.email);
    const winner = cookiesFrom(await post(t, '/auth/refresh', undefined, shared), shared);
    t.clock.advance(2_000);

    const loser = await post(t, '/auth/refresh', undefined, shared);
    expect(loser.status).toBe(204);
    expect(cookieLine(loser, 'accessToken')).toBeDefined();
    expect(cookieLine(loser, 'refreshToken')).toBeUndefined();
    expect((await post(t, '/auth/refresh', undefined, winner)).status).toBe(204);
  });

  it('answers 401 without a refresh cookie or with an unknown one', async () => {
    expect((await post(t, '/auth/refresh')).status).toBe(401);
    expect((await post(t, '/auth/refresh', undefined, 'refreshToken=made-up')).status).toBe(401);
  });

  it('expires refresh tokens after 30 days', async () => {
    const user = await createUser(t);
    const cookies = await signIn(t, user.email);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await post(t, '/auth/refresh', undefined, cookies)).status).toBe(401);
  });
});

describe('password reset by mailed code', () => {
  const requestCode = async (email: string, language?: string) => {
    const before = t.mails.length;
    const response = await post(t, '/reset-password', language ? { email, language } : { email });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ status: 'ok' });
    return t.mails.slice(before);
  };

  it('mails a 6-digit code in the user language; the code sets a new password and ends every session', async () => {
    const user = await createUser(t, { language: 'pt' });
    const session = await signIn(t, user.email);
    const [mail] = await requestCode(user.email);
    expect(mail).toMatchObject({ to: user.email, language: 'pt' });
    expect(mail!.subject).toBe('Seu código de segurança para redefinir a senha');
    expect(mail!.text).toContain('Olá, Ana,');
    const code = codeOf(mail!.text)!;
    expect(code).toMatch(/^\d{6}$/);

    const confirmed = await put(t, '/reset-password/confirm', { email: user.email, code, newPassword: 'Brand#New2026' });
    expect(confirmed.status).toBe(204);
    expect(await answeredWith(await post(t, '/login', { email: user.email, password: goodPassword }))).toBe('401 invalid_credentials');
    expect(await (await post(t, '/login', { email: user.email, password: 'Brand#New2026' })).json()).toMatchObject({ status: 'ok' });
    expect((await post(t, '/auth/refresh', undefined, session)).status).toBe(401);

    const again = await put(t, '/reset-password/confirm', { email: user.email, code, newPassword: 'Other#New2026' });
    expect(await answeredWith(again)).toBe('400 invalid_security_code');
  });

  it('drops a banking second factor set before the code first proved the email, and keeps a proven account’s', async () => {
    const enrolled = async (user: { id: string }) => (await t.database.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id))).length;
    const unproven = await createUser(t);
    const proven = await createUser(t);
    await t.database.db.update(users).set({ emailVerifiedAt: t.clock.now }).where(eq(users.id, proven.id));
    for (const user of [unproven, proven]) {
      await t.database.db.insert(twoFactorSecrets).values({ userId: user.id, secretCiphertext: 'enrolled', confirmedAt: t.clock.now });
      const code = codeOf((await requestCode(user.email))[0]!.text)!;
      expect((await put(t, '/reset-password/confirm', { email: user.email, code, newPassword: 'Brand#New2026' })).status).toBe(204);
    }
    expect(await enrolled(unproven)).toBe(0);
    expect(await enrolled(proven)).toBe(1);
  });

  it('mails in the language the request asks for', async () => {
    const user = await createUser(t, { language: 'es' });
    const [mail] = await requestCode(user.email, 'en');
    expect(mail!.subject).toBe('Your security code to reset your password');
    expect(mail!.language).toBe('en');
  });

  it('answers an unknown email exactly like a known one, and mails nothing', async () => {
    expect(await requestCode('nobody@example.com')).toEqual([]);
    const confirm = await put(t, '/reset-password/confirm', { email: 'nobody@example.com', code: '123456', newPassword: 'Brand#New2026' });
    expect(await answeredWith(confirm)).toBe('400 invalid_security_code');
  });

  it('refuses an expired code', async () => {
    const user = await createUser(t);
    const code = codeOf((await requestCode(user.email))[0]!.text)!;
    t.clock.advance(15 * 60 * 1000 + 1000);
    const response = await put(t, '/reset-password/confirm', { email: user.email, code, newPassword: 'Brand#New2026' });
    expect(await answeredWith(response)).toBe('400 invalid_security_code');
  });

  it('voids the code after 5 wrong attempts', async () => {
    const user = await createUser(t);
    const code = codeOf((await requestCode(user.email))[0]!.text)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(await answeredWith(await put(t, '/reset-password/confirm', { email: user.email, code: wrong, newPassword: 'Brand#New2026' }))).toBe(
        '400 invalid_security_code',
      );
    }
    t.clock.advance(16 * 60 * 1000); // past the rate-limit lock the five failures caused
    const right = await put(t, '/reset-password/confirm', { email: user.email, code, newPassword: 'Brand#New2026' });
    expect(await answeredWith(right)).toBe('400 invalid_security_code');
  });

  it('only the latest code works', async () => {
    const user = await createUser(t);
    const first = codeOf((await requestCode(user.email))[0]!.text)!;
    const second = codeOf((await requestCode(user.email))[0]!.text)!;
    if (first !== second) {
      expect(await answeredWith(await put(t, '/reset-password/confirm', { email: user.email, code: first, newPassword: 'Brand#New2026' }))).toBe(
        '400 invalid_security_code',
      );
    }
    expect((await put(t, '/reset-password/confirm', { email: user.email, code: second, newPassword: 'Brand#New2026' })).status).toBe(204);
  });

  it('validates the code format and the new password with the domain rules', async () => {
    const response = await put(t, '/reset-password/confirm', { email: 'a@example.com', code: '12a456', newPassword: 'short' });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors.code).toEqual(['validation.securityCode']);
    expect(body.errors.newPassword).toEqual(['validation.password']);
  });
});

describe('temporary-password accounts', () => {
  it('must choose a new password before getting a session', async () => {
    const { user } = await createAccountWithTemporaryPassword(depsOf(t), { email: 'invited@example.com', firstName: 'Iris', lastName: 'Lima', language: 'en' });
    const mail = t.mails.find((m) => m.to === 'invited@example.com')!;
    expect(mail.subject).toBe('Your access to Alta');
    const temporaryPassword = /is:\n\n(\S+)/.exec(mail.text)![1]!;

    const login = await post(t, '/login', { email: user.email, password: temporaryPassword });
    expect(login.status).toBe(200);
    const challenge = await login.json();
    expect(challenge).toEqual({ status: 'NEW_PASSWORD_REQUIRED', data: { cognitoSession: expect.any(String) } });
    expect(setCookies(login)).toEqual([]);

    const wrongSession = await put(t, '/reset-password/temporary-confirm', { email: user.email, newPassword: 'Chosen#2026', cognitoSession: 'forged' });
    expect(await answeredWith(wrongSession)).toBe('400 invalid_security_code');

    const confirm = await put(t, '/reset-password/temporary-confirm', {
      email: user.email,
      newPassword: 'Chosen#2026',
      cognitoSession: challenge.data.cognitoSession,
    });
    expect(confirm.status).toBe(200);
    expect(await confirm.json()).toMatchObject({ status: 'ok', data: { id: user.id, email: 'invited@example.com' } });
    const cookies = cookiesFrom(confirm);
    expect((await t.request('/api/v1/users/me', { cookies })).status).toBe(200);

    const replay = await put(t, '/reset-password/temporary-confirm', {
      email: user.email,
      newPassword: 'Again#2026',
      cognitoSession: challenge.data.cognitoSession,
    });
    expect(await answeredWith(replay)).toBe('400 invalid_security_code');
    expect(await answeredWith(await post(t, '/login', { email: user.email, password: temporaryPassword }))).toBe('401 invalid_credentials');
    expect(await (await post(t, '/login', { email: user.email, password: 'Chosen#2026' })).json()).toMatchObject({ status: 'ok' });
  });

  it('refuses an expired challenge and a challenge used with another email', async () => {
    const { user, temporaryPassword } = await createAccountWithTemporaryPassword(depsOf(t), {
      email: 'late@example.com',
      firstName: 'Leo',
      lastName: 'Paz',
      language: 'es',
    });
    const other = await createUser(t);
    const { data } = await (await post(t, '/login', { email: user.email, password: temporaryPassword })).json();
    expect(
      await answeredWith(
        await put(t, '/reset-password/temporary-confirm', { email: other.email, newPassword: 'Chosen#2026', cognitoSession: data.cognitoSession }),
      ),
    ).toBe('400 invalid_security_code');
    t.clock.advance(11 * 60 * 1000);
    expect(
      await answeredWith(
        await put(t, '/reset-password/temporary-confirm', { email: user.email, newPassword: 'Chosen#2026', cognitoSession: data.cognitoSession }),
      ),
    ).toBe('400 invalid_security_code');
  });

  it('generates temporary passwords that pass the password rules', async () => {
    const { temporaryPassword } = await createAccountWithTemporaryPassword(depsOf(t), {
      email: 'rules@example.com',
      firstName: 'Ana',
      lastName: 'Ruiz',
      language: 'pt',
    });
    expect(temporaryPassword).toMatch(/[A-Z]/);
    expect(temporaryPassword).toMatch(/[a-z]/);
    expect(temporaryPassword).toMatch(/\d/);
    expect(temporaryPassword).toMatch(/[!@#*?$]/);
  });
});

describe('blocked users', () => {
  const block = (id: string) => t.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, id));

  it('refuses login with user_blocked, but only to someone who knows the password', async () => {
    const user = await createUser(t);
    await block(user.id);
    const right = await post(t, '/login', { email: user.email, password: goodPassword });
    expect(await answeredWith(right)).toBe('403 user_blocked');
    expect(setCookies(right)).toEqual([]);
    const wrong = await post(t, '/login', { email: user.email, password: 'Wrong#2026' });
    expect(await wrong.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('refuses a session that was valid before the block, on protected routes and on refresh', async () => {
    const user = await createUser(t);
    const cookies = await signIn(t, user.email);
    await block(user.id);
    const me = await t.request('/api/v1/users/me', { cookies });
    expect(me.status).toBe(403);
    expect(await me.json()).toMatchObject({ code: 'user_blocked' });
    const refresh = await post(t, '/auth/refresh', undefined, cookies);
    expect(refresh.status).toBe(403);
    expect(await refresh.json()).toMatchObject({ code: 'user_blocked' });
  });
});

describe('rate limiting', () => {
  const login = (email: string, password: string, ip = '203.0.113.7') =>
    t.request('/api/v1/login', { method: 'POST', json: { email, password }, headers: { 'x-forwarded-for': `198.51.100.1, ${ip}` } });

  it('locks an account after 5 failures for 30 s, then doubles, with Retry-After', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 5; i++) expect(await answeredWith(await login(user.email, 'Wrong#2026'))).toBe('401 invalid_credentials');

    // 429 with no session, the wait in Retry-After and in the body.
    const locked = await login(user.email, 'Wrong#2026');
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('30');
    expect(locked.headers.get('content-type')).toBe('application/problem+json');
    expect(await locked.json()).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 30 });
    expect(setCookies(locked)).toEqual([]);

    t.clock.advance(31_000);
    expect(await answeredWith(await login(user.email, 'Wrong#2026'))).toBe('401 invalid_credentials');
    const longer = await login(user.email, 'Wrong#2026');
    expect(await answeredWith(longer)).toBe('429 rate_limited');
    expect(longer.headers.get('retry-after')).toBe('60');

    t.clock.advance(61_000);
    expect(await (await login(user.email, goodPassword)).json()).toMatchObject({ status: 'ok' });
    // Success forgets the account's failures: one more failure does not lock again.
    expect(await answeredWith(await login(user.email, 'Wrong#2026'))).toBe('401 invalid_credentials');
    expect(await (await login(user.email, goodPassword)).json()).toMatchObject({ status: 'ok' });
  });

  it("does not let a stranger's failures lock the owner out: the right password plus a mailed code gets in", async () => {
    const user = await createUser(t, { language: 'pt' });
    for (let i = 0; i < 5; i++) expect(await answeredWith(await login(user.email, 'Wrong#2026', '203.0.113.66'))).toBe('401 invalid_credentials');
    // The attacker still hears only the lock.
    expect(await answeredWith(await login(user.email, 'Wrong#2026', '203.0.113.66'))).toBe('429 rate_limited');

    const owner = (extra: Record<string, string> = {}) =>
      t.request('/api/v1/login', {
        method: 'POST',
        json: { email: user.email, password: goodPassword, ...extra },
        headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.67' },
      });
    const asked = await owner();
    expect(await answeredWith(asked)).toBe('401 login_code_required');
    expect(setCookies(asked)).toEqual([]);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe('Seu código para entrar no Alta');
    const code = codeOf(mail.text)!;

    expect(await answeredWith(await owner({ code: code === '000000' ? '111111' : '000000' }))).toBe('400 invalid_security_code');
    const signedIn = await owner({ code });
    expect(await signedIn.clone().json()).toMatchObject({ status: 'ok' });
    expect(cookieLine(signedIn, 'accessToken')).toBeDefined();
    // The code is spent, and the success cleared the account's failures.
    expect(await answeredWith(await login(user.email, 'Wrong#2026', '203.0.113.68'))).toBe('401 invalid_credentials');
    // Without the password, the code opens nothing.
    expect(await answeredWith(await owner({ password: 'Wrong#2026', code }))).toBe('401 invalid_credentials');
  });

  it('counts an unknown email like a real one, so a lock reveals nothing', async () => {
    for (let i = 0; i < 5; i++) await login('ghost@example.com', 'Wrong#2026', '203.0.113.50');
    const response = await login('ghost@example.com', 'Wrong#2026', '203.0.113.50');
    expect(await answeredWith(response)).toBe('429 rate_limited');
  });

  it('locks an IP that fails across many accounts, and only that IP', async () => {
    for (let i = 0; i < 30; i++) await login(`spray-${i}@example.com`, 'Wrong#2026', '203.0.113.99');
    const user = await createUser(t);
    expect(await answeredWith(await login(user.email, goodPassword, '203.0.113.99'))).toBe('429 rate_limited');
    expect(await (await login(user.email, goodPassword, '203.0.113.100')).json()).toMatchObject({ status: 'ok' });
  });

  it('limits reset-code requests per account (each one sends a mail)', async () => {
    const user = await createUser(t);
    const request = () => t.request('/api/v1/reset-password', { method: 'POST', json: { email: user.email }, headers: { 'x-forwarded-for': '203.0.113.200' } });
    for (let i = 0; i < 5; i++) expect((await request()).status).toBe(202);
    const limited = await request();
    expect(await answeredWith(limited)).toBe('429 rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits wrong reset codes per account', async () => {
    const user = await createUser(t);
    const confirm = () =>
      t.request('/api/v1/reset-password/confirm', {
        method: 'PUT',
        json: { email: user.email, code: '000000', newPassword: 'Brand#New2026' },
        headers: { 'x-forwarded-for': '203.0.113.201' },
      });
    for (let i = 0; i < 5; i++) expect(await answeredWith(await confirm())).toBe('400 invalid_security_code');
    expect(await answeredWith(await confirm())).toBe('429 rate_limited');
  });

  it('limits registrations per IP', async () => {
    const register = (i: number) =>
      t.request('/api/v1/users', {
        method: 'POST',
        json: { firstName: 'Ana', lastName: 'Pérez', email: `bulk-${i}@example.com`, password: goodPassword, acceptTerms: true },
        headers: { 'x-forwarded-for': '203.0.113.202' },
      });
    for (let i = 0; i < 10; i++) expect((await register(i)).status).toBe(201);
    expect(await answeredWith(await register(10))).toBe('429 rate_limited');
  });
});

describe('cookies in production', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await createTestApp({
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
      TRUST_PROXY: '0',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'Admin#Prod2026',
      SMTP_URL: 'smtp://localhost:2525',
      STRIPE_SECRET_KEY: 'sk',
      VITE_STRIPE_PUBLISHABLE_KEY: 'pk',
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
      BRIDGE_API_KEY: 'b',
      BRIDGE_WEBHOOK_PUBLIC_KEY: 'k',
      PLAID_CLIENT_ID: 'p',
      PLAID_SECRET: 'p',
      S3_BUCKET: 'b',
      S3_REGION: 'r',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 's',
    });
  });
  afterAll(() => production.close());

  it('are Secure', async () => {
    const user = await createUser(production);
    const response = await post(production, '/login', { email: user.email, password: goodPassword });
    expect(response.status).toBe(200);
    expect(cookieLine(response, 'accessToken')).toMatch(/Secure/);
    expect(cookieLine(response, 'refreshToken')).toMatch(/Secure/);
  });
});
