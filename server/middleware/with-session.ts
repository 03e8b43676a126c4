import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { accessCookie, roleOf } from '../auth/session';
import { verifyAccessToken } from '../auth/tokens';
import type { AppDeps, AppEnv, SessionAccount, SessionUser } from '../context';
import { findAccessSessionUsers } from '../db/queries/users';
import { ProblemError } from '../lib/problem';

type SessionRef = Pick<SessionUser, 'id' | 'impersonatorId' | 'familyId'>;

/**
 * The caller a verified access token speaks for, read from the database (one query): 401
 * `unauthorized` when the account is gone, the impersonating admin lost the role, or the
 * token's refresh-token family was revoked; 403 `user_blocked` for a blocked account. With
 * `withAccount`, the same query also brings the account's companies (`SessionAccount`).
 */
async function currentSession(deps: AppDeps, ref: SessionRef, withAccount = false): Promise<{ user: SessionUser; account: SessionAccount | null }> {
  const ids = ref.impersonatorId ? [ref.id, ref.impersonatorId] : [ref.id];
  const rows = await findAccessSessionUsers(deps.database.db, ids, ref.familyId, deps.now(), withAccount ? ref.id : null);
  const user = rows.find((row) => row.id === ref.id);
  if (!user || !user.familyLive) throw new ProblemError(401, 'unauthorized');
  const admin = ref.impersonatorId ? rows.find((row) => row.id === ref.impersonatorId) : undefined;
  if (ref.impersonatorId && (!admin || roleOf(deps.env, admin.email) !== 'admin')) throw new ProblemError(401, 'unauthorized');
  if (user.status === 'blocked') throw new ProblemError(403, 'user_blocked');
  const { familyLive: _, companyIds, ...row } = user;
  return {
    user: { id: user.id, email: user.email, role: roleOf(deps.env, user.email), impersonatorId: ref.impersonatorId, familyId: ref.familyId },
    account: companyIds ? { user: row, companyIds, impersonator: admin ? { id: admin.id, email: admin.email } : null } : null,
  };
}

/** Whether a session the middleware accepted earlier (a long-lived event stream) would still be accepted now. */
export function sessionStillValid(deps: AppDeps, session: SessionRef): Promise<boolean> {
  return currentSession(deps, session).then(
    () => true,
    () => false,
  );
}

/**
 * Protected routes: verifies the `accessToken` cookie (HS256 JWT, SESSION_SECRET) and sets
 * `c.var.user`, or answers 401 `unauthorized`. The account and the token's session are read on
 * every request (one query) so a blocked user is refused at once with 403 `user_blocked`, and a
 * logged-out session, a deleted account or an admin who lost the role stops working at once.
 * `withAccount` (GET /users/me): the same query also reads the account's companies, set as
 * `c.var.account`, so the profile costs one round trip in all.
 */
export function withSession(deps: AppDeps, options: { withAccount?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = getCookie(c, accessCookie);
    const claims = token ? verifyAccessToken(deps.env.SESSION_SECRET, token, deps.now()) : null;
    if (!claims) throw new ProblemError(401, 'unauthorized');
    const { user, account } = await currentSession(deps, { id: claims.sub, impersonatorId: claims.imp ?? null, familyId: claims.fam }, options.withAccount);
    c.set('user', user);
    if (account) c.set('account', account);
    await next();
  };
}
