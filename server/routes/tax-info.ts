import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { taxInfoAnswerSchema, taxInfoRecordSchema } from '@domain/tax-form';
import type { AppDeps, AppEnv } from '../context';
import { findTaxInfo, saveTaxInfo, taxCountryOf } from '../db/queries/tax-forms';
import { problemResponses } from '../lib/problem-responses';
import { withSession } from '../middleware/with-session';
import { json } from '../lib/openapi';

const routes = {
  save: createRoute({
    method: 'post',
    path: '/tk-info',
    summary: 'Save your tax-info record (tax residence, tax id there, nationality, countries worked from)',
    tags: ['tax forms'],
    request: { body: { required: true, content: json(taxInfoRecordSchema) } },
    responses: { 200: { description: 'The saved record', content: json(taxInfoAnswerSchema) }, ...problemResponses(400, 401) },
  }),
  read: createRoute({
    method: 'get',
    path: '/tk-info',
    summary: 'Your tax-info record; null before your first tax form',
    tags: ['tax forms'],
    responses: { 200: { description: 'The record', content: json(taxInfoAnswerSchema) }, ...problemResponses(401) },
  }),
  country: createRoute({
    method: 'get',
    path: '/tk-info/country',
    summary: 'Your country of tax residence as Alta knows it (your record, else your own partner entry in a company you own)',
    tags: ['tax forms'],
    responses: {
      200: { description: 'The country (ISO alpha-2) or null', content: json(z.object({ country: z.string().nullable() })) },
      ...problemResponses(401),
    },
  }),
};

type TaxInfoRow = NonNullable<Awaited<ReturnType<typeof findTaxInfo>>>;

const answer = (row: TaxInfoRow | undefined) => ({
  record: row
    ? {
        nationality: row.nationality,
        taxResidenceCountry: row.taxResidenceCountry,
        countryTaxId: row.countryTaxId,
        countriesWorkedFrom: row.countriesWorkedFrom,
        updatedAt: row.updatedAt.toISOString(),
      }
    : null,
});

/**
 * The tax-info record of SPEC §7 (`POST/GET /tk-info`, `GET /tk-info/country`): the signed-in
 * user's own, validated with the tax form's rules; nobody reads another's.
 */
export function taxInfoRouter(deps: AppDeps) {
  const router = new OpenAPIHono<AppEnv>();
  const db = deps.database.db;
  router.use('/tk-info', withSession(deps));
  router.use('/tk-info/*', withSession(deps));

  // One chained expression, so the router's type carries its routes (server/api-schema.ts).
  return router
    .openapi(routes.save, async (c) => {
      const row = await saveTaxInfo(db, c.var.user.id, c.req.valid('json'), deps.now());
      c.header('Cache-Control', 'no-store');
      return c.json(answer(row), 200);
    })
    .openapi(routes.read, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(answer(await findTaxInfo(db, c.var.user.id)), 200);
    })
    .openapi(routes.country, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ country: await taxCountryOf(db, c.var.user.id) }, 200);
    });
}
