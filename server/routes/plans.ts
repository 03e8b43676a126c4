import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { planCatalogSchema } from '@domain/plans';
import { planCatalog } from '../catalog/plans';
import type { AppEnv } from '../context';

const getPlans = createRoute({
  method: 'get',
  path: '/plans',
  summary: 'The price list: plans, billing, additional services (public)',
  description:
    'Amounts are integer cents of USD. Annual prices are monthly × 12 × 0.85. The client prices a selection with `computePrice` (domain/plans.ts); the server prices every order again from this same list.',
  tags: ['plans'],
  responses: { 200: { description: 'The catalog', content: { 'application/json': { schema: planCatalogSchema } } } },
});

/** GET /plans: public, identical for everyone, cacheable for a few minutes. */
export function plansRouter() {
  return new OpenAPIHono<AppEnv>().openapi(getPlans, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(planCatalog, 200);
  });
}
