import type { ClaimResult } from '@domain/checkout';
import type { AppDeps } from '../context';
import { claimOrdersOfVerifiedEmail } from '../db/queries/orders';
import { consumeCode, findLiveCodeOfUser, replaceVerificationCode } from '../db/queries/sessions';
import { markEmailVerified, type UserRow } from '../db/queries/users';
import { ProblemError } from '../lib/problem';
import { generateOpaqueToken, hashOpaqueToken, sameHash } from './tokens';

/**
 * Proof that an account receives mail at its email (decision 017). Paid orders follow an
 * email only to an account that proved it: a mailed verification link, a mailed
 * password-reset code, Google's verified email, or the receipt's claim link.
 */

export const verificationLinkDays = 7;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A fresh verification link secret for `user` (only the latest works): `<row id>.<secret>`,
 * the value the mailed link carries in its fragment.
 */
export async function newVerificationLink(deps: AppDeps, user: Pick<UserRow, 'id'>): Promise<string> {
  const secret = generateOpaqueToken();
  const now = deps.now();
  const id = await replaceVerificationCode(deps.database.db, {
    userId: user.id,
    purpose: 'email_verification',
    codeHash: hashOpaqueToken(secret),
    now,
    expiresAt: new Date(now.getTime() + verificationLinkDays * 24 * 60 * 60 * 1000),
  });
  return `${id}.${secret}`;
}

/**
 * The account proved its email: it is marked verified and gets every paid order placed with
 * that email that nobody owns. Answers the orders claimed now.
 */
export async function emailProven(deps: AppDeps, user: Pick<UserRow, 'id' | 'email'>): Promise<ClaimResult[]> {
  const db = deps.database.db;
  const now = deps.now();
  await markEmailVerified(db, user.id, now);
  return claimOrdersOfVerifiedEmail(db, { userId: user.id, email: user.email, now });
}

/**
 * POST /users/me/email-verification/confirm: the link must be the signed-in account's own,
 * live and unused; its secret is compared in constant time. A stranger who registered with
 * someone else's address never sees this link, so never gets their orders.
 */
export async function confirmEmailVerification(deps: AppDeps, user: Pick<UserRow, 'id' | 'email'>, link: string): Promise<ClaimResult[]> {
  const db = deps.database.db;
  const now = deps.now();
  const [id = '', secret = ''] = link.split('.');
  const row = uuidPattern.test(id) ? await findLiveCodeOfUser(db, { id, userId: user.id, purpose: 'email_verification', now }) : null;
  if (!row || !sameHash(row.codeHash, hashOpaqueToken(secret)) || !(await consumeCode(db, row.id, now))) {
    throw new ProblemError(400, 'invalid_verification_link');
  }
  return emailProven(deps, user);
}
