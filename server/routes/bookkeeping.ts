import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { transactionHistorySchema, type TransactionChange } from '@domain/bookkeeping-history';
import type { AppDeps, AppEnv } from '../context';
import { listTransactionChanges } from '../db/queries/transaction-changes';
import { problemResponses } from '../lib/problem-responses';
import { withSession } from '../middleware/with-session';
import { companyRolesOf } from '../sync/scope';

const historyRoute = createRoute({
  method: 'get',
  path: '/bookkeeping/transactions/{id}/history',
  summary: 'The change history of a transaction of one of your companies',
  tags: ['bookkeeping'],
  request: { params: z.strictObject({ id: z.uuid() }) },
  responses: {
    200: {
      description: 'Recorded changes, newest first (empty for an id outside your companies)',
      content: { 'application/json': { schema: transactionHistorySchema } },
    },
    ...problemResponses(400, 401),
  },
});

/**
 * Bookkeeping reads that are not synced: a transaction's history lives on the server only
 * (the device shows its own pending changes beside it). Scoped by the caller's companies in
 * the query; another company's id answers an empty list, so ids cannot be probed.
 */
export function bookkeepingRouter(deps: AppDeps) {
  const router = new OpenAPIHono<AppEnv>();
  router.use('/bookkeeping/*', withSession(deps));
  // Returned from the chain, so the router's type carries the route (server/api-schema.ts).
  return router.openapi(historyRoute, async (c) => {
    const { id } = c.req.valid('param');
    const companyIds = [...(await companyRolesOf(deps.database.db, c.var.user.id)).keys()];
    const rows = await listTransactionChanges(deps.database.db, id, companyIds);
    const items: TransactionChange[] = rows.map((row) => ({
      id: row.id,
      action: row.action,
      user: row.firstName !== null && row.lastName !== null ? { firstName: row.firstName, lastName: row.lastName } : null,
      changedAt: row.changedAt.toISOString(),
      changes: row.changes,
    }));
    return c.json({ items }, 200);
  });
}
