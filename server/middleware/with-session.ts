import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { accessCookie, roleOf } from '../auth/session';
import { verifyAccessToken } from '../auth/tokens';
import type { AppDeps, AppEnv } from '../context';
import { findSessionUsers } from '../db/queries/users';
import { ProblemError } from '../lib/problem';

/**
 * Protected routes: verifies the `accessToken` cookie (HS256 JWT, SESSION_SECRET) and sets
 * `c.var.user`, or answers 401 `unauthorized`. The account is read on every request (one
 * primary-key lookup) so a blocked user is refused at once with 403 `user_blocked`, and a
 * deleted account or an admin who lost the role stops working without waiting 15 minutes.
 */
export function withSession(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = getCookie(c, accessCookie);
    const claims = token ? await verifyAccessToken(deps.env.SESSION_SECRET, token, deps.now()) : null;
    if (!claims) throw new ProblemError(401, 'unauthorized');

    const rows = await findSessionUsers(deps.database.db, claims.imp ? [claims.sub, claims.imp] : [claims.sub]);
    const user = rows.find((row) => row.id === claims.sub);
    if (!user) throw new ProblemError(401, 'unauthorized');
    if (claims.imp) {
      const admin = rows.find((row) => row.id === claims.imp);
      if (!admin || roleOf(deps.env, admin.email) !== 'admin') throw new ProblemError(401, 'unauthorized');
    }
    if (user.status === 'blocked') throw new ProblemError(403, 'user_blocked');

    c.set('user', { id: user.id, email: user.email, role: roleOf(deps.env, user.email), impersonatorId: claims.imp ?? null });
    await next();
  };
}
