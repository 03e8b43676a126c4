import { and, desc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { refreshTokens, verificationCodes } from '../schema/auth';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type VerificationPurpose = (typeof verificationCodes.$inferSelect)['purpose'];

export async function insertRefreshToken(
  db: Db,
  token: { userId: string; familyId: string; tokenHash: string; impersonatorId: string | null; now: Date; expiresAt: Date },
) {
  await db.insert(refreshTokens).values({
    userId: token.userId,
    familyId: token.familyId,
    tokenHash: token.tokenHash,
    impersonatorId: token.impersonatorId,
    createdAt: token.now,
    expiresAt: token.expiresAt,
  });
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | null> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** Marks a token rotated; false when another request rotated or revoked it first. */
export async function markRotated(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Db, familyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user (password reset). */
export async function revokeAllOfUser(db: Db, userId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Stores a new one-time secret (returns its id) and voids the user's earlier unused ones of the same purpose: only the latest works. */
export async function replaceVerificationCode(
  db: Db,
  code: { userId: string; purpose: VerificationPurpose; codeHash: string; now: Date; expiresAt: Date },
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ usedAt: code.now })
      .where(and(eq(verificationCodes.userId, code.userId), eq(verificationCodes.purpose, code.purpose), isNull(verificationCodes.usedAt)));
    const [row] = await tx
      .insert(verificationCodes)
      .values({
        userId: code.userId,
        purpose: code.purpose,
        codeHash: code.codeHash,
        createdAt: code.now,
        expiresAt: code.expiresAt,
      })
      .returning({ id: verificationCodes.id });
    return row!.id;
  });
}

/**
 * Takes one attempt on the user's live code of `purpose` (unused, unexpired, under the
 * attempt limit) and returns it, or null when there is none left to try. The attempt is
 * counted before the comparison, in one statement, so parallel guesses cannot exceed it.
 */
export async function takeCodeAttempt(db: Db, userId: string, purpose: VerificationPurpose, maxAttempts: number, now: Date) {
  const [live] = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.usedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!live) return null;
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, live.id),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.attempts, maxAttempts),
      ),
    )
    .returning();
  return row ?? null;
}

/** A live code of `purpose` found by its hash (challenges are random, so the hash alone identifies them). */
export async function findLiveCodeByHash(db: Db, purpose: VerificationPurpose, codeHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.codeHash, codeHash),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A live one-time secret of `purpose` by its id, only if it belongs to `userId` (mailed links name their row). */
export async function findLiveCodeOfUser(db: Db, input: { id: string; userId: string; purpose: VerificationPurpose; now: Date }) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.id, input.id),
        eq(verificationCodes.userId, input.userId),
        eq(verificationCodes.purpose, input.purpose),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, input.now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Spends a code; false when it was already spent (a parallel request won). */
export async function consumeCode(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

/** Drops what can no longer be used: expired or revoked refresh tokens and spent or expired codes, after a day. */
export async function pruneSessions(db: Db, now: Date) {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db.delete(refreshTokens).where(or(lte(refreshTokens.expiresAt, dayAgo), lte(refreshTokens.revokedAt, dayAgo)));
  await db.delete(verificationCodes).where(or(lte(verificationCodes.expiresAt, dayAgo), lte(verificationCodes.usedAt, dayAgo)));
}
