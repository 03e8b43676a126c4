import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../context';
import { auditLog } from '../db/schema/audit';
import { users } from '../db/schema/users';
import { ensureAdmin } from '../seed';
import { createUser, signIn } from '../test/accounts';
import { cookiesFrom, createTestApp, type TestApp } from '../test/harness';

describe('log in as user', () => {
  let t: TestApp;
  let adminCookies: string;
  let adminId: string;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    const deps: AppDeps = { env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now };
    await ensureAdmin(deps);
    adminCookies = await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD);
    adminId = (await (await t.request('/api/v1/users/me', { cookies: adminCookies })).json()).id;
  });
  afterAll(() => t.close());

  const loginAs = (userId: string, cookies = adminCookies) =>
    t.request('/api/v1/admin/login-as-user', { method: 'POST', json: { userId }, cookies, headers: { 'x-forwarded-for': '192.0.2.10' } });

  it('signs the admin in as the user, records it, and shows the banner data', async () => {
    const user = await createUser(t, { email: 'customer@example.com' });
    const response = await loginAs(user.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      data: { id: user.id, role: 'user', impersonatedBy: { id: adminId, email: t.env.ADMIN_EMAIL } },
    });
    const cookies = cookiesFrom(response);
    const me = await (await t.request('/api/v1/users/me', { cookies })).json();
    expect(me).toMatchObject({ id: user.id, impersonatedBy: { id: adminId, email: t.env.ADMIN_EMAIL } });

    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectUserId, user.id));
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'login_as_user',
        actorId: adminId,
        actorEmail: t.env.ADMIN_EMAIL,
        subjectEmail: 'customer@example.com',
        ip: '192.0.2.10',
      }),
    ]);

    // The impersonation survives a refresh, and it is not an admin session.
    const refreshed = cookiesFrom(await t.request('/api/v1/auth/refresh', { method: 'POST', cookies }), cookies);
    expect((await (await t.request('/api/v1/users/me', { cookies: refreshed })).json()).impersonatedBy.id).toBe(adminId);
    expect((await t.request('/api/v1/users', { cookies: refreshed })).status).toBe(403);
    // The admin's own session is untouched: it still refreshes.
    expect((await t.request('/api/v1/auth/refresh', { method: 'POST', cookies: adminCookies })).status).toBe(204);
  });

  it('ends an impersonation after an hour', async () => {
    const user = await createUser(t);
    const cookies = cookiesFrom(await loginAs(user.id));
    adminCookies = await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD);
    t.clock.advance(61 * 60 * 1000);
    expect((await t.request('/api/v1/auth/refresh', { method: 'POST', cookies })).status).toBe(401);
    adminCookies = await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD);
  });

  it('ends an impersonation an hour after it began, however often it was refreshed', async () => {
    const user = await createUser(t);
    let cookies = cookiesFrom(await loginAs(user.id));
    adminCookies = await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD);
    t.clock.advance(50 * 60 * 1000);
    const refreshed = await t.request('/api/v1/auth/refresh', { method: 'POST', cookies });
    expect(refreshed.status).toBe(204);
    cookies = cookiesFrom(refreshed, cookies);
    t.clock.advance(11 * 60 * 1000);
    expect((await t.request('/api/v1/auth/refresh', { method: 'POST', cookies })).status).toBe(401);
    adminCookies = await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD);
  });

  it('answers 403 to a normal user, and records nothing', async () => {
    const user = await createUser(t);
    const victim = await createUser(t);
    const response = await loginAs(victim.id, await signIn(t, user.email));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'forbidden' });
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.subjectUserId, victim.id))).toEqual([]);
  });

  it('answers 404 for an unknown user, 400 for a malformed id, 403 for a blocked user', async () => {
    expect((await loginAs('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const malformed = await loginAs("1' or '1'='1");
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).errors.userId).toEqual(['validation.invalid']);
    const blocked = await createUser(t);
    await t.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked.id));
    expect(await (await loginAs(blocked.id)).json()).toMatchObject({ code: 'user_blocked' });
  });
});
