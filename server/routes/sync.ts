import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { problemSchema } from '@domain/problem';
import {
  heartbeatEvent,
  minimumProtocolVersion,
  pokeEvent,
  readyEvent,
  pullRequestSchema,
  pullResponseSchema,
  pushRequestSchema,
  pushResponseSchema,
} from '@sync/protocol';
import type { AppDeps, AppEnv } from '../context';
import { ProblemError } from '../lib/problem';
import { problemResponses } from '../lib/problem-responses';
import { spendFromBucket } from '../db/queries/rate-limits';
import { impersonatorMutators } from '../middleware/refuse-while-impersonating';
import { pushRateLimit, rateLimited } from '../middleware/with-rate-limit';
import { sessionStillValid, withSession } from '../middleware/with-session';
import { pokeHub } from '../sync/poke';
import { applyPull } from '../sync/pull';
import { applyPush, planPush, type PushOptions } from '../sync/push';

/**
 * The sync protocol (docs/architecture.md "Data flow", docs/decisions/004-sync-engine.md): push
 * the outbox, pull the changes of the caller's scope, and a server-sent event stream of
 * pokes telling the user's other devices and tabs to pull.
 */

const unavailable = {
  description: 'A transient failure stopped the batch (`sync_unavailable`); retry the same batch after Retry-After',
  content: { 'application/problem+json': { schema: problemSchema } },
};

const postPush = createRoute({
  method: 'post',
  path: '/sync/push',
  summary: "Apply the device's queued mutations, in order, exactly once",
  description:
    "Ids at or below the client's `lastMutationId` are acknowledged and skipped; a first new id beyond `lastMutationId + 1` is refused with 409 `sync_mutation_gap` and no side effects; a permanently refused mutation still advances `lastMutationId` and is reported in `rejections`. The batch is applied in short transactions, each advancing `lastMutationId`. Pushes are rate limited per user: 429 `rate_limited`, retry after Retry-After. A batch import started within the company's import cooldown (SPEC §9) is not refused but delayed: the push stops before it (the mutations before it are applied and answered), and when it comes first the answer is 429 `sync_deferred`; send it again after Retry-After.",
  tags: ['sync'],
  request: { body: { required: true, content: { 'application/json': { schema: pushRequestSchema } } } },
  responses: {
    200: { description: 'Processed up to `lastMutationId`', content: { 'application/json': { schema: pushResponseSchema } } },
    ...problemResponses(400, 401, 403, 409, 429),
    503: unavailable,
  },
});

const postPull = createRoute({
  method: 'post',
  path: '/sync/pull',
  summary: "One page of the changes in the caller's scope after the cursor",
  description:
    'Rows of the caller (drafts) and of the companies they own or are a teammate of. `resync: true` means the page starts over from nothing (first pull, changed scope, or a cursor older than the tombstone retention): drop the synced rows first. Pull again while `hasMore`.',
  tags: ['sync'],
  request: { body: { required: true, content: { 'application/json': { schema: pullRequestSchema } } } },
  responses: {
    200: { description: 'A page of changes', content: { 'application/json': { schema: pullResponseSchema } } },
    ...problemResponses(400, 401, 403, 409),
  },
});

const getEvents = createRoute({
  method: 'get',
  path: '/sync/events',
  summary: 'Server-sent events: a `poke` whenever data of the caller changed elsewhere',
  description:
    'First a `ready` event carrying `{ heartbeatMs }`, then a `heartbeat` event every `heartbeatMs` (a device reopens a stream silent for longer than twice that). Each `poke` carries `{ clientId }`, the device that caused the change (null when the server did); a device ignores its own. The stream closes after a few minutes (`SYNC_STREAM_LIFETIME_MS`) and the browser reconnects, re-checking the session.',
  tags: ['sync'],
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...problemResponses(401, 403),
  },
});

/** The event streams open in this process: ended at shutdown, so the server closes at once (devices reconnect, to another instance if any). */
const openStreams = new Set<{ close(): Promise<void> }>();

/** Ends every open event stream (graceful shutdown). */
export async function endEventStreams(): Promise<void> {
  await Promise.all([...openStreams].map((stream) => stream.close()));
}

/**
 * Embedded PGlite runs one query at a time, synchronously, on the server's own thread: a push
 * there goes in smaller steps, with a pause after each long enough for other requests to be
 * read and their few queries to run (docs/decisions/015). A step writes its rows in one
 * statement per table (docs/decisions/062), so 250 rows hold the thread about as long as 25
 * did with a statement per row.
 */
const pglitePushSteps: PushOptions = { stepRows: 250, stepPauseMs: 20 };

function checkProtocol(version: number) {
  if (version < minimumProtocolVersion) throw new ProblemError(409, 'sync_client_outdated');
}

export function syncRouter(deps: AppDeps) {
  const db = deps.database.db;
  const router = new OpenAPIHono<AppEnv>();
  const session = withSession(deps);
  for (const path of ['/sync/push', '/sync/pull', '/sync/events']) router.use(path, session);

  router.openapi(postPush, async (c) => {
    const request = c.req.valid('json');
    checkProtocol(request.protocolVersion);
    const now = deps.now();
    const scale = deps.env.RATE_LIMIT_MULTIPLIER;
    const bucket = { capacity: pushRateLimit.capacity * scale, perSecond: pushRateLimit.perSecond * scale };
    const options = deps.database.dialect === 'pglite' ? pglitePushSteps : {};
    const plan = await planPush(request.mutations, options.stepRows);
    const limited = await spendFromBucket(db, `push:user:${c.var.user.id}`, bucket, plan.cost, now);
    if (limited) throw rateLimited(new Date(now.getTime() + limited.retryAfterMs), now);
    const permitted = c.var.user.impersonatorId ? impersonatorMutators : undefined;
    return c.json(await applyPush(db, c.var.user.id, request, { ...options, plan, permitted }), 200);
  });

  router.openapi(postPull, async (c) => {
    const request = c.req.valid('json');
    checkProtocol(request.protocolVersion);
    return c.json(await applyPull(db, c.var.user.id, request), 200);
  });

  router.openapi(getEvents, async (c) => {
    const userId = c.var.user.id;
    c.header('Cache-Control', 'no-store');
    // Reverse proxies (nginx) must pass each event through at once.
    c.header('X-Accel-Buffering', 'no');
    const heartbeatMs = deps.env.SYNC_HEARTBEAT_MS;
    return streamSSE(c, async (stream) => {
      // Called on abort and again when the loop next wakes (by then another stream of the user may
      // have subscribed): the hub's unsubscribe removes only this stream's own listener.
      const unsubscribe = await pokeHub(deps.database).subscribe(userId, (origin) => {
        stream.writeSSE({ event: pokeEvent, data: JSON.stringify({ clientId: origin || null }) }).catch(() => {});
      });
      stream.onAbort(unsubscribe);
      openStreams.add(stream);
      try {
        await stream.writeSSE({ event: readyEvent, data: JSON.stringify({ heartbeatMs }), retry: 3000 });
        const ends = Date.now() + deps.env.SYNC_STREAM_LIFETIME_MS;
        while (!stream.aborted && !stream.closed && Date.now() < ends) {
          await stream.sleep(Math.min(heartbeatMs, ends - Date.now()));
          if (!(await sessionStillValid(deps, c.var.user))) break; // Logged out, reset or revoked meanwhile.
          // A real event (a comment would not reach EventSource listeners), so the device can tell a live stream from a dead one.
          if (!stream.aborted) await stream.writeSSE({ event: heartbeatEvent, data: '{}' });
        }
      } finally {
        openStreams.delete(stream);
        unsubscribe();
      }
    });
  });

  return router;
}
