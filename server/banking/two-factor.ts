import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../db/client';
import { twoFactorSecrets, twoFactorStepUps } from '../db/schema/banking';
import { ProblemError } from '../lib/problem';

/**
 * Two-factor access to banking (SPEC §4, §8): RFC 6238 TOTP (SHA-1, 6 digits, 30 s) through
 * `otpauth`; the secret AES-256-GCM encrypted at rest; five wrong codes lock the user out for
 * five minutes; a used code cannot be replayed; a valid code opens a five-minute step-up for
 * that session, the only window in which money moves. A lost device is reset with a mailed
 * code that waits a minute between requests.
 */
export const twoFactorPolicy = {
  maxAttempts: 5,
  lockMs: 5 * 60_000,
  stepUpMs: 5 * 60_000,
  accessMs: 30 * 60_000,
  resetCooldownMs: 60_000,
  resetCodeTtlMs: 15 * 60_000,
  maxResetAttempts: 5,
} as const;

/** Alta's TOTP: SHA-1, 30-second steps, 6 digits (8 only for RFC 6238's own test vectors). */
export const totpOf = (secret: Secret, label: string, digits = 6) => new TOTP({ issuer: 'Alta', label, algorithm: 'SHA1', digits, period: 30, secret });

function boxKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'alta', 'two-factor-secret-box', 32));
}

/** AES-256-GCM: iv.tag.ciphertext, base64url. */
export function sealSecret(sessionSecret: string, secretBase32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', boxKey(sessionSecret), iv);
  const sealed = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function openSecret(sessionSecret: string, box: string): string {
  const [iv, tag, sealed] = box.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', boxKey(sessionSecret), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
}

type SecretRow = typeof twoFactorSecrets.$inferSelect;

export async function findTwoFactor(db: Db, userId: string): Promise<SecretRow | null> {
  const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  return row ?? null;
}

/**
 * A new secret for `userId` (replacing one never confirmed) and its otpauth:// URI for the QR.
 * A confirmed secret is kept: setting up again needs the reset by mailed code.
 */
export async function createSecret(db: Db, sessionSecret: string, userId: string, label: string, now: Date): Promise<string> {
  const existing = await findTwoFactor(db, userId);
  if (existing?.confirmedAt) throw new ProblemError(409, 'two_factor_already_enabled');
  const secret = new Secret({ size: 20 });
  const sealed = sealSecret(sessionSecret, secret.base32);
  await db
    .insert(twoFactorSecrets)
    .values({ userId, secretCiphertext: sealed, createdAt: now })
    .onConflictDoUpdate({ target: twoFactorSecrets.userId, set: { secretCiphertext: sealed, failedAttempts: 0, lockedUntil: null, lastStep: null, createdAt: now } });
  return totpOf(secret, label).toString();
}

const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/**
 * Checks a code. Right: confirms the secret, resets the count and opens the step-up for the
 * session `familyId`. Wrong: 400 `two_factor_invalid_code` with the attempts left, or 429
 * `two_factor_locked` with the wait. The count is kept with one atomic update, so parallel
 * guesses cannot slip past the limit.
 */
export async function verifyCode(db: Db, sessionSecret: string, input: { userId: string; familyId: string; code: string; now: Date }): Promise<void> {
  const { userId, now } = input;
  const row = await findTwoFactor(db, userId);
  if (!row) throw new ProblemError(403, 'two_factor_required');
  if (row.lockedUntil && row.lockedUntil > now) {
    const wait = secondsUntil(row.lockedUntil, now);
    throw new ProblemError(429, 'two_factor_locked', undefined, { 'Retry-After': String(wait) });
  }
  const totp = totpOf(Secret.fromBase32(openSecret(sessionSecret, row.secretCiphertext)), userId);
  const delta = totp.validate({ token: input.code, timestamp: now.getTime(), window: 1 });
  const step = Math.floor(now.getTime() / 30_000) + (delta ?? 0);
  if (delta !== null) {
    // Only a step later than the last used one is taken: a code seen over a shoulder is spent.
    const [accepted] = await db
      .update(twoFactorSecrets)
      .set({ failedAttempts: 0, lockedUntil: null, lastStep: step, confirmedAt: row.confirmedAt ?? now })
      .where(sql`${twoFactorSecrets.userId} = ${userId} and (${twoFactorSecrets.lastStep} is null or ${twoFactorSecrets.lastStep} < ${step})`)
      .returning({ userId: twoFactorSecrets.userId });
    if (accepted) {
      const window = { userId, verifiedUntil: new Date(now.getTime() + twoFactorPolicy.stepUpMs), accessUntil: new Date(now.getTime() + twoFactorPolicy.accessMs) };
      await db
        .insert(twoFactorStepUps)
        .values({ familyId: input.familyId, ...window })
        .onConflictDoUpdate({ target: twoFactorStepUps.familyId, set: window });
      return;
    }
  }
  const [counted] = await db
    .update(twoFactorSecrets)
    .set({
      failedAttempts: sql`case when ${twoFactorSecrets.failedAttempts} + 1 >= ${twoFactorPolicy.maxAttempts} then 0 else ${twoFactorSecrets.failedAttempts} + 1 end`,
      lockedUntil: sql`case when ${twoFactorSecrets.failedAttempts} + 1 >= ${twoFactorPolicy.maxAttempts} then ${new Date(now.getTime() + twoFactorPolicy.lockMs).toISOString()}::timestamptz else ${twoFactorSecrets.lockedUntil} end`,
    })
    .where(eq(twoFactorSecrets.userId, userId))
    .returning({ failedAttempts: twoFactorSecrets.failedAttempts, lockedUntil: twoFactorSecrets.lockedUntil });
  if (counted?.lockedUntil && counted.lockedUntil > now) {
    throw new ProblemError(429, 'two_factor_locked', undefined, { 'Retry-After': String(secondsUntil(counted.lockedUntil, now)) });
  }
  const remaining = twoFactorPolicy.maxAttempts - (counted?.failedAttempts ?? 0);
  throw new ProblemError(400, 'two_factor_invalid_code', undefined, { 'X-Attempts-Remaining': String(remaining) });
}

/** What the session `familyId` of `userId` may do now: see banking (`access`), move money (`stepUp`). */
export async function sessionWindow(db: Db, userId: string, familyId: string, now: Date): Promise<{ access: boolean; stepUp: boolean; stepUpSeconds: number }> {
  const [row] = await db.select().from(twoFactorStepUps).where(eq(twoFactorStepUps.familyId, familyId));
  if (!row || row.userId !== userId) return { access: false, stepUp: false, stepUpSeconds: 0 };
  const stepUp = row.verifiedUntil > now;
  return { access: row.accessUntil > now, stepUp, stepUpSeconds: stepUp ? Math.floor((row.verifiedUntil.getTime() - now.getTime()) / 1000) : 0 };
}

const hashCode = (sessionSecret: string, userId: string, code: string) => createHmac('sha256', sessionSecret).update(`2fa-reset:${userId}:${code}`).digest('base64url');

/**
 * Starts a reset: a 6-digit code (returned for the mail), valid 15 minutes. A second request
 * within the cooldown is 429 `two_factor_reset_cooldown` with the wait.
 */
export async function startReset(db: Db, sessionSecret: string, userId: string, now: Date): Promise<string> {
  const row = await findTwoFactor(db, userId);
  if (!row?.confirmedAt) throw new ProblemError(404, 'two_factor_required');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const cooldownStart = new Date(now.getTime() - twoFactorPolicy.resetCooldownMs).toISOString();
  const [started] = await db
    .update(twoFactorSecrets)
    .set({ resetCodeHash: hashCode(sessionSecret, userId, code), resetExpiresAt: new Date(now.getTime() + twoFactorPolicy.resetCodeTtlMs), resetRequestedAt: now, resetFailedAttempts: 0 })
    .where(sql`${twoFactorSecrets.userId} = ${userId} and (${twoFactorSecrets.resetRequestedAt} is null or ${twoFactorSecrets.resetRequestedAt} <= ${cooldownStart}::timestamptz)`)
    .returning({ userId: twoFactorSecrets.userId });
  if (!started) {
    const wait = secondsUntil(new Date(row.resetRequestedAt!.getTime() + twoFactorPolicy.resetCooldownMs), now);
    throw new ProblemError(429, 'two_factor_reset_cooldown', undefined, { 'Retry-After': String(wait) });
  }
  return code;
}

/** Ends a reset: the right code removes the secret (the user sets up a new QR); five wrong ones void it. */
export async function confirmReset(db: Db, sessionSecret: string, userId: string, code: string, now: Date): Promise<void> {
  const row = await findTwoFactor(db, userId);
  if (!row?.resetCodeHash || !row.resetExpiresAt || row.resetExpiresAt <= now) throw new ProblemError(400, 'two_factor_no_reset_code');
  const expected = Buffer.from(row.resetCodeHash);
  const given = Buffer.from(hashCode(sessionSecret, userId, code));
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
    await db.delete(twoFactorStepUps).where(eq(twoFactorStepUps.userId, userId));
    return;
  }
  const failures = row.resetFailedAttempts + 1;
  await db
    .update(twoFactorSecrets)
    .set(failures >= twoFactorPolicy.maxResetAttempts ? { resetCodeHash: null, resetExpiresAt: null, resetFailedAttempts: 0 } : { resetFailedAttempts: sql`${twoFactorSecrets.resetFailedAttempts} + 1` })
    .where(eq(twoFactorSecrets.userId, userId));
  throw new ProblemError(400, 'two_factor_invalid_reset_code');
}
