import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { companyDetailSchema, companySummarySchema, type CompanyDetail, type CompanySummary } from '@domain/company';
import { maskTaxId } from '@domain/tax-id';
import { problemSchema } from '@domain/problem';
import type { AppDeps, AppEnv } from '../context';
import { findCompanyOf, listCompaniesOf, type CompanyRow, type PartnerRow } from '../db/queries/companies';
import { ProblemError } from '../lib/problem';
import { withSession } from '../middleware/with-session';

const json = <T>(schema: T) => ({ 'application/json': { schema } });
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: problemSchema } } });

function toSummary(company: CompanyRow, relation: 'owner' | 'teammate'): CompanySummary {
  return {
    id: company.id,
    type: company.type,
    name: company.nameOption1,
    nameOption2: company.nameOption2,
    migrated: company.migrated,
    state: company.state,
    originCountry: company.originCountry,
    status: company.status as CompanySummary['status'],
    plan: company.plan,
    billing: company.billing,
    orderNumber: company.orderNumber,
    relation,
    requestedAt: company.requestedAt.toISOString(),
    updatedAt: company.updatedAt.toISOString(),
  };
}

function toPartner(partner: PartnerRow): CompanyDetail['partners'][number] {
  return {
    id: partner.id,
    firstName: partner.firstName,
    lastName: partner.lastName,
    ownership: partner.ownership,
    isDirector: partner.isDirector,
    addressLine1: partner.addressLine1,
    addressLine2: partner.addressLine2,
    city: partner.city,
    stateOrProvince: partner.stateOrProvince,
    country: partner.country,
    postalCode: partner.postalCode,
    // The full SSN/ITIN never leaves the server: only its last four digits.
    taxIdMasked: maskTaxId(partner.taxId),
  };
}

/** GET /companies and /companies/:id: the caller's owned and associated companies, nothing else. */
export function companiesRouter(deps: AppDeps) {
  const session = withSession(deps);

  const listRoute = createRoute({
    method: 'get',
    path: '/companies',
    summary: 'My companies: owned and associated (teammate), with status, plan and order number',
    tags: ['companies'],
    security: [{ cookieAuth: [] }],
    middleware: [session] as const,
    responses: { 200: { description: 'The companies', content: json(z.object({ items: z.array(companySummarySchema) })) }, 401: problem('`unauthorized`') },
  });

  const detailRoute = createRoute({
    method: 'get',
    path: '/companies/{id}',
    summary: 'One company with its partners (owner or teammate only)',
    tags: ['companies'],
    security: [{ cookieAuth: [] }],
    middleware: [session] as const,
    request: { params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }) },
    responses: {
      200: { description: 'The company', content: json(companyDetailSchema) },
      401: problem('`unauthorized`'),
      404: problem('`not_found`: no such company, or not the caller’s'),
    },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => {
      const rows = await listCompaniesOf(deps.database.db, c.var.user.id);
      return c.json({ items: rows.map((row) => toSummary(row.company, row.relation)) }, 200);
    })
    .openapi(detailRoute, async (c) => {
      const found = await findCompanyOf(deps.database.db, c.var.user.id, c.req.valid('param').id);
      if (!found) throw new ProblemError(404, 'not_found');
      const { company, relation, partners } = found;
      return c.json(
        {
          ...toSummary(company, relation),
          industry: company.industry,
          industryOther: company.industryOther,
          services: company.services,
          constitutionDate: company.constitutionDate,
          partners: partners.map(toPartner),
          details: company.details ?? null,
        },
        200,
      );
    });
}
