import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accessTokenSeconds } from '../auth/tokens';
import { ensureAdmin } from '../seed';
import { createUser, signIn } from '../test/accounts';
import { cookiesFrom, createTestApp, type TestApp } from '../test/harness';

/** Issue 9 §2: an access token stops working the moment its session ends, not 15 minutes later. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

const me = (cookies: string) => t.request('/api/v1/users/me', { cookies });
const accessOnly = (cookies: string) => cookies.split('; ').find((pair) => pair.startsWith('accessToken='))!;

describe('access tokens end with their session', () => {
  it('after logout', async () => {
    const user = await createUser(t);
    const cookies = await signIn(t, user.email);
    expect((await me(cookies)).status).toBe(200);
    expect((await t.request('/api/v1/logout', { method: 'POST', cookies })).status).toBe(204);
    expect((await me(accessOnly(cookies))).status).toBe(401);
  });

  it('after a password reset, on every device', async () => {
    const user = await createUser(t);
    const laptop = await signIn(t, user.email);
    const phone = await signIn(t, user.email);
    await t.request('/api/v1/reset-password', { method: 'POST', json: { email: user.email } });
    const code = /\b(\d{6})\b/.exec(t.mails.at(-1)!.text)![1];
    const reset = await t.request('/api/v1/reset-password/confirm', { method: 'PUT', json: { email: user.email, code, newPassword: 'Brand#New2026' } });
    expect(reset.status).toBe(204);
    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
  });

  it('after refresh-token reuse revokes the family, for the thief and the owner', async () => {
    const user = await createUser(t);
    const stolen = await signIn(t, user.email);
    const rotated = cookiesFrom(await t.request('/api/v1/auth/refresh', { method: 'POST', cookies: stolen }), stolen);
    expect((await me(rotated)).status).toBe(200);
    t.clock.advance(60_000);
    expect((await t.request('/api/v1/auth/refresh', { method: 'POST', cookies: stolen })).status).toBe(401);
    expect((await me(rotated)).status).toBe(401);
  });

  it("but not for the admin's own token after login-as-user: that session waits untouched (decision 028)", async () => {
    await ensureAdmin({ env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now });
    const adminCookies = await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD);
    const customer = await createUser(t);
    const response = await t.request('/api/v1/admin/login-as-user', { method: 'POST', json: { userId: customer.id }, cookies: adminCookies });
    expect(response.status).toBe(200);
    expect((await t.request('/api/v1/users', { cookies: accessOnly(adminCookies) })).status).toBe(200);
    expect((await me(cookiesFrom(response))).status).toBe(200);
  });

  it('while other sessions of the same account keep working', async () => {
    const user = await createUser(t);
    const laptop = await signIn(t, user.email);
    const phone = await signIn(t, user.email);
    await t.request('/api/v1/logout', { method: 'POST', cookies: laptop });
    expect((await me(phone)).status).toBe(200);
  });
});

describe('the event stream of a session that ended', () => {
  it('closes at the next heartbeat', async () => {
    const user = await createUser(t);
    const cookies = await signIn(t, user.email);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const events = await t.request('/api/v1/sync/events', { cookies });
      expect(events.status).toBe(200);
      const reader = events.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain('event: ready');
      await t.request('/api/v1/logout', { method: 'POST', cookies });
      const next = reader.read();
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await next).toMatchObject({ done: true });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('token lifetime claims', () => {
  const sign = async (userId: string, familyId: string, times: { iat?: number; exp?: number }) => {
    const jwt = new SignJWT({ role: 'user', fam: familyId }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(userId);
    if (times.iat !== undefined) jwt.setIssuedAt(times.iat);
    if (times.exp !== undefined) jwt.setExpirationTime(times.exp);
    return `accessToken=${await jwt.sign(new TextEncoder().encode(t.env.SESSION_SECRET))}`;
  };
  /** The family of a real signed-in session, so only the lifetime claims differ. */
  const liveFamily = async () => {
    const user = await createUser(t);
    const cookies = await signIn(t, user.email);
    const payload = JSON.parse(Buffer.from(accessOnly(cookies).split('.')[1]!, 'base64url').toString());
    return { userId: user.id, familyId: payload.fam as string };
  };

  it('accepts a well-formed token and refuses one without exp, or with exp beyond the lifetime', async () => {
    const { userId, familyId } = await liveFamily();
    const now = Math.floor(t.clock.now.getTime() / 1000);
    expect((await me(await sign(userId, familyId, { iat: now, exp: now + accessTokenSeconds }))).status).toBe(200);
    expect((await me(await sign(userId, familyId, { iat: now }))).status).toBe(401);
    expect((await me(await sign(userId, familyId, { iat: now, exp: now + 10 * 365 * 24 * 3600 }))).status).toBe(401);
    expect((await me(await sign(userId, familyId, { exp: now + 60 }))).status).toBe(401);
    expect((await me(await sign(userId, familyId, { iat: now + 3600, exp: now + 3600 + 60 }))).status).toBe(401);
  });

  it('refuses a token that names no session family, or an unknown one', async () => {
    const { userId } = await liveFamily();
    const now = Math.floor(t.clock.now.getTime() / 1000);
    expect((await me(await sign(userId, randomUUID(), { iat: now, exp: now + 60 }))).status).toBe(401);
    expect((await me(await sign(userId, 'not-a-uuid', { iat: now, exp: now + 60 }))).status).toBe(401);
  });
});

describe('session checks that arrive together', () => {
  it('share one database round trip, and each request still gets its own answer', async () => {
    const [ana, bruno, carla] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const cookies = { ana: await signIn(t, ana.email), bruno: await signIn(t, bruno.email), carla: await signIn(t, carla.email) };
    expect((await t.request('/api/v1/logout', { method: 'POST', cookies: cookies.carla })).status).toBe(204);
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = vi.spyOn(client, 'query');
    const order = Array.from({ length: 24 }, (_, i) => (['ana', 'bruno', 'carla'] as const)[i % 3]!);
    const answers = await Promise.all(order.map((who) => me(who === 'carla' ? accessOnly(cookies.carla) : cookies[who])));
    const roundTrips = query.mock.calls.length;
    query.mockRestore();
    expect(roundTrips).toBeLessThanOrEqual(2); // one a request would be 24
    const emails = { ana: ana.email, bruno: bruno.email };
    for (const [i, who] of order.entries()) {
      if (who === 'carla') expect(answers[i]!.status).toBe(401);
      else expect(((await answers[i]!.json()) as { email: string }).email).toBe(emails[who]);
    }
  });
});

describe('session checks that arrive while others are on their way', () => {
  it('wait for one of them and go out together', async () => {
    const ana = await createUser(t);
    const cookies = await signIn(t, ana.email);
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const send = client.query.bind(client);
    // A database 20 ms away, so that checks arrive while others are on their way.
    const query = vi.spyOn(client, 'query').mockImplementation(async (...args: unknown[]) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return send(...args);
    });
    // Each request in its own turn of the event loop: one batch per turn would be 24 round trips.
    const answers: Promise<Response>[] = [];
    for (let i = 0; i < 24; i++) {
      answers.push(me(cookies));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(answers);
    const roundTrips = query.mock.calls.length;
    query.mockRestore();
    expect(roundTrips).toBeLessThanOrEqual(4);
    for (const answer of answers) expect((await answer).status).toBe(200);
  });

  it('still read the database after their request arrived: a logout ends the session for every check after it', async () => {
    const carla = await createUser(t);
    const cookies = await signIn(t, carla.email);
    const before = Array.from({ length: 8 }, () => me(accessOnly(cookies)));
    expect((await t.request('/api/v1/logout', { method: 'POST', cookies })).status).toBe(204);
    const after = Array.from({ length: 8 }, () => me(accessOnly(cookies)));
    for (const answer of await Promise.all(after)) expect(answer.status).toBe(401);
    await Promise.all(before);
  });
});
