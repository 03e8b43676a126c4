import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../context';
import { pingDatabase } from '../db/client';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

const getHealth = createRoute({
  method: 'get',
  path: '/health',
  summary: 'Liveness and database check',
  description: 'The database answered within the last second (a check asks it again when its last answer is older).',
  tags: ['health'],
  responses: { 200: { description: 'Alta and its database answer', content: { 'application/json': { schema: healthSchema } } } },
});

/**
 * How long a database answer vouches for the health checks after it. A check asks the database
 * again only once it is older: a load balancer polling every few seconds still sees every
 * outage, and a burst of checks costs one round trip a second instead of one each (on
 * PostgreSQL the round trip held the check to a tenth of a bare server's throughput).
 */
export const databaseAnswerMs = 1_000;

export function healthRouter(deps: AppDeps) {
  let answeredAt = Number.NEGATIVE_INFINITY;
  return new OpenAPIHono<AppEnv>().openapi(getHealth, async (c) => {
    if (deps.now().getTime() - answeredAt >= databaseAnswerMs) {
      await pingDatabase(deps.database.db);
      answeredAt = deps.now().getTime();
    }
    return c.json({ status: 'ok' as const, database: deps.database.dialect }, 200);
  });
}
