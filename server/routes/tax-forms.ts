import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { isLanguage, type Language } from '@domain/constants';
import { searchActivityCodes } from '@domain/naics';
import { daysBetween, extensionFor, firstReturn, missingFormPenaltyUsd, nextDeadline, returnDue, standingOn } from '@domain/tax-deadlines';
import {
  pendingDeclarationsResult,
  pendingDeclarationsSchema,
  returnFactsSchema,
  taxDocumentsSchema,
  taxFormDataSchema,
  taxFormDraftUpdateSchema,
  taxFormDraftViewSchema,
  type PendingDeclaration,
} from '@domain/tax-form';
import { buildTaxReturnPdf, taxReturnForms } from '@domain/tax-return-pdf';
import type { AppDeps, AppEnv } from '../context';
import {
  companyTaxFacts,
  declarationOf,
  findTaxFormDraft,
  isCompanyMember,
  listDeclarations,
  pendingReturn,
  saveTaxFormDraft,
  sendDeclaration,
  sentDeclarationYears,
  taxFormDraftView,
} from '../db/queries/tax-forms';
import { findUserById } from '../db/queries/users';
import en from '../i18n/en.json';
import es from '../i18n/es.json';
import pt from '../i18n/pt.json';
import { fieldErrors, problemBody, ProblemError } from '../lib/problem';
import { problemResponses } from '../lib/problem-responses';
import { withSession } from '../middleware/with-session';
import { companyRolesOf } from '../sync/scope';
import { json } from '../lib/openapi';

const reviewMarks: Record<Language, string> = {
  es: es.declarationReminder.reviewMark,
  en: en.declarationReminder.reviewMark,
  pt: pt.declarationReminder.reviewMark,
};

const idParam = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

const routes = {
  getDraft: createRoute({
    method: 'get',
    path: '/accounting/drafts/{id}',
    summary: 'Your tax-form draft (the REST view of the synced draft)',
    tags: ['tax forms'],
    request: { params: idParam },
    responses: { 200: { description: 'The draft', content: json(taxFormDraftViewSchema) }, ...problemResponses(400, 401, 404) },
  }),
  putDraft: createRoute({
    method: 'put',
    path: '/accounting/drafts/{id}',
    summary: 'Save a tax-form draft, or send it as the declaration of its year (isCompleted: true)',
    description:
      'With `isCompleted: true` the whole form must pass the SPEC §5 rules, the year must be over, and every transaction of the year must be categorised and checked (409 `declaration_blocked` with the counts otherwise). A sent declaration cannot change: 409 `declaration_sent`.',
    tags: ['tax forms'],
    request: { params: idParam, body: { required: true, content: json(taxFormDraftUpdateSchema) } },
    responses: { 200: { description: 'The saved draft', content: json(taxFormDraftViewSchema) }, ...problemResponses(400, 401, 404, 409) },
  }),
  activityCodes: createRoute({
    method: 'get',
    path: '/accounting/activity-codes',
    summary: 'NAICS principal business activity codes, by code prefix or words (es, en, pt titles)',
    tags: ['tax forms'],
    request: { query: z.object({ code: z.string().max(100).default(''), limit: z.coerce.number().int().min(1).max(50).default(10) }) },
    responses: {
      200: {
        description: 'Matching codes',
        content: json(z.object({ items: z.array(z.object({ code: z.string(), title: z.object({ es: z.string(), en: z.string(), pt: z.string() }) })) })),
      },
      ...problemResponses(400, 401),
    },
  }),
  taxInfo: createRoute({
    method: 'get',
    path: '/accounting/tax-info/{id}',
    summary: "A company's return for last year: forms due, deadlines, whether it is sent",
    tags: ['tax forms'],
    request: { params: idParam },
    responses: { 200: { description: 'Tax info', content: json(returnFactsSchema) }, ...problemResponses(400, 401, 404) },
  }),
  taxDocuments: createRoute({
    method: 'get',
    path: '/accounting/tax-documents/{id}',
    summary: "A company's sent declarations as downloadable PDF returns",
    tags: ['tax forms'],
    request: { params: idParam },
    responses: { 200: { description: 'Documents, newest year first', content: json(taxDocumentsSchema) }, ...problemResponses(400, 401, 404) },
  }),
  taxDocument: createRoute({
    method: 'get',
    path: '/accounting/tax-documents/{id}/{year}',
    summary: 'Download the return of a sent declaration (SSN/ITIN masked; the full filed copy for Alta admins with copy=filed)',
    tags: ['tax forms'],
    request: {
      params: z.object({ id: z.uuid({ error: 'validation.invalid' }), year: z.coerce.number().int().min(2000).max(2099) }),
      query: z.object({ copy: z.enum(['owner', 'filed']).default('owner'), lang: z.string().max(5).optional() }),
    },
    responses: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string() } } }, ...problemResponses(400, 401, 404) },
  }),
  pending: createRoute({
    method: 'get',
    path: '/tax-forms/pending',
    summary: "Your companies' declarations of last year still to send (overdue ones too), grouped as the reminder modal needs",
    tags: ['tax forms'],
    responses: { 200: { description: 'Pending declarations', content: json(pendingDeclarationsSchema) }, ...problemResponses(401) },
  }),
};

/**
 * The IRS tax form (SPEC §2, §3, §7): the REST view of the synced tax-form draft and its
 * sending, activity codes, tax info, the sent returns as PDFs, and pending declarations.
 * Only owners and teammates of a company reach its data; anything else answers 404.
 */
export function taxFormsRouter(deps: AppDeps) {
  const router = new OpenAPIHono<AppEnv>();
  const db = deps.database.db;
  router.use('/accounting/*', withSession(deps));
  router.use('/tax-forms/*', withSession(deps));
  const today = () => deps.now().toISOString().slice(0, 10);

  return router
    .openapi(routes.getDraft, async (c) => {
      const record = await findTaxFormDraft(db, c.var.user.id, c.req.valid('param').id);
      if (!record || record.companyId === null || !(await isCompanyMember(db, c.var.user.id, record.companyId))) throw new ProblemError(404, 'not_found');
      c.header('Cache-Control', 'no-store');
      return c.json(taxFormDraftView(record), 200);
    })
    .openapi(routes.putDraft, async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const userId = c.var.user.id;
      if (!(await isCompanyMember(db, userId, body.companyId))) throw new ProblemError(404, 'not_found');
      const [company] = await companyTaxFacts(db, [body.companyId]);
      if (!company) throw new ProblemError(409, 'no_return_due');
      const updatedAt = deps.now().toISOString();
      const taxYear = body.taxFormData.taxYear as number;
      if (!body.isCompleted) {
        const saved = await saveTaxFormDraft(db, userId, id, { companyId: body.companyId, taxYear, taxFormData: body.taxFormData }, updatedAt);
        if (saved === 'not_found') throw new ProblemError(404, 'not_found');
        if (saved === 'sent') throw new ProblemError(409, 'declaration_sent');
        return c.json(taxFormDraftView(saved), 200);
      }
      const parsed = taxFormDataSchema.safeParse(body.taxFormData);
      if (!parsed.success) throw new ProblemError(400, 'validation', prefixed(fieldErrors(parsed.error)));
      const form = parsed.data;
      // A year is declared once it is over.
      if (form.taxYear >= Number(today().slice(0, 4))) throw new ProblemError(400, 'validation', { 'taxFormData.taxYear': ['validation.invalid'] });
      if (taxReturnForms(form).length === 0) throw new ProblemError(409, 'no_return_due');
      const outcome = await sendDeclaration(db, userId, id, form, body.companyId, deps.now(), updatedAt);
      if (outcome.result === 'not_found') throw new ProblemError(404, 'not_found');
      if (outcome.result === 'sent') throw new ProblemError(409, 'declaration_sent');
      if (outcome.result === 'blocked') {
        // The counts let the client link to exactly the rows still to categorise or check.
        return c.body(JSON.stringify({ ...problemBody(409, 'declaration_blocked'), taxYear: form.taxYear, ...outcome.counts }), 409, {
          'Content-Type': 'application/problem+json',
        }) as never;
      }
      return c.json(taxFormDraftView(outcome.draft), 200);
    })
    .openapi(routes.activityCodes, (c) => {
      const { code, limit } = c.req.valid('query');
      c.header('Cache-Control', 'private, max-age=3600');
      return c.json({ items: searchActivityCodes(code, limit) }, 200);
    })
    .openapi(routes.taxInfo, async (c) => {
      const { id } = c.req.valid('param');
      if (!(await isCompanyMember(db, c.var.user.id, id))) throw new ProblemError(404, 'not_found');
      const [company] = await companyTaxFacts(db, [id]);
      const day = today();
      const taxYear = Number(day.slice(0, 4)) - 1;
      const declaration = await declarationOf(db, id, taxYear);
      // A sent declaration names its own forms: the owner declared the year, whatever Alta knew of the company's formation.
      const due = company ? returnDue(company.filer, taxYear) : null;
      const forms = declaration?.taxFormData ? taxReturnForms(declaration.taxFormData) : (due?.forms ?? []);
      const ahead = due ? nextDeadline(due, day) : null;
      const standing = due && !declaration ? standingOn(due, day) : null;
      const first = company && !declaration ? firstReturn(company.filer, day) : null;
      return c.json(
        {
          companyId: id,
          taxYear,
          kind: due?.kind ?? null,
          forms,
          deadline: due?.deadline ?? null,
          extendedDeadline: due?.extendedDeadline ?? null,
          nextDeadline: ahead,
          daysRemaining: standing?.daysRemaining ?? (ahead ? daysBetween(day, ahead) : null),
          standing: standing?.status ?? null,
          extension: due ? extensionFor(due) : null,
          penaltyUsd: missingFormPenaltyUsd(due?.forms ?? []),
          sentAt: declaration?.sentAt?.toISOString() ?? null,
          firstReturn: first ? { taxYear: first.taxYear, forms: first.forms, deadline: first.deadline, extendedDeadline: first.extendedDeadline } : null,
        },
        200,
      );
    })
    .openapi(routes.taxDocuments, async (c) => {
      const { id } = c.req.valid('param');
      if (!(await isCompanyMember(db, c.var.user.id, id))) throw new ProblemError(404, 'not_found');
      const rows = await listDeclarations(db, id);
      const items = rows.map((row) => ({
        year: row.year,
        sentAt: row.sentAt!.toISOString(),
        forms: taxReturnForms(row.taxFormData!),
        url: `/api/v1/accounting/tax-documents/${id}/${row.year}`,
      }));
      return c.json({ items }, 200);
    })
    .openapi(routes.taxDocument, async (c) => {
      const { id, year } = c.req.valid('param');
      const { copy, lang } = c.req.valid('query');
      const user = c.var.user;
      // The filed copy carries partners' full SSN/ITIN: Alta's team files it, nobody else reads it.
      const allowed = copy === 'filed' ? user.role === 'admin' : await isCompanyMember(db, user.id, id);
      if (!allowed) throw new ProblemError(404, 'not_found');
      const declaration = await declarationOf(db, id, year);
      if (!declaration?.taxFormData) throw new ProblemError(404, 'not_found');
      const language = isLanguage(lang) ? lang : ((await findUserById(db, user.id))?.language ?? 'es');
      const pdf = await buildTaxReturnPdf(declaration.taxFormData, { copy, reviewMark: reviewMarks[language] });
      c.header('Cache-Control', 'no-store');
      c.header('Content-Disposition', `attachment; filename="tax-return-${year}${copy === 'filed' ? '-filed' : ''}.pdf"`);
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/pdf' });
    })
    .openapi(routes.pending, async (c) => {
      const companyIds = [...(await companyRolesOf(db, c.var.user.id)).keys()];
      const companies = await companyTaxFacts(db, companyIds);
      const sent = await sentDeclarationYears(db, companyIds);
      const day = today();
      const taxYear = Number(day.slice(0, 4)) - 1;
      const pending: PendingDeclaration[] = [];
      // An unsent return stays pending until it is sent: overdue once both deadlines passed.
      for (const company of companies) {
        const due = pendingReturn(company, taxYear, sent);
        if (!due) continue;
        const standing = standingOn(due, day);
        pending.push({
          companyName: company.name,
          kind: due.kind,
          deadline: standing.deadline,
          daysRemaining: standing.daysRemaining,
          standing: standing.status,
          penaltyUsd: missingFormPenaltyUsd(due.forms),
        });
      }
      c.header('Cache-Control', 'no-store');
      return c.json(pendingDeclarationsResult(pending), 200);
    });
}

/** Field errors of `taxFormData` named by their path in the request body. */
const prefixed = (errors: Record<string, string[]>) => Object.fromEntries(Object.entries(errors).map(([path, messages]) => [`taxFormData.${path}`, messages]));
