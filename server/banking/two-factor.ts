import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../db/client';
import { spendFromBucket } from '../db/queries/rate-limits';
import { twoFactorSecrets, twoFactorStepUps } from '../db/schema/banking';
import { ProblemError } from '../lib/problem';

/**
 * Two-factor access to banking (SPEC §4, §8): RFC 6238 TOTP (SHA-1, 6 digits, 30 s) through
 * `otpauth`; the secret AES-256-GCM encrypted at rest; five wrong codes lock the user out for
 * five minutes; a used code cannot be replayed; a valid code opens a five-minute step-up for
 * that session, the only window in which money moves. A lost device is reset with a code
 * mailed to the company's owner: a minute between one user's requests, a few mails an hour
 * per company, five attempts per code.
 */
export const twoFactorPolicy = {
  maxAttempts: 5,
  lockMs: 5 * 60_000,
  stepUpMs: 5 * 60_000,
  accessMs: 30 * 60_000,
  resetCooldownMs: 60_000,
  /** Reset mails one company's owner receives in an hour, whoever asks. */
  resetMailsPerCompanyHour: 3,
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
  const secret = new Secret({ size: 20 });
  const sealed = sealSecret(sessionSecret, secret.base32);
  // The replacement itself checks the secret is unconfirmed: a setup racing the first valid
  // code must not swap the secret that code just confirmed.
  const [written] = await db
    .insert(twoFactorSecrets)
    .values({ userId, secretCiphertext: sealed, createdAt: now })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secretCiphertext: sealed, failedAttempts: 0, lockedUntil: null, lastStep: null, createdAt: now },
      setWhere: isNull(twoFactorSecrets.confirmedAt),
    })
    .returning({ userId: twoFactorSecrets.userId });
  if (!written) throw new ProblemError(409, 'two_factor_already_enabled');
  return totpOf(secret, label).toString();
}

const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/**
 * Checks a code. Right: confirms the secret, resets the count and opens the step-up for the
 * session `familyId`. Wrong: 400 `two_factor_invalid_code` with the attempts left, or 429
 * `two_factor_locked` with the wait.
 *
 * The attempt is counted before the code is compared, in one guarded statement: only a
 * request that took an attempt while the row was unlocked compares, and the attempt that
 * takes the last one sets the lock in that same statement. A burst of parallel guesses thus
 * gets the same five comparisons as guesses typed one by one.
 */
export async function verifyCode(db: Db, sessionSecret: string, input: { userId: string; familyId: string; code: string; now: Date }): Promise<void> {
  const { userId, now } = input;
  const attempt = await takeAttempt(db, userId, now);
  if (!attempt) {
    const row = await findTwoFactor(db, userId);
    if (!row) throw new ProblemError(403, 'two_factor_required');
    throw locked(row.lockedUntil ?? now, now);
  }
  const totp = totpOf(Secret.fromBase32(openSecret(sessionSecret, attempt.secretCiphertext)), userId);
  const delta = totp.validate({ token: input.code, timestamp: now.getTime(), window: 1 });
  const step = Math.floor(now.getTime() / 30_000) + (delta ?? 0);
  if (delta !== null) {
    // Only a step later than the last used one is taken: a code seen over a shoulder is spent.
    // The row must still be unlocked, or locked by this very attempt (the last one allowed):
    // a lock set by another guess of the same burst refuses even the right code. And it must
    // hold the secret the code was checked against, not one a setup wrote meanwhile.
    const unlocked = attempt.lockedUntil
      ? sql`(${twoFactorSecrets.lockedUntil} is null or ${twoFactorSecrets.lockedUntil} = ${attempt.lockedUntil.toISOString()}::timestamptz)`
      : sql`${twoFactorSecrets.lockedUntil} is null`;
    const [accepted] = await db
      .update(twoFactorSecrets)
      .set({ failedAttempts: 0, lockedUntil: null, lastStep: step, confirmedAt: attempt.confirmedAt ?? now })
      .where(
        sql`${twoFactorSecrets.userId} = ${userId} and ${twoFactorSecrets.secretCiphertext} = ${attempt.secretCiphertext} and (${twoFactorSecrets.lastStep} is null or ${twoFactorSecrets.lastStep} < ${step}) and ${unlocked}`,
      )
      .returning({ userId: twoFactorSecrets.userId });
    if (accepted) {
      const window = {
        userId,
        verifiedUntil: new Date(now.getTime() + twoFactorPolicy.stepUpMs),
        accessUntil: new Date(now.getTime() + twoFactorPolicy.accessMs),
      };
      await db
        .insert(twoFactorStepUps)
        .values({ familyId: input.familyId, ...window })
        .onConflictDoUpdate({ target: twoFactorStepUps.familyId, set: window });
      return;
    }
  }
  if (attempt.lockedUntil) throw locked(attempt.lockedUntil, now);
  const remaining = twoFactorPolicy.maxAttempts - attempt.failedAttempts;
  throw new ProblemError(400, 'two_factor_invalid_code', undefined, { 'X-Attempts-Remaining': String(remaining) });
}

const locked = (until: Date, now: Date) => new ProblemError(429, 'two_factor_locked', undefined, { 'Retry-After': String(secondsUntil(until, now)) });

/**
 * Takes one attempt on `userId`'s code, if the row is not locked at `now`, and returns the row
 * as it now is: `failedAttempts` counts this attempt (a success sets it back to 0), and
 * `lockedUntil` is set only when this attempt was the last one allowed. An expired lock
 * starts the count afresh. Null when locked (or without a secret).
 */
async function takeAttempt(db: Db, userId: string, now: Date): Promise<SecretRow | null> {
  const count = sql`case when ${twoFactorSecrets.lockedUntil} is null then ${twoFactorSecrets.failedAttempts} + 1 else 1 end`;
  const lockEnd = new Date(now.getTime() + twoFactorPolicy.lockMs).toISOString();
  const [row] = await db
    .update(twoFactorSecrets)
    .set({
      failedAttempts: count,
      lockedUntil: sql`case when ${count} >= ${twoFactorPolicy.maxAttempts} then ${lockEnd}::timestamptz else null end`,
    })
    .where(
      sql`${twoFactorSecrets.userId} = ${userId} and (${twoFactorSecrets.lockedUntil} is null or ${twoFactorSecrets.lockedUntil} <= ${now.toISOString()}::timestamptz)`,
    )
    .returning();
  return row ?? null;
}

/** What the session `familyId` of `userId` may do now: see banking (`access`), move money (`stepUp`). */
export async function sessionWindow(db: Db, userId: string, familyId: string, now: Date): Promise<{ access: boolean; stepUp: boolean; stepUpSeconds: number }> {
  const [row] = await db.select().from(twoFactorStepUps).where(eq(twoFactorStepUps.familyId, familyId));
  if (!row || row.userId !== userId) return { access: false, stepUp: false, stepUpSeconds: 0 };
  const stepUp = row.verifiedUntil > now;
  return { access: row.accessUntil > now, stepUp, stepUpSeconds: stepUp ? Math.floor((row.verifiedUntil.getTime() - now.getTime()) / 1000) : 0 };
}

const hashCode = (sessionSecret: string, userId: string, code: string) =>
  createHmac('sha256', sessionSecret).update(`2fa-reset:${userId}:${code}`).digest('base64url');

/**
 * Starts a reset of `userId`'s confirmed two-factor, asked from company `companyId`: a 6-digit
 * code (returned for the mail to the company's owner), valid 15 minutes. A second request
 * within the user's cooldown, or past the company's mails for the hour, is 429
 * `two_factor_reset_cooldown` with the wait, and makes no code.
 */
export async function startReset(db: Db, sessionSecret: string, input: { userId: string; companyId: string; now: Date }): Promise<string> {
  const { userId, now } = input;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const cooldownStart = new Date(now.getTime() - twoFactorPolicy.resetCooldownMs).toISOString();
  return db.transaction(async (tx) => {
    const [started] = await tx
      .update(twoFactorSecrets)
      .set({
        resetCodeHash: hashCode(sessionSecret, userId, code),
        resetExpiresAt: new Date(now.getTime() + twoFactorPolicy.resetCodeTtlMs),
        resetRequestedAt: now,
        resetFailedAttempts: 0,
      })
      .where(
        sql`${twoFactorSecrets.userId} = ${userId} and ${twoFactorSecrets.confirmedAt} is not null and (${twoFactorSecrets.resetRequestedAt} is null or ${twoFactorSecrets.resetRequestedAt} <= ${cooldownStart}::timestamptz)`,
      )
      .returning({ userId: twoFactorSecrets.userId });
    if (!started) {
      const row = await findTwoFactor(tx, userId);
      if (!row?.confirmedAt) throw new ProblemError(404, 'two_factor_required');
      throw resetCooldown(new Date((row.resetRequestedAt ?? now).getTime() + twoFactorPolicy.resetCooldownMs), now);
    }
    // Each request mails the owner: however many teammates ask, the owner gets a few an hour.
    // Only a request that made a code spends one, so people without two-factor, whose code
    // would reset nothing, cannot use the company's mails up.
    const perHour = twoFactorPolicy.resetMailsPerCompanyHour;
    const limited = await spendFromBucket(tx, `2fa-reset:company:${input.companyId}`, { capacity: perHour, perSecond: perHour / 3600 }, 1, now);
    if (limited) throw resetCooldown(new Date(now.getTime() + limited.retryAfterMs), now);
    return code;
  });
}

const resetCooldown = (until: Date, now: Date) =>
  new ProblemError(429, 'two_factor_reset_cooldown', undefined, { 'Retry-After': String(secondsUntil(until, now)) });

/**
 * Ends a reset: the right code removes the secret (the user sets up a new QR). Each mailed code
 * allows five attempts, each taken in one guarded statement before the comparison, so parallel
 * guesses get no more; a code without attempts left answers as no code at all.
 */
export async function confirmReset(db: Db, sessionSecret: string, userId: string, code: string, now: Date): Promise<void> {
  const [attempt] = await db
    .update(twoFactorSecrets)
    .set({ resetFailedAttempts: sql`${twoFactorSecrets.resetFailedAttempts} + 1` })
    .where(
      and(
        eq(twoFactorSecrets.userId, userId),
        isNotNull(twoFactorSecrets.resetCodeHash),
        gt(twoFactorSecrets.resetExpiresAt, now),
        lt(twoFactorSecrets.resetFailedAttempts, twoFactorPolicy.maxResetAttempts),
      ),
    )
    .returning({ resetCodeHash: twoFactorSecrets.resetCodeHash });
  if (!attempt?.resetCodeHash) throw new ProblemError(400, 'two_factor_no_reset_code');
  const expected = Buffer.from(attempt.resetCodeHash);
  const given = Buffer.from(hashCode(sessionSecret, userId, code));
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    // Only the code compared: a newer one mailed meanwhile replaced it, and then this one is spent.
    const [removed] = await db
      .delete(twoFactorSecrets)
      .where(and(eq(twoFactorSecrets.userId, userId), eq(twoFactorSecrets.resetCodeHash, attempt.resetCodeHash), gt(twoFactorSecrets.resetExpiresAt, now)))
      .returning({ userId: twoFactorSecrets.userId });
    if (removed) {
      await db.delete(twoFactorStepUps).where(eq(twoFactorStepUps.userId, userId));
      return;
    }
  }
  throw new ProblemError(400, 'two_factor_invalid_reset_code');
}
