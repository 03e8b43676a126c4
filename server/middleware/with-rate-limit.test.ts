import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, goodPassword } from '../test/accounts';
import { answeredWith, createTestApp, type TestApp } from '../test/harness';

const login = (t: TestApp, email: string, password: string, ip: string) =>
  t.request('/api/v1/login', { method: 'POST', json: { email, password }, headers: { 'x-forwarded-for': ip } }).then(answeredWith);

describe('rate limits, one request after another', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('takes back the event of a success, even the one that reached the limit', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 29; i++) expect(await login(t, `spray-${i}@example.com`, 'Wrong#2026', '203.0.113.30')).toBe('401 invalid_credentials');
    // The 30th event would lock the address; a success does not count, so the address stays open.
    expect(await login(t, user.email, goodPassword, '203.0.113.30')).toBe('200');
    expect(await login(t, user.email, goodPassword, '203.0.113.30')).toBe('200');
    expect(await login(t, 'spray-last@example.com', 'Wrong#2026', '203.0.113.30')).toBe('401 invalid_credentials');
    expect(await login(t, user.email, goodPassword, '203.0.113.30')).toBe('429 rate_limited');
  });

  it('counts wrong passwords on a locked account against the address, so the lock is no password oracle', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 5; i++) expect(await login(t, user.email, 'Wrong#2026', '203.0.113.31')).toBe('401 invalid_credentials');
    // Locked: wrong passwords hear the lock, the right one would hear `login_code_required`.
    for (let i = 0; i < 25; i++) expect(await login(t, user.email, `Wrong#${i}`, '203.0.113.31')).toBe('429 rate_limited');
    expect(await login(t, user.email, goodPassword, '203.0.113.31')).toBe('429 rate_limited');
    // The owner, from another address, still gets in with the mailed code.
    expect(await login(t, user.email, goodPassword, '203.0.113.32')).toBe('401 login_code_required');
  });
});

const url = process.env.TEST_DATABASE_URL;

// Parallel requests only interleave their statements on a real PostgreSQL with a connection pool.
describe.skipIf(!url)('rate limits in a burst on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('judges at most five of 40 parallel passwords for one account', async () => {
    const user = await createUser(t);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(t, user.email, `Wrong#${i}`, `198.51.100.${i}`)));
    // `invalid_credentials` is only answered after the password was compared.
    expect(answers.filter((answer) => answer === '401 invalid_credentials').length).toBeLessThanOrEqual(5);
    expect(answers.filter((answer) => answer === '429 rate_limited').length).toBeGreaterThanOrEqual(35);
  });
});
