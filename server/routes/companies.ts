import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { companyDetailSchema, companySummarySchema, type CompanyDetail, type CompanySummary } from '@domain/company-views';
import { maskTaxId } from '@domain/tax-id';
import { companyDocumentSchema, companyDocumentTypes, uploadKeySchema, type CompanyDocument } from '@domain/files';
import type { AppDeps, AppEnv } from '../context';
import { findCompanyOf, listCompaniesOf, type CompanyRow, type PartnerRow } from '../db/queries/companies';
import { deleteCompanyDocument, findUploadInScope, listCompanyDocuments, type UploadRecord } from '../db/queries/uploads';
import { ProblemError } from '../lib/problem';
import { withSession } from '../middleware/with-session';
import { json } from '../lib/openapi';
import { problem } from '../lib/problem-responses';

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

  const documentsRoute = createRoute({
    method: 'get',
    path: '/companies/{id}/documents',
    summary: 'The company’s documents (SPEC §3 Company documents), partner documents included (owner or teammate only)',
    tags: ['companies'],
    security: [{ cookieAuth: [] }],
    middleware: [session] as const,
    request: { params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }) },
    responses: {
      200: {
        description: 'The documents, newest first; view or download each through POST /uploads/download-url',
        content: json(z.object({ items: z.array(companyDocumentSchema) })),
      },
      401: problem('`unauthorized`'),
      404: problem('`not_found`: no such company, or not the caller’s'),
    },
  });

  const deleteDocumentRoute = createRoute({
    method: 'delete',
    path: '/companies/{id}/documents',
    summary: 'Delete a document: its uploader or the company’s owner; never one Alta’s staff added',
    tags: ['companies'],
    security: [{ cookieAuth: [] }],
    middleware: [session] as const,
    request: { params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }), body: { required: true, content: json(uploadKeySchema) } },
    responses: {
      204: { description: 'Deleted' },
      401: problem('`unauthorized`'),
      403: problem('`document_locked` (added by staff) or `forbidden` (a teammate’s delete of another person’s document)'),
      404: problem('`not_found`'),
    },
  });

  /** Who may delete a document: its uploader or the owner, and never a staff one. */
  const deletable = (document: UploadRecord, userId: string, relation: 'owner' | 'teammate') =>
    !document.addedByStaff && (relation === 'owner' || document.uploadedBy === userId);

  return new OpenAPIHono<AppEnv>()
    .openapi(documentsRoute, async (c) => {
      const found = await findCompanyOf(deps.database.db, c.var.user.id, c.req.valid('param').id);
      if (!found) throw new ProblemError(404, 'not_found');
      const rows = await listCompanyDocuments(deps.database.db, found.company.id, companyDocumentTypes);
      const items: CompanyDocument[] = rows.map((row) => ({
        key: row.key,
        uploadType: row.uploadType,
        name: row.fileName,
        size: row.size,
        contentType: row.contentType,
        partnerId: row.partnerId,
        uploadedAt: row.createdAt.toISOString(),
        addedByStaff: row.addedByStaff,
        deletable: deletable(row, c.var.user.id, found.relation),
      }));
      return c.json({ items }, 200);
    })
    .openapi(deleteDocumentRoute, async (c) => {
      const found = await findCompanyOf(deps.database.db, c.var.user.id, c.req.valid('param').id);
      if (!found) throw new ProblemError(404, 'not_found');
      const { key } = c.req.valid('json');
      const document = await findUploadInScope(deps.database.db, key, [found.company.id]);
      if (!document?.verifiedAt || !(companyDocumentTypes as readonly string[]).includes(document.uploadType)) throw new ProblemError(404, 'not_found');
      if (document.addedByStaff) throw new ProblemError(403, 'document_locked');
      if (!deletable(document, c.var.user.id, found.relation)) throw new ProblemError(403, 'forbidden');
      await deleteCompanyDocument(deps.database.db, key, found.company.id);
      return c.body(null, 204);
    })
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
          statusDates: Object.fromEntries(Object.entries(company.statusDates).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
          dissolution: company.dissolution,
        },
        200,
      );
    });
}
