import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { draftSecretSchema, guestDraftSavedSchema, guestDraftSchema, guestDraftUploadSchema } from '@domain/draft';
import { draftLinkMailSchema } from '@domain/draft-link';
import { clientIp } from '../auth/client-ip';
import { sendMailInBackground } from '../auth/mails';
import type { AppDeps, AppEnv } from '../context';
import { findGuestDraft } from '../db/queries/guest-drafts';
import { lockedUntil, recordHit, type RateRule } from '../db/queries/rate-limits';
import { ProblemError } from '../lib/problem';
import { problemResponses } from '../lib/problem-responses';
import { rateLimited } from '../middleware/with-rate-limit';
import { renderMail } from '../providers/mail/render-mail';
import { saveGuestDraft } from '../sync/drafts';
import { syncRetentionDays } from '../sync/retention';

/**
 * A guest's wizard draft, uploaded before there is an account so registration can link it
 * (`companyDraftId`). Signed-in users' drafts go through the sync protocol instead.
 */

/**
 * The wizard uploads at most every few seconds while someone types; a generous per-address
 * budget still stops a script from filling the table (unclaimed drafts are purged after the
 * sync retention window).
 */
export const guestDraftRateRule: RateRule = { max: 300, windowMs: 15 * 60_000, baseLockMs: 60_000, maxLockMs: 60 * 60_000 };

/**
 * "Email me the link" sends a mail each time: a few per draft and a handful per address an
 * hour is plenty for a founder moving to their laptop, and keeps the endpoint useless for
 * sending mail to strangers.
 */
export const draftLinkMailDraftRule: RateRule = { max: 5, windowMs: 60 * 60_000, baseLockMs: 15 * 60_000, maxLockMs: 24 * 60 * 60_000 };
export const draftLinkMailIpRule: RateRule = { max: 10, windowMs: 60 * 60_000, baseLockMs: 15 * 60_000, maxLockMs: 24 * 60 * 60_000 };

const idParam = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
// `draftSecretHeader` (domain/constants.ts); header names arrive lower-cased.
const secretHeaders = z.object({ 'x-draft-secret': draftSecretSchema });
const dayMs = 24 * 60 * 60_000;

const getGuestDraft = createRoute({
  method: 'get',
  path: '/drafts/{id}',
  summary: "Read a guest's wizard draft with its secret (continue on another device)",
  description:
    'The secret travels in the `X-Draft-Secret` header, never in the address. An unknown id, a wrong secret, a draft already linked to an account or older than the retention window all answer 404 `not_found` alike.',
  tags: ['drafts'],
  request: { params: idParam, headers: secretHeaders },
  responses: {
    200: { description: 'The draft as last uploaded', content: { 'application/json': { schema: guestDraftSchema } } },
    ...problemResponses(400, 404, 429),
  },
});

const postDraftLinkMail = createRoute({
  method: 'post',
  path: '/drafts/{id}/email-link',
  summary: 'Email a guest the link that continues their wizard draft on another device',
  description:
    'Needs the draft secret in `X-Draft-Secret`, like reading the draft. The mail, in `lang`, carries `/{lang}/continue#<id>.<secret>`. Limited per draft and per address: past either limit the answer is 429 `rate_limited` with Retry-After.',
  tags: ['drafts'],
  request: {
    params: idParam,
    headers: secretHeaders,
    body: { required: true, content: { 'application/json': { schema: draftLinkMailSchema } } },
  },
  responses: {
    202: { description: 'The mail is on its way' },
    ...problemResponses(400, 404, 429),
  },
});

const putGuestDraft = createRoute({
  method: 'put',
  path: '/drafts/{id}',
  summary: "Save a guest's wizard draft (before registration)",
  description:
    'The first upload of an id claims it with `secret` (kept on the device); later uploads must send the same secret. An id that belongs to an account or to another secret answers 404.',
  tags: ['drafts'],
  request: {
    params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
    body: { required: true, content: { 'application/json': { schema: guestDraftUploadSchema } } },
  },
  responses: {
    200: {
      description: "Saved. `updatedAt` is the server's time of this upload, which replaces the device's: the version devices compare.",
      content: { 'application/json': { schema: guestDraftSavedSchema } },
    },
    ...problemResponses(400, 404, 429),
  },
});

export function draftsRouter(deps: AppDeps) {
  const db = deps.database.db;
  const router = new OpenAPIHono<AppEnv>();
  const rateKey = (ip: string | null) => `guestDraft:ip:${ip ?? 'unknown'}`;
  // A locked address is refused before its body is read.
  router.use(
    '/drafts/:id',
    createMiddleware<AppEnv>(async (c, next) => {
      const now = deps.now();
      const until = await lockedUntil(db, [rateKey(clientIp(c, deps.env))], now);
      if (until) throw rateLimited(until, now);
      await next();
    }),
  );
  const mailIpKey = (ip: string | null) => `draftLinkMail:ip:${ip ?? 'unknown'}`;
  router.use(
    '/drafts/:id/email-link',
    createMiddleware<AppEnv>(async (c, next) => {
      const now = deps.now();
      const until = await lockedUntil(db, [mailIpKey(clientIp(c, deps.env))], now);
      if (until) throw rateLimited(until, now);
      await next();
    }),
  );
  // Browser-test runs send every wizard from one address (RATE_LIMIT_MULTIPLIER, never in production).
  const perAddress = (rule: RateRule): RateRule => ({ ...rule, max: rule.max * deps.env.RATE_LIMIT_MULTIPLIER });
  const expiredBefore = () => new Date(deps.now().getTime() - syncRetentionDays * dayMs);

  return router
    .openapi(putGuestDraft, async (c) => {
      const { id } = c.req.valid('param');
      const now = deps.now();
      await recordHit(db, rateKey(clientIp(c, deps.env)), perAddress(guestDraftRateRule), now);
      // The server's clock stamps the copy: a device whose clock runs a day ahead must not win every comparison.
      const updatedAt = now.toISOString();
      if (!(await saveGuestDraft(db, id, { ...c.req.valid('json'), updatedAt }))) throw new ProblemError(404, 'not_found');
      return c.json({ updatedAt }, 200);
    })
    .openapi(getGuestDraft, async (c) => {
      const { id } = c.req.valid('param');
      await recordHit(db, rateKey(clientIp(c, deps.env)), perAddress(guestDraftRateRule), deps.now());
      const draft = await findGuestDraft(db, id, c.req.valid('header')['x-draft-secret'], expiredBefore());
      if (!draft) throw new ProblemError(404, 'not_found');
      // The answer holds personal data opened by a secret: no cache may keep it.
      c.header('Cache-Control', 'no-store');
      return c.json(draft, 200);
    })
    .openapi(postDraftLinkMail, async (c) => {
      const { id } = c.req.valid('param');
      const secret = c.req.valid('header')['x-draft-secret'];
      const { email, lang } = c.req.valid('json');
      const now = deps.now();
      await recordHit(db, mailIpKey(clientIp(c, deps.env)), perAddress(draftLinkMailIpRule), now);
      if (!(await findGuestDraft(db, id, secret, expiredBefore()))) throw new ProblemError(404, 'not_found');
      // Counted only for a draft the caller opened, so unknown ids never fill the counters.
      const draftKey = `draftLinkMail:draft:${id}`;
      const until = await lockedUntil(db, [draftKey], now);
      if (until) throw rateLimited(until, now);
      await recordHit(db, draftKey, draftLinkMailDraftRule, now);
      sendMailInBackground(
        deps,
        'continueDraft',
        renderMail('continueDraft', {
          to: email,
          language: lang,
          appUrl: deps.env.APP_URL,
          values: { firstName: '', draftId: id, secret, days: syncRetentionDays },
        }),
      );
      return c.body(null, 202);
    });
}
