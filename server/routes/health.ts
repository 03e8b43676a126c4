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
  tags: ['health'],
  responses: { 200: { description: 'Alta and its database answer', content: { 'application/json': { schema: healthSchema } } } },
});

export function healthRouter(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>().openapi(getHealth, async (c) => {
    await pingDatabase(deps.database.db);
    return c.json({ status: 'ok' as const, database: deps.database.dialect }, 200);
  });
}
