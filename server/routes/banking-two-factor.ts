import type { Context } from 'hono';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { twoFactorCodeSchema } from '@domain/banking-forms';
import { bankingAccessOf, mayGenerateQr } from '../banking/access';
import { confirmReset, createSecret, startReset, twoFactorPolicy, verifyCode } from '../banking/two-factor';
import { clientIp } from '../auth/client-ip';
import { sendMailInBackground } from '../auth/mails';
import type { AppDeps, AppEnv, SessionUser } from '../context';
import { refundHit, takeHit, type RateRule } from '../db/queries/rate-limits';
import { findUserById } from '../db/queries/users';
import { json } from '../lib/openapi';
import { ProblemError } from '../lib/problem';
import { problem } from '../lib/problem-responses';
import { rateLimited, withRateLimit } from '../middleware/with-rate-limit';
import { withSession } from '../middleware/with-session';
import { renderMail } from '../providers/mail/render-mail';

const codeBody = z.object({ code: twoFactorCodeSchema }).strict();
const companyBody = z.object({ companyId: z.uuid({ error: 'validation.invalid' }) }).strict();

const callerOf = (c: Context) => (c.var as { user?: SessionUser }).user?.id;

/** Per-IP guesses of 2FA codes across accounts: the per-user lockout stops one account, this stops spraying many. */
export const twoFactorIpRule: RateRule = { max: 30, windowMs: 15 * 60_000, baseLockMs: 15 * 60_000, maxLockMs: 24 * 60 * 60_000 };

/**
 * Banking's two-factor (docs/decisions/027-banking-and-crypto.md): the QR set-up, checking a
 * code (which opens banking and a short step-up for the session), and the owner-mailed reset.
 */
export function bankingTwoFactorRouter(deps: AppDeps) {
  const db = deps.database.db;
  const session = withSession(deps);
  const router = new OpenAPIHono<AppEnv>();
  const protect = { security: [{ cookieAuth: [] }], middleware: session, tags: ['banking'] };
  /** Routes that change the user's own two-factor: as unsafe methods, the API-wide `refuseUnsafeWhileImpersonating` keeps them from an admin's "log in as user" session. */
  const customerOnly = { ...protect, middleware: [session] };

  const setupRoute = createRoute({
    ...customerOnly,
    method: 'post',
    path: '/banking/two-factor/setup',
    summary: 'Generate the two-factor QR (otpauth URI) for the caller',
    request: { body: { content: json(companyBody), required: true } },
    responses: {
      201: { description: 'The otpauth:// URI to show as a QR code', content: json(z.object({ otpauthUri: z.string() })) },
      403: problem('`two_factor_owner_only`, `impersonation_forbidden`'),
      404: problem('`not_found`'),
      409: problem('`two_factor_already_enabled`'),
    },
  });

  const verifyRoute = createRoute({
    ...protect,
    method: 'post',
    path: '/banking/two-factor/verify',
    summary: 'Check a 6-digit code: confirms the setup and opens banking (and a short step-up) for this session',
    // A mistyped code is a user's expected outcome (decision 021): refused with 200.
    middleware: [session] as const,
    request: { body: { content: json(codeBody), required: true } },
    responses: {
      204: { description: 'Valid' },
      400: problem('`two_factor_invalid_code`, with `attemptsRemaining` (also in the X-Attempts-Remaining header)'),
      429: problem('`two_factor_locked` after five wrong codes, or `rate_limited` for the address: wait `retryAfter` seconds (also in the Retry-After header)'),
    },
  });

  const resetRoute = createRoute({
    ...protect,
    method: 'post',
    path: '/banking/two-factor/reset',
    middleware: [session] as const,
    summary: 'Mail a reset code to the owner of the company',
    request: { body: { content: json(companyBody), required: true } },
    responses: {
      202: { description: 'Mailed' },
      404: problem('`not_found`, `two_factor_required`'),
      429: problem('`two_factor_reset_cooldown`: a code was mailed less than `retryAfter` seconds ago (also in the Retry-After header)'),
    },
  });

  const resetConfirmRoute = createRoute({
    ...protect,
    method: 'post',
    path: '/banking/two-factor/reset/confirm',
    middleware: [session, withRateLimit(deps, 'twoFactorResetConfirm', callerOf)] as const,
    summary: 'Remove the caller’s two-factor secret with the mailed code (then set up a new QR)',
    request: { body: { content: json(codeBody), required: true } },
    responses: {
      204: { description: 'Reset' },
      400: problem('`two_factor_no_reset_code`, `two_factor_invalid_reset_code`'),
      429: problem('`rate_limited`: wait `retryAfter` seconds (also in the Retry-After header)'),
    },
  });

  return router
    .openapi(setupRoute, async (c) => {
      const user = c.var.user;
      const access = await bankingAccessOf(db, user, c.req.valid('json').companyId, deps.now());
      if (!(await mayGenerateQr(db, access.company))) throw new ProblemError(403, 'two_factor_owner_only');
      const otpauthUri = await createSecret(db, deps.env.SESSION_SECRET, user.id, user.email, deps.now());
      return c.json({ otpauthUri }, 201);
    })
    .openapi(verifyRoute, async (c) => {
      const user = c.var.user;
      // Code guesses from one address across accounts (`twoFactorIpRule`): counted before the
      // comparison, so guesses sent side by side meet the limit, and taken back unless wrong.
      const ipHit = await takeHit(db, `2fa:ip:${clientIp(c, deps.env) ?? 'unknown'}`, twoFactorIpRule, deps.now());
      if ('lockedUntil' in ipHit) throw rateLimited(ipHit.lockedUntil, deps.now());
      try {
        await verifyCode(db, deps.env.SESSION_SECRET, { userId: user.id, familyId: user.familyId, code: c.req.valid('json').code, now: deps.now() });
      } catch (error) {
        if (!(error instanceof ProblemError && error.code === 'two_factor_invalid_code')) await refundHit(db, ipHit.taken);
        throw error;
      }
      await refundHit(db, ipHit.taken);
      return c.body(null, 204);
    })
    .openapi(resetRoute, async (c) => {
      const user = c.var.user;
      const access = await bankingAccessOf(db, user, c.req.valid('json').companyId, deps.now());
      const code = await startReset(db, deps.env.SESSION_SECRET, { userId: user.id, companyId: access.company.company.id, now: deps.now() });
      // SPEC §4: the reset code goes to the owner (who is the caller when the caller owns the company).
      const owner = await findUserById(db, access.company.company.ownerId);
      if (owner) {
        sendMailInBackground(
          deps,
          'twoFactorReset',
          renderMail('twoFactorReset', {
            to: owner.email,
            language: owner.language,
            appUrl: deps.env.APP_URL,
            values: {
              firstName: owner.firstName,
              code,
              minutes: twoFactorPolicy.resetCodeTtlMs / 60_000,
              requester: user.email,
              company: access.company.company.nameOption1,
            },
          }),
        );
      }
      return c.body(null, 202);
    })
    .openapi(resetConfirmRoute, async (c) => {
      try {
        await confirmReset(db, deps.env.SESSION_SECRET, c.var.user.id, c.req.valid('json').code, deps.now());
      } catch (error) {
        // A code refused, or none left to try: either way a guess spent.
        if (error instanceof ProblemError) await c.var.rateLimit.failed();
        throw error;
      }
      await c.var.rateLimit.succeeded();
      return c.body(null, 204);
    });
}
