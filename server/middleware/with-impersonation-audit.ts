import type { MiddlewareHandler } from 'hono';
import { clientIp } from '../auth/client-ip';
import type { AppDeps, AppEnv } from '../context';
import { recordAudit } from '../db/queries/audit-log';
import { findUserById } from '../db/queries/users';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every write an admin makes while acting as a user goes to the audit log with both
 * identities (the admin as actor, the user as subject), the method, the path and the answer's
 * status (decision 028). Mounted around every API route; reads only what `withSession` set.
 */
export function withImpersonationAudit(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const user = c.get('user');
    if (!user?.impersonatorId || safeMethods.has(c.req.method)) return;
    const db = deps.database.db;
    const admin = await findUserById(db, user.impersonatorId);
    await recordAudit(db, {
      actorId: user.impersonatorId,
      actorEmail: admin?.email ?? '',
      action: 'impersonated_request',
      subjectUserId: user.id,
      subjectEmail: user.email,
      details: { method: c.req.method, path: c.req.path, status: c.res.status },
      ip: clientIp(c, deps.env),
      now: deps.now(),
    });
  };
}
