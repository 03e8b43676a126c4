import type { LoginInput, LoginResponse } from '@domain/account';
import type { RegisterInput } from '@domain/register';
import type { Language } from '@domain/constants';
import type { AppDeps } from '../context';
import { consumeCode, findLiveCodeByHash, replaceVerificationCode, revokeAllOfUser, takeCodeAttempt } from '../db/queries/sessions';
import {
  dropUnprovenCredentials,
  findUserByEmail,
  findUserByGoogleSub,
  findUserById,
  insertUser,
  linkGoogleAccount,
  setPassword,
  type UserRow,
} from '../db/queries/users';
import { linkDraftToUser } from '../sync/drafts';
import { ProblemError } from '../lib/problem';
import { rateLimited, type RateLimitGuard } from '../middleware/with-rate-limit';
import { renderMail } from '../providers/mail/render-mail';
import { emailProven, newVerificationLink } from './email-proof';
import { googleIdentity } from './google-sign-in';
import { sendMailInBackground } from './mails';
import { generateTemporaryPassword, hashPassword, verifyPasswordOrDummy } from './passwords';
import { generateOpaqueToken, generateSecurityCode, hashOpaqueToken, hashSecurityCode, sameHash } from './tokens';

const minute = 60_000;
export const resetCodeMinutes = 15;
export const resetCodeMaxAttempts = 5;
/** The temporary-password challenge only bridges the login answer and the new-password form. */
export const newPasswordChallengeMs = 10 * minute;

/** What login decided: a session for `user`, or the new-password challenge of a temporary-password account. */
export type LoginOutcome = { kind: 'session'; user: UserRow } | { kind: 'challenge'; response: LoginResponse };

/**
 * POST /users. The admin email is reserved (the admin comes from configuration only). With a
 * Google token the account has no password and its email must be the token's verified one.
 * `draftSecret` (the `X-Draft-Secret` header) proves the guest draft `companyDraftId` is the
 * caller's; without it the draft stays the guest's.
 */
export async function registerAccount(deps: AppDeps, input: RegisterInput, draftSecret: string | undefined): Promise<UserRow> {
  const db = deps.database.db;
  if (input.email === deps.env.ADMIN_EMAIL) throw new ProblemError(409, 'admin_email_reserved');
  let googleSub: string | null = null;
  if (input.token !== undefined) {
    const identity = await googleIdentity(deps, input.token, input.googleId);
    if (!identity.emailVerified || identity.email !== input.email) throw new ProblemError(401, 'google_auth_failed');
    if (await findUserByGoogleSub(db, identity.sub)) throw new ProblemError(409, 'email_taken');
    googleSub = identity.sub;
  }
  if (await findUserByEmail(db, input.email)) throw new ProblemError(409, 'email_taken');
  const now = deps.now();
  const user = await insertUser(db, {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone ?? null,
    passwordHash: input.password !== undefined ? await hashPassword(input.password) : null,
    googleSub,
    language: input.language,
    attribution: input.attribution ?? null,
    companyDraftId: input.companyDraftId ?? null,
    // Google vouched for this email; a password account proves it with the welcome mail's link.
    emailVerifiedAt: googleSub ? now : null,
    now,
  });
  // Two sign-ups with one email at the same moment: the unique index decides, the loser hears the truth.
  if (!user) throw new ProblemError(409, 'email_taken');
  // The wizard draft started as a guest now syncs to the new account's devices.
  if (input.companyDraftId && draftSecret) await linkDraftToUser(db, input.companyDraftId, draftSecret, user.id);
  // Paid orders of this email wait for the proof (decision 017): at once with Google, else the mailed link.
  if (googleSub) await emailProven(deps, user);
  const verification = googleSub ? null : await newVerificationLink(deps, user);
  sendMailInBackground(
    deps,
    'welcome',
    renderMail('welcome', { to: user.email, language: user.language, appUrl: deps.env.APP_URL, values: { firstName: user.firstName, verification } }),
  );
  return user;
}

/**
 * POST /login. A wrong password and an unknown email take the same path, the same time
 * (a dummy argon2 verification) and the same answer; the blocked status is only revealed
 * to someone who knows the password.
 */
export async function logIn(deps: AppDeps, input: LoginInput, guard: RateLimitGuard): Promise<LoginOutcome> {
  if (input.token !== undefined) return { kind: 'session', user: await logInWithGoogle(deps, input.token, input.googleId, guard) };
  const db = deps.database.db;
  const user = input.email !== undefined ? await findUserByEmail(db, input.email) : null;
  const passwordMatches = await verifyPasswordOrDummy(user?.passwordHash, input.password ?? '');
  if (guard.accountLockedUntil) {
    // Failed attempts locked the account. A stranger still only hears the lock; whoever has the
    // password gets a code mailed to the account, and the two together let the owner in. A wrong
    // password still counts against the address: the two answers differ, so uncounted guesses
    // on a locked account would tell the password apart without limit.
    if (!user || !passwordMatches) {
      await guard.failed();
      throw rateLimited(guard.accountLockedUntil, deps.now());
    }
    if (input.code === undefined) {
      await mailLoginCode(deps, user);
      throw new ProblemError(401, 'login_code_required');
    }
    const now = deps.now();
    const attempt = await takeCodeAttempt(db, user.id, 'login_unlock', resetCodeMaxAttempts, now);
    const matches = attempt !== null && sameHash(attempt.codeHash, hashSecurityCode(deps.env.SESSION_SECRET, user.id, input.code));
    if (!attempt || !matches || !(await consumeCode(db, attempt.id, now))) throw new ProblemError(400, 'invalid_security_code');
  } else if (!user || !passwordMatches) {
    await guard.failed();
    throw new ProblemError(401, 'invalid_credentials');
  }
  if (user.status === 'blocked') throw new ProblemError(403, 'user_blocked');
  await guard.succeeded();
  if (!user.mustChangePassword) return { kind: 'session', user };

  const challenge = generateOpaqueToken();
  const now = deps.now();
  await replaceVerificationCode(db, {
    userId: user.id,
    purpose: 'new_password',
    codeHash: hashOpaqueToken(challenge),
    now,
    expiresAt: new Date(now.getTime() + newPasswordChallengeMs),
  });
  return { kind: 'challenge', response: { status: 'NEW_PASSWORD_REQUIRED', data: { cognitoSession: challenge } } };
}

/**
 * Google sign-in finds the account by its Google id, or by the token's verified email (and
 * links it). It never creates one: a new Google user registers, giving the names the form asks.
 */
async function logInWithGoogle(deps: AppDeps, token: string, googleId: string | undefined, guard: RateLimitGuard) {
  const db = deps.database.db;
  let identity;
  try {
    identity = await googleIdentity(deps, token, googleId);
  } catch (error) {
    await guard.failed();
    throw error;
  }
  let user = await findUserByGoogleSub(db, identity.sub);
  if (!user && identity.emailVerified && identity.email) {
    const byEmail = await findUserByEmail(db, identity.email);
    if (byEmail?.googleSub && byEmail.googleSub !== identity.sub) throw new ProblemError(401, 'google_auth_failed');
    if (byEmail) {
      await linkGoogle(deps, byEmail, identity.sub);
      user = byEmail;
    }
  }
  if (!user) throw new ProblemError(404, 'google_account_not_found');
  if (user.status === 'blocked') throw new ProblemError(403, 'user_blocked');
  await guard.succeeded();
  // Google vouches for the email it reports verified: the account's, if it is the same address.
  if (!user.emailVerifiedAt && identity.emailVerified && identity.email === user.email) await emailProven(deps, user);
  return user;
}

/**
 * Links Google to the account that has its verified email. Anyone may register any address with
 * a password of their choosing, so when the account never proved its email the Google holder is
 * the first to prove it: the password and second factor set before are dropped and every
 * session ends, so whoever pre-registered the address is out before the proof hands the account
 * that address's paid orders (the proof follows in logInWithGoogle).
 */
async function linkGoogle(deps: AppDeps, user: UserRow, googleSub: string) {
  const now = deps.now();
  if (user.emailVerifiedAt) {
    await linkGoogleAccount(deps.database.db, user.id, googleSub, now);
    return;
  }
  await deps.database.db.transaction(async (tx) => {
    await linkGoogleAccount(tx, user.id, googleSub, now);
    await dropUnprovenCredentials(tx, user.id, now);
    await revokeAllOfUser(tx, user.id, now);
  });
}

/** PUT /reset-password/temporary-confirm: spends the login challenge, sets the chosen password. */
export async function confirmTemporaryPassword(deps: AppDeps, input: { email: string; newPassword: string; cognitoSession: string }) {
  const db = deps.database.db;
  const now = deps.now();
  const challenge = await findLiveCodeByHash(db, 'new_password', hashOpaqueToken(input.cognitoSession), now);
  const user = challenge ? await findUserById(db, challenge.userId) : null;
  if (!challenge || !user || user.email !== input.email || !user.mustChangePassword) throw new ProblemError(400, 'invalid_security_code');
  if (user.status === 'blocked') throw new ProblemError(403, 'user_blocked');
  const passwordHash = await hashPassword(input.newPassword);
  if (!(await consumeCode(db, challenge.id, now))) throw new ProblemError(400, 'invalid_security_code');
  await setPassword(db, user.id, passwordHash, now);
  return user;
}

/** Stores a fresh 6-digit code of `purpose` for the user (voiding earlier ones) and mails it. */
async function mailSecurityCode(deps: AppDeps, user: UserRow, purpose: 'password_reset' | 'login_unlock', language: Language) {
  const code = generateSecurityCode();
  const now = deps.now();
  await replaceVerificationCode(deps.database.db, {
    userId: user.id,
    purpose,
    codeHash: hashSecurityCode(deps.env.SESSION_SECRET, user.id, code),
    now,
    expiresAt: new Date(now.getTime() + resetCodeMinutes * minute),
  });
  const kind = purpose === 'password_reset' ? 'resetCode' : 'loginCode';
  const values = { firstName: user.firstName, code, minutes: resetCodeMinutes };
  sendMailInBackground(deps, kind, renderMail(kind, { to: user.email, language, appUrl: deps.env.APP_URL, values }));
}

const mailLoginCode = (deps: AppDeps, user: UserRow) => mailSecurityCode(deps, user, 'login_unlock', user.language);

/** POST /reset-password: a fresh 6-digit code by mail when the account exists; silence otherwise. */
export async function requestPasswordReset(deps: AppDeps, input: { email: string; language?: Language }) {
  const user = await findUserByEmail(deps.database.db, input.email);
  if (user) await mailSecurityCode(deps, user, 'password_reset', input.language ?? user.language);
}

/**
 * PUT /reset-password/confirm. Wrong, expired, spent, over-tried codes and unknown emails
 * all answer `invalid_security_code`. Success ends every session of the account.
 */
export async function confirmPasswordReset(deps: AppDeps, input: { email: string; code: string; newPassword: string }, guard: RateLimitGuard) {
  const db = deps.database.db;
  const now = deps.now();
  const user = await findUserByEmail(db, input.email);
  const attempt = user ? await takeCodeAttempt(db, user.id, 'password_reset', resetCodeMaxAttempts, now) : null;
  const matches = user !== null && attempt !== null && sameHash(attempt.codeHash, hashSecurityCode(deps.env.SESSION_SECRET, user.id, input.code));
  if (!user || !attempt || !matches || !(await consumeCode(db, attempt.id, now))) {
    await guard.failed();
    throw new ProblemError(400, 'invalid_security_code');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    // A first proof of the mailbox, as Google's is in linkGoogle: a second factor set before it may be a stranger's.
    if (!user.emailVerifiedAt) await dropUnprovenCredentials(tx, user.id, now);
    await setPassword(tx, user.id, passwordHash, now);
    await revokeAllOfUser(tx, user.id, now);
  });
  await guard.succeeded();
  // The code reached the account's mailbox: the email is proven, and its paid orders follow.
  await emailProven(deps, user);
}

/**
 * Creates an account that must choose its own password at first login (seed, admin tools,
 * and inviting a teammate who has no account yet) and mails the temporary password in the
 * person's language. Returns the password too, for the caller that shows it instead.
 */
export async function createAccountWithTemporaryPassword(
  deps: AppDeps,
  input: { email: string; firstName: string; lastName: string; language: Language; phone?: string | null },
): Promise<{ user: UserRow; temporaryPassword: string }> {
  if (input.email === deps.env.ADMIN_EMAIL) throw new ProblemError(409, 'admin_email_reserved');
  const temporaryPassword = generateTemporaryPassword();
  const user = await insertUser(deps.database.db, {
    ...input,
    passwordHash: await hashPassword(temporaryPassword),
    mustChangePassword: true,
    now: deps.now(),
  });
  if (!user) throw new ProblemError(409, 'email_taken');
  sendMailInBackground(
    deps,
    'temporaryPassword',
    renderMail('temporaryPassword', {
      to: user.email,
      language: user.language,
      appUrl: deps.env.APP_URL,
      values: { firstName: user.firstName, email: user.email, temporaryPassword },
    }),
  );
  return { user, temporaryPassword };
}
