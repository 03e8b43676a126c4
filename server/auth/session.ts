import { createHmac, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { User } from '@domain/account';
import type { AppDeps, SessionAccount } from '../context';
import { companyIdsOf, findSessionUsers, findUserById, type UserRow } from '../db/queries/users';
import { findRefreshToken, insertRefreshToken, markRotated, revokeFamily, type RefreshTokenRow } from '../db/queries/sessions';
import type { Env } from '../env';
import { ProblemError } from '../lib/problem';
import { accessTokenSeconds, generateOpaqueToken, hashOpaqueToken, signAccessToken } from './tokens';

const day = 24 * 60 * 60 * 1000;
export const refreshTokenMs = 30 * day;
/** "Log in as user" is for a support look, not a second life as the customer: it ends after an hour. */
export const impersonationSessionMs = 60 * 60 * 1000;
/**
 * Two tabs whose access tokens expire together both refresh with the same cookie; the loser
 * presents a token its sibling has just rotated. Within this grace it gets a fresh access
 * token (the browser already holds the successor refresh token) instead of a revoked family.
 */
export const rotationGraceMs = 20_000;

export const accessCookie = 'accessToken';
export const refreshCookie = 'refreshToken';
/**
 * While the admin acts as a user, the admin's own refresh token waits here, untouched (not
 * revoked, not rotated): "return to admin" resumes that session in one click (decision 028).
 */
export const adminStashCookie = 'adminRefreshToken';

/** The admin is the account whose email equals ADMIN_EMAIL, whatever it signed up with. */
export function roleOf(env: Pick<Env, 'ADMIN_EMAIL'>, email: string): 'user' | 'admin' {
  return email === env.ADMIN_EMAIL ? 'admin' : 'user';
}

function cookieBase(env: Env) {
  // HttpOnly: no script can read a token. SameSite=Lax: not sent on cross-site POSTs.
  return { httpOnly: true, secure: env.NODE_ENV === 'production', sameSite: 'Lax' as const };
}

async function setAccessCookie(deps: AppDeps, c: Context, user: Pick<UserRow, 'id' | 'email'>, familyId: string, impersonatorId: string | null) {
  const role = roleOf(deps.env, user.email);
  const claims = { sub: user.id, role, fam: familyId, ...(impersonatorId ? { imp: impersonatorId } : {}) };
  const token = await signAccessToken(deps.env.SESSION_SECRET, claims, deps.now());
  setCookie(c, accessCookie, token, { ...cookieBase(deps.env), path: '/', maxAge: accessTokenSeconds });
}

/** `expiresAt`: when the family must end whatever its rotations (an impersonation's hour); a session's own lifetime from now otherwise. */
async function issueTokens(deps: AppDeps, c: Context, user: Pick<UserRow, 'id' | 'email'>, familyId: string, impersonatorId: string | null, expiresAt?: Date) {
  const now = deps.now();
  const end = expiresAt ?? new Date(now.getTime() + (impersonatorId ? impersonationSessionMs : refreshTokenMs));
  const refresh = generateOpaqueToken();
  await insertRefreshToken(deps.database.db, {
    userId: user.id,
    familyId,
    tokenHash: hashOpaqueToken(refresh),
    impersonatorId,
    now,
    expiresAt: end,
  });
  await setAccessCookie(deps, c, user, familyId, impersonatorId);
  // Path=/api: the refresh and logout calls need it; pages and assets never see it.
  setCookie(c, refreshCookie, refresh, { ...cookieBase(deps.env), path: '/api', maxAge: Math.floor((end.getTime() - now.getTime()) / 1000) });
}

/** Signs `user` in on this response: a new refresh-token family and both cookies. */
export function startSession(deps: AppDeps, c: Context, user: Pick<UserRow, 'id' | 'email'>, impersonatorId: string | null = null) {
  return issueTokens(deps, c, user, randomUUID(), impersonatorId);
}

export function clearSessionCookies(c: Context, env: Env) {
  deleteCookie(c, accessCookie, { ...cookieBase(env), path: '/' });
  deleteCookie(c, refreshCookie, { ...cookieBase(env), path: '/api' });
}

/**
 * Login as user: keeps the admin's refresh token aside (same lifetime it has left) before the
 * impersonation's cookies replace the session's. Strict: no other site can make the browser send it.
 */
export async function stashAdminSession(deps: AppDeps, c: Context, adminId: string) {
  const token = getCookie(c, refreshCookie);
  if (!token) return;
  const row = await findRefreshToken(deps.database.db, hashOpaqueToken(token));
  if (!row || row.userId !== adminId || row.impersonatorId || row.revokedAt) return;
  const seconds = Math.floor((row.expiresAt.getTime() - deps.now().getTime()) / 1000);
  if (seconds <= 0) return;
  setCookie(c, adminStashCookie, token, { ...cookieBase(deps.env), sameSite: 'Strict', path: '/api', maxAge: seconds });
}

function unauthorized(c: Context, env: Env): never {
  clearSessionCookies(c, env);
  throw new ProblemError(401, 'unauthorized');
}

/** The user and impersonating admin a refresh token speaks for, if both may still have a session. */
async function sessionHolders(deps: AppDeps, row: RefreshTokenRow) {
  const ids = row.impersonatorId ? [row.userId, row.impersonatorId] : [row.userId];
  const rows = await findSessionUsers(deps.database.db, ids);
  const user = rows.find((r) => r.id === row.userId);
  const admin = row.impersonatorId ? rows.find((r) => r.id === row.impersonatorId) : undefined;
  // An impersonation ends as soon as its admin stops being the admin.
  const adminValid = !row.impersonatorId || (admin !== undefined && roleOf(deps.env, admin.email) === 'admin');
  return { user, adminValid };
}

/**
 * POST /auth/refresh: rotates the refresh token (new token, same family, new access token).
 * A token presented again after its rotation grace means a copy exists somewhere: the whole
 * family is revoked, ending the session for whoever holds it.
 */
export async function refreshSession(deps: AppDeps, c: Context) {
  const token = getCookie(c, refreshCookie);
  if (!token) unauthorized(c, deps.env);
  await rotate(deps, c, token);
}

/** Rotates `token` into fresh session cookies, or ends its family (see refreshSession); returns who it signs in. */
async function rotate(deps: AppDeps, c: Context, token: string): Promise<Pick<UserRow, 'id' | 'email'>> {
  const db = deps.database.db;
  const now = deps.now();
  const row = await findRefreshToken(db, hashOpaqueToken(token));
  if (!row || row.revokedAt || row.expiresAt <= now) unauthorized(c, deps.env);

  const { user, adminValid } = await sessionHolders(deps, row);
  if (!user || !adminValid) {
    await revokeFamily(db, row.familyId, now);
    unauthorized(c, deps.env);
  }
  if (user.status === 'blocked') {
    clearSessionCookies(c, deps.env);
    throw new ProblemError(403, 'user_blocked');
  }

  if (row.rotatedAt) {
    if (now.getTime() - row.rotatedAt.getTime() <= rotationGraceMs) {
      await setAccessCookie(deps, c, user, row.familyId, row.impersonatorId);
      return user;
    }
    await revokeFamily(db, row.familyId, now);
    unauthorized(c, deps.env);
  }
  if (!(await markRotated(db, row.id, now))) {
    // A parallel request rotated it a moment ago: the same grace as above.
    await setAccessCookie(deps, c, user, row.familyId, row.impersonatorId);
    return user;
  }
  // An impersonation ends an hour after login-as-user, however often it was refreshed since.
  await issueTokens(deps, c, user, row.familyId, row.impersonatorId, row.impersonatorId ? row.expiresAt : undefined);
  return user;
}

/**
 * "Return to admin": ends the impersonation (its family is revoked) and resumes the admin's
 * stashed session, which was never touched. Works after the impersonation expired too. 401
 * when there is no live admin session to go back to.
 */
export async function resumeAdminSession(deps: AppDeps, c: Context): Promise<{ admin: Pick<UserRow, 'id' | 'email'>; impersonatedUserId: string | null }> {
  const db = deps.database.db;
  const stashed = getCookie(c, adminStashCookie);
  deleteCookie(c, adminStashCookie, { ...cookieBase(deps.env), sameSite: 'Strict', path: '/api' });
  if (!stashed) unauthorized(c, deps.env);
  const adminRow = await findRefreshToken(db, hashOpaqueToken(stashed));
  if (!adminRow || adminRow.impersonatorId) unauthorized(c, deps.env);
  const current = getCookie(c, refreshCookie);
  const impersonation = current ? await findRefreshToken(db, hashOpaqueToken(current)) : null;
  let impersonatedUserId: string | null = null;
  if (impersonation && impersonation.impersonatorId === adminRow.userId) {
    await revokeFamily(db, impersonation.familyId, deps.now());
    impersonatedUserId = impersonation.userId;
  }
  const admin = await rotate(deps, c, stashed);
  if (roleOf(deps.env, admin.email) !== 'admin') unauthorized(c, deps.env);
  return { admin, impersonatedUserId };
}

/**
 * POST /logout: revokes the session's refresh-token family and clears both cookies. Logging
 * out while acting as a user ends the waiting admin session too: whoever is at this browser
 * asked to leave, and must not find an admin session behind the customer's.
 */
export async function endSession(deps: AppDeps, c: Context) {
  for (const token of [getCookie(c, refreshCookie), getCookie(c, adminStashCookie)]) {
    if (!token) continue;
    const row = await findRefreshToken(deps.database.db, hashOpaqueToken(token));
    if (row) await revokeFamily(deps.database.db, row.familyId, deps.now());
  }
  deleteCookie(c, adminStashCookie, { ...cookieBase(deps.env), sameSite: 'Strict', path: '/api' });
  clearSessionCookies(c, deps.env);
}

/** Intercom identity verification: an HMAC of the user id the chat widget checks. */
function intercomHash(env: Env, userId: string) {
  return env.CHAT_IDENTITY_SECRET ? createHmac('sha256', env.CHAT_IDENTITY_SECRET).update(userId).digest('hex') : null;
}

/** The User object of the API contract (domain userSchema), reading its companies and impersonator. */
export async function userResponse(deps: AppDeps, user: UserRow, impersonatorId: string | null): Promise<User> {
  const db = deps.database.db;
  const [companies, impersonator] = await Promise.all([companyIdsOf(db, user.id), impersonatorId ? findUserById(db, impersonatorId) : Promise.resolve(null)]);
  return userResponseOf(deps.env, { user, companyIds: companies, impersonator });
}

/** The User object of the API contract from an account already read (GET /users/me: by the session middleware). */
export function userResponseOf(env: Env, { user, companyIds, impersonator }: SessionAccount): User {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    status: user.status,
    role: roleOf(env, user.email),
    language: user.language,
    companies: companyIds,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
    intercomUserHash: intercomHash(env, user.id),
    impersonatedBy: impersonator ? { id: impersonator.id, email: impersonator.email } : null,
  };
}
