import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { ProblemError } from '../lib/problem';

/**
 * Admin-only routes, after withSession: everyone else gets 403 `forbidden`. An admin acting
 * as a user is that user for the duration, so an impersonated session is refused too.
 */
export const withAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.var.user;
  if (user.role !== 'admin' || user.impersonatorId !== null) throw new ProblemError(403, 'forbidden');
  await next();
};
