import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../context';
import { rateLimits, refreshTokens, verificationCodes } from '../db/schema/auth';
import { createUser, signIn } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';
import { pruneAuthData } from './maintenance';

describe('pruning auth data', () => {
  let t: TestApp;
  let deps: AppDeps;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    deps = { env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now };
  });
  afterAll(() => t.close());

  it('drops what can no longer be used and keeps live sessions, codes and counters', async () => {
    const old = await createUser(t);
    await signIn(t, old.email);
    await t.request('/api/v1/reset-password', { method: 'POST', json: { email: old.email } });
    await t.request('/api/v1/login', { method: 'POST', json: { email: old.email, password: 'Wrong#2026' }, headers: { 'x-forwarded-for': '192.0.2.1' } });
    t.clock.advance(32 * 24 * 60 * 60 * 1000);

    const fresh = await createUser(t);
    await signIn(t, fresh.email);
    await t.request('/api/v1/reset-password', { method: 'POST', json: { email: fresh.email } });
    await t.request('/api/v1/login', { method: 'POST', json: { email: fresh.email, password: 'Wrong#2026' }, headers: { 'x-forwarded-for': '192.0.2.2' } });

    await pruneAuthData(deps);
    const tokens = await t.database.db.select().from(refreshTokens);
    expect(tokens.map((row) => row.userId)).toEqual([fresh.id]);
    const codes = await t.database.db.select().from(verificationCodes);
    expect(codes.map((row) => row.userId)).toEqual([fresh.id]);
    const keys = (await t.database.db.select().from(rateLimits)).map((row) => row.key);
    expect(keys.some((key) => key.includes('192.0.2.2'))).toBe(true);
    expect(keys.some((key) => key.includes('192.0.2.1'))).toBe(false);
  });
});
