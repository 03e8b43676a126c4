import { TOTP, URI } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProblemError } from '../lib/problem';
import { createUser, signIn } from '../test/accounts';
import { answeredWith, createTestApp, type TestApp } from '../test/harness';
import { confirmReset, createSecret, findTwoFactor, openSecret, sessionWindow, startReset, totpOf, twoFactorPolicy, verifyCode } from './two-factor';
import { companies } from '../db/schema/companies';

/** What a call answered: `ok`, or the problem code it was refused with. */
const outcomeOf = (call: Promise<unknown>) =>
  call.then(
    () => 'ok',
    (error: unknown) => {
      if (error instanceof ProblemError) return error.code;
      throw error;
    },
  );

const count = (outcomes: string[], code: string) => outcomes.filter((outcome) => outcome === code).length;

/** A user with a confirmed authenticator, straight through the functions the routes call. */
async function withAuthenticator(t: TestApp) {
  const user = await createUser(t);
  const uri = await createSecret(t.database.db, t.env.SESSION_SECRET, user.id, user.email, t.clock.now);
  const secret = URI.parse(uri).secret;
  /** The authenticator's code now, or `offsetMs` from now. */
  const codeNow = (offsetMs = 0) => totpOf(secret, user.email).generate({ timestamp: t.clock.now.getTime() + offsetMs });
  const verify = (code: string, familyId = 'family') =>
    outcomeOf(verifyCode(t.database.db, t.env.SESSION_SECRET, { userId: user.id, familyId, code, now: t.clock.now }));
  expect(await verify(codeNow(), 'setup')).toBe('ok');
  t.clock.advance(30_000);
  return { user, codeNow, verify };
}

/** `n` distinct 6-digit codes, none of them in `valid`. */
function wrongCodes(n: number, valid: string[]): string[] {
  const codes: string[] = [];
  for (let value = 0; codes.length < n; value += 1) {
    const code = String(value).padStart(6, '0');
    if (!valid.includes(code)) codes.push(code);
  }
  return codes;
}

describe('two-factor attempts, one by one', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets the fifth attempt in when it is the right code: the lock it takes is its own', async () => {
    const { user, codeNow, verify } = await withAuthenticator(t);
    for (const code of wrongCodes(4, [codeNow()])) expect(await verify(code)).toBe('two_factor_invalid_code');
    expect(await verify(codeNow())).toBe('ok');
    expect(await findTwoFactor(t.database.db, user.id)).toMatchObject({ failedAttempts: 0, lockedUntil: null });
  });

  it('starts the count afresh once a lock has passed', async () => {
    const { codeNow, verify } = await withAuthenticator(t);
    const wrong = wrongCodes(5, [codeNow()]);
    for (const code of wrong.slice(0, 4)) expect(await verify(code)).toBe('two_factor_invalid_code');
    expect(await verify(wrong[4]!)).toBe('two_factor_locked');
    t.clock.advance(twoFactorPolicy.lockMs);
    // Four more wrong codes still leave the fifth attempt.
    for (const code of wrongCodes(4, [codeNow()])) expect(await verify(code)).toBe('two_factor_invalid_code');
    expect(await verify(codeNow())).toBe('ok');
  });
});

const url = process.env.TEST_DATABASE_URL;

// Parallel requests only interleave their statements on a real PostgreSQL with a connection pool.
describe.skipIf(!url)('two-factor attempts in a burst on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('compares at most five of 300 parallel codes, then refuses the right one until the lock ends', async () => {
    const { user, codeNow, verify } = await withAuthenticator(t);
    // None of the 300 is accepted one step either side of now.
    const valid = [-30_000, 0, 30_000].map(codeNow);
    const comparisons = vi.spyOn(TOTP.prototype, 'validate');
    const outcomes = await Promise.all(wrongCodes(300, valid).map((code) => verify(code, 'burst')));
    expect(comparisons.mock.calls.length).toBeLessThanOrEqual(twoFactorPolicy.maxAttempts);
    expect(count(outcomes, 'two_factor_invalid_code')).toBeLessThan(twoFactorPolicy.maxAttempts);
    expect(count(outcomes, 'two_factor_locked')).toBeGreaterThan(300 - twoFactorPolicy.maxAttempts);

    expect(await verify(codeNow(), 'burst')).toBe('two_factor_locked');
    expect(comparisons.mock.calls.length).toBeLessThanOrEqual(twoFactorPolicy.maxAttempts);
    expect((await sessionWindow(t.database.db, user.id, 'burst', t.clock.now)).access).toBe(false);

    t.clock.advance(twoFactorPolicy.lockMs);
    expect(await verify(codeNow(), 'burst')).toBe('ok');
  });

  it('compares at most 30 wrong codes from one address across accounts in a burst', async () => {
    const people = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const { user } = await withAuthenticator(t);
        return { user, cookies: await signIn(t, user.email) };
      }),
    );
    const guess = (cookies: string, code: string) =>
      t
        .request('/api/v1/banking/two-factor/verify', { method: 'POST', json: { code }, cookies, headers: { 'x-forwarded-for': '203.0.113.44' } })
        .then(answeredWith);
    // A guess that happened to be someone's right code would only lower the count.
    const answers = await Promise.all(people.flatMap(({ cookies }) => wrongCodes(20, []).map((code) => guess(cookies, code))));
    // Each account alone would allow four wrong codes before its own lock: 48 here.
    expect(answers.filter((answer) => answer === '400 two_factor_invalid_code').length).toBeLessThanOrEqual(30);
    expect(answers).toContain('429 rate_limited');
  });

  it('keeps the secret the first valid code confirmed when setups race it', async () => {
    const user = await createUser(t);
    const uri = await createSecret(t.database.db, t.env.SESSION_SECRET, user.id, user.email, t.clock.now);
    const secret = URI.parse(uri).secret;
    const code = totpOf(secret, user.email).generate({ timestamp: t.clock.now.getTime() });
    await Promise.all([
      outcomeOf(verifyCode(t.database.db, t.env.SESSION_SECRET, { userId: user.id, familyId: 'race', code, now: t.clock.now })),
      ...Array.from({ length: 20 }, () => outcomeOf(createSecret(t.database.db, t.env.SESSION_SECRET, user.id, user.email, t.clock.now))),
    ]);
    const row = await findTwoFactor(t.database.db, user.id);
    // Either the code won (and its secret stays) or a setup came first (and nothing is confirmed).
    if (row!.confirmedAt) expect(openSecret(t.env.SESSION_SECRET, row!.secretCiphertext)).toBe(secret.base32);
    else expect((await sessionWindow(t.database.db, user.id, 'race', t.clock.now)).access).toBe(false);
  });

  it('compares at most five of 300 parallel reset codes, after which the mailed code removes nothing', async () => {
    const { user } = await withAuthenticator(t);
    const [company] = await t.database.db.insert(companies).values({ ownerId: user.id, type: 'LLC', nameOption1: 'Andes', status: 'Completed' }).returning();
    const code = await startReset(t.database.db, t.env.SESSION_SECRET, { userId: user.id, companyId: company!.id, now: t.clock.now });
    const confirm = (guess: string) => outcomeOf(confirmReset(t.database.db, t.env.SESSION_SECRET, user.id, guess, t.clock.now));
    const outcomes = await Promise.all(wrongCodes(300, [code]).map(confirm));
    // `two_factor_invalid_reset_code` is only answered after a comparison.
    expect(count(outcomes, 'two_factor_invalid_reset_code')).toBeLessThanOrEqual(twoFactorPolicy.maxResetAttempts);
    expect(count(outcomes, 'two_factor_no_reset_code')).toBeGreaterThanOrEqual(300 - twoFactorPolicy.maxResetAttempts);

    expect(await confirm(code)).toBe('two_factor_no_reset_code');
    expect((await findTwoFactor(t.database.db, user.id))?.confirmedAt).toBeTruthy();
  });
});
