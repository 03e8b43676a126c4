import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users';
import { createUser, goodPassword } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('blocked account at login', () => {
  // The browser test of the payment-expired popup stands this exact answer in for a blocked
  // account (`blockedAnswer` in tests/e2e/support/alta.ts): this keeps the two in step.
  it('answers exactly 403 user_blocked, with no session', async () => {
    const user = await createUser(t);
    await t.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, user.id));
    const response = await t.request('/api/v1/login', { method: 'POST', json: { email: user.email, password: goodPassword } });
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toEqual({ type: 'https://alta.app/problems/user_blocked', title: 'Forbidden', status: 403, code: 'user_blocked' });
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
