import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { guestDraftUploadSchema } from '@domain/draft';
import { clientIp } from '../auth/client-ip';
import type { AppDeps, AppEnv } from '../context';
import { lockedUntil, recordHit, type RateRule } from '../db/queries/rate-limits';
import { ProblemError } from '../lib/problem';
import { problemResponses } from '../lib/problem-responses';
import { rateLimited } from '../middleware/with-rate-limit';
import { saveGuestDraft } from '../sync/drafts';

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
    204: { description: 'Saved' },
    ...problemResponses(400, 404, 429),
  },
});

export function draftsRouter(deps: AppDeps) {
  const db = deps.database.db;
  const router = new OpenAPIHono<AppEnv>();
  const rateKey = (ip: string | null) => `guestDraft:ip:${ip ?? 'unknown'}`;
  // A locked address is refused before its body is read.
  router.use('/drafts/:id', async (c, next) => {
    const now = deps.now();
    const until = await lockedUntil(db, [rateKey(clientIp(c, deps.env))], now);
    if (until) throw rateLimited(until, now);
    await next();
  });
  return router.openapi(putGuestDraft, async (c) => {
    const { id } = c.req.valid('param');
    // Browser-test runs send every wizard from one address (RATE_LIMIT_MULTIPLIER, never in production).
    const rule = { ...guestDraftRateRule, max: guestDraftRateRule.max * deps.env.RATE_LIMIT_MULTIPLIER };
    await recordHit(db, rateKey(clientIp(c, deps.env)), rule, deps.now());
    if (!(await saveGuestDraft(db, id, c.req.valid('json')))) throw new ProblemError(404, 'not_found');
    return c.body(null, 204);
  });
}
