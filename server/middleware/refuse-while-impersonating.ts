import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { accessCookie } from '../auth/session';
import { verifyAccessToken } from '../auth/tokens';
import type { AppDeps, AppEnv } from '../context';
import { ProblemError } from '../lib/problem';

/**
 * Money movements (payments, withdrawals, bank-account changes, 2FA) are the customer's own:
 * an admin acting as the user gets 403 `impersonation_forbidden` (decision 028). Reads the
 * access token itself, so it works before or without `withSession` (the checkout also takes
 * guests with a checkout token, and an impersonation must not slip through that door).
 */
export function refuseWhileImpersonating(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    const acting = user ? (user.impersonatorId ? { userId: user.id, adminId: user.impersonatorId } : null) : await impersonationOfCookie(deps, getCookie(c, accessCookie));
    if (acting) {
      // The refusal is an impersonated request like any other: `withImpersonationAudit` logs it.
      c.set('impersonation', acting);
      throw new ProblemError(403, 'impersonation_forbidden');
    }
    await next();
  };
}

async function impersonationOfCookie(deps: AppDeps, token: string | undefined): Promise<{ userId: string; adminId: string } | null> {
  if (!token) return null;
  const claims = await verifyAccessToken(deps.env.SESSION_SECRET, token, deps.now());
  return claims?.imp ? { userId: claims.sub, adminId: claims.imp } : null;
}
