import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { accessCookie } from '../auth/session';
import type { AppDeps, AppEnv } from '../context';
import { withSession } from './with-session';

/**
 * Routes open to guests that act for the account when one is signed in (placing an order):
 * with a session cookie the session is checked as on any protected route (an expired one is
 * 401, so the client refreshes and retries); without one the caller is a guest and
 * `c.var.user` stays unset.
 */
export function withOptionalSession(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const session = withSession(deps);
  return async (c, next) => (getCookie(c, accessCookie) ? session(c, next) : next());
}
