import type { Context, MiddlewareHandler, Next } from 'hono';
import { clientIp } from '../auth/client-ip';
import type { AppDeps, AppEnv } from '../context';
import { recordAudit } from '../db/queries/audit-log';
import { findUserById } from '../db/queries/users';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every write an admin makes while acting as a user goes to the audit log with both
 * identities (the admin as actor, the user as subject), the method, the path and the answer's
 * status (decision 028), refusals included (decision 033). Mounted around every API route;
 * reads only what `withSession` or `refuseUnsafeWhileImpersonating` set.
 */
export function withImpersonationAudit(deps: AppDeps): MiddlewareHandler<AppEnv> {
  // A read is never audited: it goes straight on, without an async frame of its own.
  return (c, next) => (safeMethods.has(c.req.method) ? next() : audited(c, next));
  async function audited(c: Context<AppEnv>, next: Next) {
    await next();
    const user = c.get('user');
    const acting = user?.impersonatorId ? { userId: user.id, adminId: user.impersonatorId } : c.get('impersonation');
    if (!acting) return;
    const db = deps.database.db;
    const [admin, subject] = await Promise.all([findUserById(db, acting.adminId), user ? null : findUserById(db, acting.userId)]);
    await recordAudit(db, {
      actorId: acting.adminId,
      actorEmail: admin?.email ?? '',
      action: 'impersonated_request',
      subjectUserId: acting.userId,
      subjectEmail: user?.email ?? subject?.email ?? null,
      details: { method: c.req.method, path: c.req.path, status: c.res.status },
      ip: clientIp(c, deps.env),
      now: deps.now(),
    });
  }
}
