import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { boiCompanyReportSchema, boiRequirement, type BoiCompanyReport } from '@domain/boi';
import { boiReportFormSchema } from '@domain/boi-report';
import type { AppDeps, AppEnv } from '../context';
import { findCompanyOf, listCompaniesOf, type CompanyRow } from '../db/queries/companies';
import { findReport, markReportFiled, partnersOfCompanies, reportsOfCompanies, submitReport } from '../db/queries/boi';
import { findCompanyOwner } from '../db/queries/uploads';
import { fieldErrors, ProblemError } from '../lib/problem';
import { problemResponses } from '../lib/problem-responses';
import { recordStaffAction } from '../lib/staff-audit';
import { withAdmin } from '../middleware/with-admin';
import { withSession } from '../middleware/with-session';
import { json } from '../lib/openapi';

/**
 * BOI report (SPEC §2 boi-report; decision 029): for each of the caller's companies, whether it
 * must report under FinCEN's current rule, the beneficial owners Alta knows (its partners), and
 * the report submitted for filing. Only the owner of a company that must report submits it;
 * staff mark it filed (decision 038).
 */

type ReportRow = Awaited<ReturnType<typeof reportsOfCompanies>>[number];
type PartnerRow = Awaited<ReturnType<typeof partnersOfCompanies>>[number];

function companyReport(company: CompanyRow, relation: 'owner' | 'teammate', partners: PartnerRow[], report: ReportRow | null): BoiCompanyReport {
  return {
    companyId: company.id,
    companyName: company.nameOption1,
    type: company.type,
    relation,
    requirement: boiRequirement(company),
    status: report?.status ?? 'notStarted',
    submittedAt: report?.submittedAt.toISOString() ?? null,
    filedAt: report?.filedAt?.toISOString() ?? null,
    knownOwners: partners.map((partner) => ({
      firstName: partner.firstName,
      lastName: partner.lastName,
      ownership: partner.ownership,
      isDirector: partner.isDirector,
      country: partner.country,
    })),
    form: report?.form ?? null,
    formationCountry: company.originCountry,
  };
}

export function boiRouter(deps: AppDeps) {
  const db = deps.database.db;
  const session = withSession(deps);
  const common = { tags: ['boi'], security: [{ cookieAuth: [] }] };

  const listRoute = createRoute({
    ...common,
    middleware: [session] as const,
    method: 'get',
    path: '/boi-report',
    summary: "Each of the caller's companies: whether it must file a BOI report, its known beneficial owners, the report's status",
    responses: { 200: { description: 'One entry per company', content: json(z.object({ items: z.array(boiCompanyReportSchema) })) }, ...problemResponses(401) },
  });

  const submitRoute = createRoute({
    ...common,
    middleware: [session] as const,
    method: 'put',
    path: '/companies/{id}/boi-report',
    summary: "Submit (or correct, until filed) a foreign reporting company's BOI report; the owner only",
    description:
      'The form is checked with the SPEC §5 owner rules. Exempt companies are refused with 409 `boi_not_required`, a filed report with 409 `boi_already_filed`, a teammate with 403 `owner_only`.',
    request: { params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }), body: { required: true, content: json(z.record(z.string(), z.unknown())) } },
    responses: { 200: { description: 'The company’s report as stored', content: json(boiCompanyReportSchema) }, ...problemResponses(400, 401, 403, 404, 409) },
  });

  const filedRoute = createRoute({
    tags: ['admin'],
    security: [{ cookieAuth: [] }],
    middleware: [session, withAdmin] as const,
    method: 'post',
    path: '/admin/companies/{id}/boi-report/filed',
    summary: "Admin: mark a company's submitted BOI report filed with FinCEN (audit-logged); it cannot change afterwards",
    description: '409 `conflict` unless the report is submitted (none yet, or filed already).',
    request: { params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }) },
    responses: { 204: { description: 'Filed' }, ...problemResponses(401, 403, 404, 409) },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(filedRoute, async (c) => {
      const { id } = c.req.valid('param');
      const owner = await findCompanyOwner(db, id);
      if (!owner) throw new ProblemError(404, 'not_found');
      if (!(await markReportFiled(db, id, deps.now()))) throw new ProblemError(409, 'conflict');
      await recordStaffAction(deps, c, 'file_boi_report', { companyId: id, owner });
      return c.body(null, 204);
    })
    .openapi(listRoute, async (c) => {
      const companies = await listCompaniesOf(db, c.var.user.id);
      const ids = companies.map((row) => row.company.id);
      const [partners, reports] = await Promise.all([partnersOfCompanies(db, ids), reportsOfCompanies(db, ids)]);
      const items = companies.map(({ company, relation }) =>
        companyReport(
          company,
          relation,
          partners.filter((partner) => partner.companyId === company.id),
          reports.find((report) => report.companyId === company.id) ?? null,
        ),
      );
      return c.json({ items }, 200);
    })
    .openapi(submitRoute, async (c) => {
      const found = await findCompanyOf(db, c.var.user.id, c.req.valid('param').id);
      if (!found) throw new ProblemError(404, 'not_found');
      if (found.relation !== 'owner') throw new ProblemError(403, 'owner_only');
      if (boiRequirement(found.company) !== 'required') throw new ProblemError(409, 'boi_not_required');
      // The owners' ages are judged on the server's day, not the device's.
      const form = boiReportFormSchema(deps.now().toISOString().slice(0, 10)).safeParse(c.req.valid('json'));
      if (!form.success) throw new ProblemError(400, 'validation', fieldErrors(form.error));
      if (!(await submitReport(db, found.company.id, form.data, c.var.user.id, deps.now()))) throw new ProblemError(409, 'boi_already_filed');
      return c.json(companyReport(found.company, found.relation, found.partners, await findReport(db, found.company.id)), 200);
    });
}
