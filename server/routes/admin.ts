import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { getCookie } from 'hono/cookie';
import { loginAsUserSchema, sessionResponseSchema } from '@domain/account';
import { clientIp } from '../auth/client-ip';
import { refreshCookie, roleOf, startSession, userResponse } from '../auth/session';
import { hashOpaqueToken } from '../auth/tokens';
import type { AppDeps, AppEnv } from '../context';
import { recordAudit } from '../db/queries/audit-log';
import { findRefreshToken, revokeFamily } from '../db/queries/sessions';
import { findUserById } from '../db/queries/users';
import { ProblemError } from '../lib/problem';
import { problemResponses } from '../lib/problem-responses';
import { withAdmin } from '../middleware/with-admin';
import { withSession } from '../middleware/with-session';

const json = <T>(schema: T) => ({ 'application/json': { schema } });

/** Admin actions on accounts. */
export function adminRouter(deps: AppDeps) {
  const postLoginAsUser = createRoute({
    method: 'post',
    path: '/admin/login-as-user',
    summary: 'Admin: continue as another user (audit-logged; the session names the admin)',
    description:
      "Replaces the admin's session cookies with a one-hour session of the user that carries the admin's id; `/users/me` then returns `impersonatedBy` for the banner.",
    tags: ['admin'],
    security: [{ cookieAuth: [] }],
    middleware: [withSession(deps), withAdmin] as const,
    request: { body: { content: json(loginAsUserSchema), required: true } },
    responses: { 200: { description: 'Now signed in as the user', content: json(sessionResponseSchema) }, ...problemResponses(400, 401, 403, 404) },
  });

  return new OpenAPIHono<AppEnv>().openapi(postLoginAsUser, async (c) => {
    const db = deps.database.db;
    const admin = c.var.user;
    const target = await findUserById(db, c.req.valid('json').userId);
    if (!target) throw new ProblemError(404, 'not_found');
    // Acting as another admin would hide who did what; there is one admin anyway.
    if (roleOf(deps.env, target.email) === 'admin') throw new ProblemError(403, 'forbidden');
    if (target.status === 'blocked') throw new ProblemError(403, 'user_blocked');

    const now = deps.now();
    await recordAudit(db, {
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'login_as_user',
      subjectUserId: target.id,
      subjectEmail: target.email,
      ip: clientIp(c, deps.env),
      now,
    });
    // The admin's own session ends here: its refresh cookie is about to be replaced anyway.
    const adminRefresh = getCookie(c, refreshCookie);
    const adminToken = adminRefresh ? await findRefreshToken(db, hashOpaqueToken(adminRefresh)) : null;
    if (adminToken && adminToken.userId === admin.id) await revokeFamily(db, adminToken.familyId, now);

    await startSession(deps, c, target, admin.id);
    return c.json({ status: 'ok' as const, data: await userResponse(deps, target, admin.id) }, 200);
  });
}
