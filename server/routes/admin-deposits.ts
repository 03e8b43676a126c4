import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { walletTransactionSchema } from '@domain/banking';
import { heldDeposits, reviewHeldDeposit } from '../banking/deposits';
import type { AppDeps, AppEnv } from '../context';
import { findCompanyForStaff } from '../db/queries/companies';
import { ProblemError } from '../lib/problem';
import { problemResponses } from '../lib/problem-responses';
import { recordStaffAction } from '../lib/staff-audit';
import { withAdmin } from '../middleware/with-admin';
import { withSession } from '../middleware/with-session';
import { json } from '../lib/openapi';

const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/**
 * Staff review of incoming payments SPEC §1 holds (a payment from someone the rule does not
 * allow): the list of a company's held payments, and release (it counts in the balance) or
 * return (it goes back to the sender). An admin action, audit-logged, never an impersonated one
 * (`withAdmin` refuses an admin acting as a user).
 */
export function adminDepositsRouter(deps: AppDeps) {
  const db = deps.database.db;
  const staffOnly: MiddlewareHandler<AppEnv>[] = [withSession(deps), withAdmin];
  const staff = { tags: ['admin'], security: [{ cookieAuth: [] }], middleware: staffOnly };

  const listRoute = createRoute({
    ...staff,
    method: 'get',
    path: '/admin/companies/{id}/held-deposits',
    summary: 'Admin: the company’s incoming payments held for review, oldest first, each with why',
    request: { params: idParams },
    responses: {
      200: { description: 'Held payments', content: json(z.object({ items: z.array(walletTransactionSchema) })) },
      ...problemResponses(401, 403, 404),
    },
  });

  const decisionRoute = (decision: 'release' | 'return') =>
    createRoute({
      ...staff,
      method: 'post',
      path: `/admin/companies/{id}/held-deposits/{transactionId}/${decision}`,
      summary:
        decision === 'release'
          ? 'Admin: release a held incoming payment into the balance (audit-logged)'
          : 'Admin: return a held incoming payment to its sender (audit-logged)',
      description: '409 `conflict` when the payment is no longer held by SPEC §1’s rule (decided already, or held by the provider itself).',
      request: { params: idParams.extend({ transactionId: z.uuid({ error: 'validation.invalid' }) }) },
      responses: { 200: { description: 'Decided', content: json(walletTransactionSchema) }, ...problemResponses(401, 403, 404, 409) },
    });

  async function staffCompany(id: string) {
    const found = await findCompanyForStaff(db, id);
    if (!found) throw new ProblemError(404, 'not_found');
    return { ...found, companyId: id };
  }

  const router = new OpenAPIHono<AppEnv>().openapi(listRoute, async (c) => {
    const { companyId } = await staffCompany(c.req.valid('param').id);
    return c.json({ items: await heldDeposits(db, companyId) }, 200);
  });
  for (const decision of ['release', 'return'] as const) {
    router.openapi(decisionRoute(decision), async (c) => {
      const { id, transactionId } = c.req.valid('param');
      const company = await staffCompany(id);
      const decided = await reviewHeldDeposit(db, { companyId: id, transactionId, decision, adminId: c.var.user.id, now: deps.now() });
      if (!decided) throw new ProblemError(409, 'conflict');
      await recordStaffAction(deps, c, decision === 'release' ? 'release_deposit' : 'return_deposit', company, {
        transactionId,
        amountCents: decided.amountCents,
        sender: decided.senderName,
      });
      return c.json(decided, 200);
    });
  }
  return router;
}
