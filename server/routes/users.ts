import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { draftSecretSchema } from '@domain/draft';
import { emailVerificationConfirmSchema, emailVerifiedSchema, sessionResponseSchema, userSchema } from '@domain/account';
import { registerSchema } from '@domain/register';
import { registerAccount } from '../auth/accounts';
import { confirmEmailVerification, newVerificationLink, verificationLinkDays } from '../auth/email-proof';
import { sendMailInBackground } from '../auth/mails';
import { startSession, userResponse, userResponseOf } from '../auth/session';
import type { AppDeps } from '../context';
import { findUserById } from '../db/queries/users';
import { ProblemError } from '../lib/problem';
import { problemResponses } from '../lib/problem-responses';
import { withRateLimit, type RateLimitedEnv } from '../middleware/with-rate-limit';
import { withSession } from '../middleware/with-session';
import { renderMail } from '../providers/mail/render-mail';
import { json } from '../lib/openapi';

/** Accounts: registration and the signed-in profile (the admin user list is in admin.ts). */
export function usersRouter(deps: AppDeps) {
  const session = withSession(deps);

  const postUser = createRoute({
    method: 'post',
    path: '/users',
    summary: 'Create an account (password or Google ID token) and sign in',
    description:
      "Sets the session cookies. An email that has an account is 409 `email_taken`; the ADMIN_EMAIL address is reserved (409 `admin_email_reserved`). The guest draft `companyDraftId` moves to the new account only with its secret in `X-Draft-Secret`; without it, or with another draft's secret, the draft stays the guest's.",
    tags: ['users'],
    middleware: [withRateLimit(deps, 'register')] as const,
    request: { headers: z.object({ 'x-draft-secret': draftSecretSchema.optional() }), body: { content: json(registerSchema), required: true } },
    responses: { 201: { description: 'Account created, signed in', content: json(sessionResponseSchema) }, ...problemResponses(400, 401, 409, 429) },
  });

  const getMe = createRoute({
    method: 'get',
    path: '/users/me',
    summary: 'The signed-in user',
    tags: ['users'],
    security: [{ cookieAuth: [] }],
    middleware: [withSession(deps, { withAccount: true })] as const,
    responses: { 200: { description: 'The user', content: json(userSchema) }, ...problemResponses(401, 403) },
  });

  const postVerification = createRoute({
    method: 'post',
    path: '/users/me/email-verification',
    summary: 'Mail a new link that proves the account receives mail at its email',
    description: 'Only the latest link works; it is single use and expires in 7 days. An email already proven gets no mail.',
    tags: ['users'],
    security: [{ cookieAuth: [] }],
    middleware: [withRateLimit(deps, 'verificationMail'), session] as const,
    responses: { 202: { description: 'Sent (or nothing to prove)' }, ...problemResponses(401, 403, 429) },
  });

  const postVerificationConfirm = createRoute({
    method: 'post',
    path: '/users/me/email-verification/confirm',
    summary: 'Prove the email with the mailed link; the paid orders of that email come to the account',
    description: 'The link must be the signed-in account’s own, live and unused (400 `invalid_verification_link` otherwise).',
    tags: ['users'],
    security: [{ cookieAuth: [] }],
    middleware: [session] as const,
    request: { body: { content: json(emailVerificationConfirmSchema), required: true } },
    responses: { 200: { description: 'Email proven', content: json(emailVerifiedSchema) }, ...problemResponses(400, 401, 403) },
  });

  const router = new OpenAPIHono<RateLimitedEnv>();
  router.openAPIRegistry.registerComponent('securitySchemes', 'cookieAuth', {
    type: 'apiKey',
    in: 'cookie',
    name: 'accessToken',
    description: 'HttpOnly session cookie set by login, registration and refresh',
  });

  return router
    .openapi(postUser, async (c) => {
      const user = await registerAccount(deps, c.req.valid('json'), c.req.valid('header')['x-draft-secret']);
      await startSession(deps, c, user);
      return c.json({ status: 'ok' as const, data: await userResponse(deps, user, null) }, 201);
    })
    .openapi(getMe, (c) => c.json(userResponseOf(deps.env, c.var.account), 200))
    .openapi(postVerification, async (c) => {
      const user = await findUserById(deps.database.db, c.var.user.id);
      if (!user) throw new ProblemError(401, 'unauthorized');
      if (!user.emailVerifiedAt) {
        const verification = await newVerificationLink(deps, user);
        sendMailInBackground(
          deps,
          'verifyEmail',
          renderMail('verifyEmail', {
            to: user.email,
            language: user.language,
            appUrl: deps.env.APP_URL,
            values: { firstName: user.firstName, verification, days: verificationLinkDays },
          }),
        );
      }
      return c.body(null, 202);
    })
    .openapi(postVerificationConfirm, async (c) => {
      const claimed = await confirmEmailVerification(deps, c.var.user, c.req.valid('json').link);
      return c.json({ claimedCompanyIds: claimed.flatMap((order) => (order.companyId ? [order.companyId] : [])) }, 200);
    });
}
