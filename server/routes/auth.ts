import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  loginResponseSchema,
  loginSchema,
  resetConfirmSchema,
  resetRequestResponseSchema,
  resetRequestSchema,
  sessionResponseSchema,
  temporaryConfirmSchema,
} from '@domain/account';
import { confirmPasswordReset, confirmTemporaryPassword, logIn, requestPasswordReset } from '../auth/accounts';
import { endSession, refreshSession, startSession, userResponse } from '../auth/session';
import type { AppDeps } from '../context';
import { problemResponses } from '../lib/problem-responses';
import { withRateLimit, type RateLimitedEnv } from '../middleware/with-rate-limit';
import { json } from '../lib/openapi';

/** Sessions and passwords: login, logout, refresh, reset by mailed code, temporary-password confirmation. */
export function authRouter(deps: AppDeps) {
  const postLogin = createRoute({
    method: 'post',
    path: '/login',
    summary: 'Sign in with email and password, or with a Google ID token',
    description:
      'Sets the `accessToken` and `refreshToken` cookies. A temporary-password account gets `NEW_PASSWORD_REQUIRED` and a `cognitoSession` challenge instead (no cookies). Refusals set no cookie: unknown email and wrong password give the same 401 `invalid_credentials` (and count towards the lock); a locked account with the right password gets 401 `login_code_required` (a code is mailed) and a wrong code 400 `invalid_security_code`; a blocked one 403 `user_blocked`; an unknown Google account 404 `google_account_not_found`; too many attempts 429 `rate_limited`. A Google token that does not verify is 401 `google_auth_failed`. A Google account new to Alta links to the account that has its verified email; when that account never proved its email, its password and banking second factor are dropped and its other sessions end (anyone may register any address).',
    tags: ['auth'],
    middleware: [withRateLimit(deps, 'login')] as const,
    request: { body: { content: json(loginSchema), required: true } },
    responses: {
      200: { description: 'Signed in, or a new password is required', content: json(loginResponseSchema) },
      ...problemResponses(400, 401, 403, 404, 429),
    },
  });

  const postLogout = createRoute({
    method: 'post',
    path: '/logout',
    summary: 'Sign out: revoke the refresh token and clear both cookies',
    tags: ['auth'],
    responses: { 204: { description: 'Signed out (also when there was no session)' } },
  });

  const postRefresh = createRoute({
    method: 'post',
    path: '/auth/refresh',
    summary: 'Rotate the refresh token and issue a new access token',
    description: 'Presenting a refresh token that was already rotated revokes its whole family (token theft).',
    tags: ['auth'],
    responses: { 204: { description: 'New cookies set' }, ...problemResponses(401, 403) },
  });

  const postResetRequest = createRoute({
    method: 'post',
    path: '/reset-password',
    summary: 'Mail a 6-digit security code to reset the password',
    description: 'Always 202, whether or not the account exists. The code expires in 15 minutes and allows 5 attempts.',
    tags: ['auth'],
    middleware: [withRateLimit(deps, 'resetRequest')] as const,
    request: { body: { content: json(resetRequestSchema), required: true } },
    responses: { 202: { description: 'Requested', content: json(resetRequestResponseSchema) }, ...problemResponses(400, 429) },
  });

  const putResetConfirm = createRoute({
    method: 'put',
    path: '/reset-password/confirm',
    summary: 'Set a new password with the mailed security code',
    description:
      'Ends every session of the account. Any wrong, expired, spent or over-tried code is refused with 400 `invalid_security_code` (and counts towards the lock).',
    tags: ['auth'],
    middleware: [withRateLimit(deps, 'resetConfirm')] as const,
    request: { body: { content: json(resetConfirmSchema), required: true } },
    responses: { 204: { description: 'Password changed' }, ...problemResponses(400, 429) },
  });

  const putTemporaryConfirm = createRoute({
    method: 'put',
    path: '/reset-password/temporary-confirm',
    summary: 'Replace a temporary password, with the challenge login returned',
    tags: ['auth'],
    description: 'A wrong or expired (10 minutes) challenge is 400 `invalid_security_code`; a blocked account 403 `user_blocked`.',
    request: { body: { content: json(temporaryConfirmSchema), required: true } },
    responses: { 200: { description: 'Password set and signed in', content: json(sessionResponseSchema) }, ...problemResponses(400, 403) },
  });

  return new OpenAPIHono<RateLimitedEnv>()
    .openapi(postLogin, async (c) => {
      const input = c.req.valid('json');
      const outcome = await logIn(deps, input, c.var.rateLimit);
      if (outcome.kind === 'challenge') return c.json(outcome.response, 200);
      await startSession(deps, c, outcome.user);
      return c.json({ status: 'ok' as const, data: await userResponse(deps, outcome.user, null) }, 200);
    })
    .openapi(postLogout, async (c) => {
      await endSession(deps, c);
      return c.body(null, 204);
    })
    .openapi(postRefresh, async (c) => {
      await refreshSession(deps, c);
      return c.body(null, 204);
    })
    .openapi(postResetRequest, async (c) => {
      await requestPasswordReset(deps, c.req.valid('json'));
      return c.json({ status: 'ok' as const }, 202);
    })
    .openapi(putResetConfirm, async (c) => {
      await confirmPasswordReset(deps, c.req.valid('json'), c.var.rateLimit);
      return c.body(null, 204);
    })
    .openapi(putTemporaryConfirm, async (c) => {
      const user = await confirmTemporaryPassword(deps, c.req.valid('json'));
      await startSession(deps, c, user);
      return c.json({ status: 'ok' as const, data: await userResponse(deps, user, null) }, 200);
    });
}
