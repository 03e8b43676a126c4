import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { orderCreatedSchema, type OrderFlow } from '@domain/checkout';
import type { CompanyType } from '@domain/company';
import { flowCompanyType } from '@domain/checkout';
import type { Quote } from '@domain/plans';
import { companyOrderSchema, companyRenewalSchema, renewalIsDue, renewalSummarySchema, type CompanyOrderInput, type RenewalSummary } from '@domain/renewal';
import { dissolutionPrice, planCatalog, renewalPrices } from '../catalog/plans';
import type { AppDeps, AppEnv } from '../context';
import { findCompanyForStaff, findCompanyOf, listCompaniesOf, type CompanyRow } from '../db/queries/companies';
import type { CompanyOrderDetails } from '../db/queries/company-payments';
import { placeOrder } from '../db/queries/orders';
import { processDissolution, processRenewal, renewalHistoryOf, renewalStateOfRow, renewalStatesOf, settleRenewal } from '../db/queries/renewals';
import { findUserById } from '../db/queries/users';
import { priceMismatch, ProblemError } from '../lib/problem';
import { problemResponses } from '../lib/problem-responses';
import { recordStaffAction } from '../lib/staff-audit';
import { withAdmin } from '../middleware/with-admin';
import { withSession } from '../middleware/with-session';
import { json } from '../lib/openapi';

const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/** The funnel an existing company's orders price against (its plan's company type). */
const flowOf = (type: CompanyType, migrated: boolean): OrderFlow =>
  type === 'Cross Border Crypto' ? 'crossBorderCrypto' : migrated ? 'migrateCompany' : 'createCompany';

const quoteOf = (lines: Quote['lines']): Quote => {
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  return { currency: 'usd', lines, subtotal, discount: 0, total: subtotal };
};

/**
 * Prices an order for an existing company from the server catalog. Services must exist for the
 * company's type, not be bought already, and keep at most one processing speed.
 */
function quoteCompanyOrder(company: CompanyRow, input: CompanyOrderInput): { ok: true; quote: Quote } | { ok: false; errors: Record<string, string[]> } {
  if (input.paymentType === 'renewal')
    return { ok: true, quote: quoteOf([{ kind: 'renewal', id: company.plan!, amount: renewalPrices[company.plan as keyof typeof renewalPrices] }]) };
  if (input.paymentType === 'dissolution') return { ok: true, quote: quoteOf([{ kind: 'dissolution', id: 'dissolution', amount: dissolutionPrice }]) };
  const companyType = flowCompanyType[flowOf(company.type, company.migrated)];
  const owned = new Set(company.services);
  const errors = new Set<string>();
  const lines: Quote['lines'] = [];
  for (const id of new Set(input.services)) {
    const service = planCatalog.services.find((candidate) => candidate.id === id);
    if (!service || !service.companyTypes.includes(companyType)) errors.add('validation.serviceUnavailable');
    else if (owned.has(id)) errors.add('validation.duplicateService');
    else lines.push({ kind: 'service', id, amount: service.price });
  }
  if (input.services.length !== new Set(input.services).size) errors.add('validation.duplicateService');
  const groups = [...owned, ...lines.map((line) => line.id)]
    .map((id) => planCatalog.services.find((service) => service.id === id)?.group ?? null)
    .filter((group) => group !== null);
  if (new Set(groups).size !== groups.length) errors.add('validation.processingSpeedExclusive');
  return errors.size > 0 ? { ok: false, errors: { services: [...errors] } } : { ok: true, quote: quoteOf(lines) };
}

/**
 * Renewals and dissolution (SPEC §3, §4, §7): the summary the reminder modal reads, a company's
 * renewal page, "renewed externally", orders for renewal, dissolution and additional services
 * (paid through the checkout), and staff marking a dissolution processed.
 */
export function renewalsRouter(deps: AppDeps) {
  const db = deps.database.db;
  const session = withSession(deps);

  const summaryRoute = createRoute({
    method: 'get',
    path: '/renewals/summary',
    summary: 'Renewal summary of the caller’s companies: pending (within the timeframe) and overdue',
    tags: ['renewals'],
    security: [{ cookieAuth: [] }],
    middleware: [session] as const,
    responses: { 200: { description: 'The summary', content: json(renewalSummarySchema) }, ...problemResponses(401) },
  });

  const renewalRoute = createRoute({
    method: 'get',
    path: '/companies/{id}/renewal',
    summary: 'A company’s renewal: status, due date, price, history and dissolution',
    tags: ['renewals'],
    security: [{ cookieAuth: [] }],
    middleware: [session] as const,
    request: { params: idParams },
    responses: { 200: { description: 'The renewal', content: json(companyRenewalSchema) }, ...problemResponses(401, 404) },
  });

  const externalRoute = createRoute({
    method: 'post',
    path: '/companies/{id}/renewal/external',
    summary: 'Mark the due renewal as renewed externally (directly with the state); owner only',
    tags: ['renewals'],
    security: [{ cookieAuth: [] }],
    middleware: [session] as const,
    request: { params: idParams },
    responses: { 200: { description: 'The renewal after marking', content: json(companyRenewalSchema) }, ...problemResponses(401, 403, 404, 409) },
  });

  const orderRoute = createRoute({
    method: 'post',
    path: '/companies/{id}/orders',
    summary: 'Place an order for an existing company (renewal, dissolution or additional services), paid through the checkout; owner only',
    description:
      'Answers the order and its `checkoutToken` like POST /orders; the checkout page pays it. A renewal is refused unless due (409 `renewal_not_due`), a dissolution unless available (409 `dissolution_unavailable`). `expectedAmount` different from the server total is 409 `price_mismatch` with the server `amount`.',
    tags: ['renewals'],
    security: [{ cookieAuth: [] }],
    middleware: [session] as const,
    request: { params: idParams, body: { content: json(companyOrderSchema), required: true } },
    responses: { 201: { description: 'Order placed', content: json(orderCreatedSchema) }, ...problemResponses(400, 401, 403, 404, 409) },
  });

  const staffOnly: MiddlewareHandler<AppEnv>[] = [session, withAdmin];
  const staff = { tags: ['admin'], security: [{ cookieAuth: [] }], middleware: staffOnly };

  const processRoute = createRoute({
    ...staff,
    method: 'post',
    path: '/admin/companies/{id}/dissolution/processed',
    summary: 'Admin: mark a requested dissolution processed (audit-logged)',
    description: '409 `conflict` unless the dissolution is requested (not yet paid, or processed already).',
    request: { params: idParams },
    responses: { 204: { description: 'Processed' }, ...problemResponses(401, 403, 404, 409) },
  });

  const staffRenewedRoute = createRoute({
    ...staff,
    method: 'post',
    path: '/admin/companies/{id}/renewal/renewed',
    summary: 'Admin: mark the due renewal renewed by Alta for the customer (audit-logged)',
    description: 'Settles the first unsettled due date as renewed by staff; 409 `renewal_not_due` when no renewal is due.',
    request: { params: idParams },
    responses: { 204: { description: 'Renewed' }, ...problemResponses(401, 403, 404, 409) },
  });

  const staffProcessedRoute = createRoute({
    ...staff,
    method: 'post',
    path: '/admin/companies/{id}/renewals/{dueDate}/processed',
    summary: 'Admin: mark a renewal paid through Alta as filed with the state (audit-logged)',
    description: '404 when that due date was not settled; 409 `conflict` when it is processed already.',
    request: { params: idParams.extend({ dueDate: z.iso.date({ error: 'validation.invalid' }) }) },
    responses: { 204: { description: 'Processed' }, ...problemResponses(401, 403, 404, 409) },
  });

  /** The company for a staff action; 404 when there is none. */
  async function staffCompany(id: string) {
    const found = await findCompanyForStaff(db, id);
    if (!found) throw new ProblemError(404, 'not_found');
    return { ...found, companyId: id };
  }

  /** The company if the caller may see it, else 404; `owner` also refuses teammates (403 owner_only). */
  async function companyFor(c: Context<AppEnv>, id: string, needs: 'member' | 'owner') {
    const found = await findCompanyOf(db, c.var.user.id, id);
    if (!found) throw new ProblemError(404, 'not_found');
    if (needs === 'owner' && found.relation !== 'owner') throw new ProblemError(403, 'owner_only');
    return found;
  }

  async function renewalView(company: CompanyRow, relation: 'owner' | 'teammate') {
    const state = await renewalStateOfRow(db, company, deps.now());
    const history = await renewalHistoryOf(db, company.id);
    return {
      companyId: company.id,
      name: company.nameOption1,
      relation,
      status: state.status,
      dueDate: state.dueDate,
      daysRemaining: state.daysRemaining,
      formationDate: (company.constitutionDate ?? company.requestedAt.toISOString()).slice(0, 10),
      lastRenewedDueDate: state.lastRenewedDueDate,
      renewalPrice: state.dueDate && company.plan ? renewalPrices[company.plan as keyof typeof renewalPrices] : null,
      dissolution: company.dissolution,
      dissolutionPrice,
      history,
    };
  }

  return new OpenAPIHono<AppEnv>()
    .openapi(summaryRoute, async (c) => {
      const rows = await listCompaniesOf(db, c.var.user.id);
      const states = await renewalStatesOf(
        db,
        rows.map((row) => row.company),
        deps.now(),
      );
      const entry = ({ company, state }: (typeof states)[number]) => ({ id: company.id, name: company.nameOption1, status: state.status });
      const pending = states.filter(({ state }) => state.status === 'WITHIN_TIMEFRAME').map(entry);
      const overdue = states.filter(({ state }) => state.status === 'OVERDUE').map(entry);
      const summary: RenewalSummary = { pendingCount: pending.length, overdueCount: overdue.length, pendingCompanies: pending, overdueCompanies: overdue };
      return c.json(summary, 200);
    })
    .openapi(renewalRoute, async (c) => {
      const { company, relation } = await companyFor(c, c.req.valid('param').id, 'member');
      return c.json(await renewalView(company, relation), 200);
    })
    .openapi(externalRoute, async (c) => {
      const { company, relation } = await companyFor(c, c.req.valid('param').id, 'owner');
      const state = await renewalStateOfRow(db, company, deps.now());
      if (!renewalIsDue(state.status) || !state.dueDate) throw new ProblemError(409, 'renewal_not_due');
      await settleRenewal(db, { companyId: company.id, dueDate: state.dueDate, kind: 'external', orderId: null, userId: c.var.user.id, now: deps.now() });
      return c.json(await renewalView(company, relation), 200);
    })
    .openapi(orderRoute, async (c) => {
      const input = c.req.valid('json');
      const { company } = await companyFor(c, c.req.valid('param').id, 'owner');
      const details: CompanyOrderDetails = { owner: { firstName: '' }, companyName: company.nameOption1 };
      if (input.paymentType === 'renewal') {
        const state = await renewalStateOfRow(db, company, deps.now());
        if (!renewalIsDue(state.status) || !state.dueDate) throw new ProblemError(409, 'renewal_not_due');
        details.dueDate = state.dueDate;
      }
      if (input.paymentType === 'dissolution' && (company.dissolution !== 'available' || company.status === 'Canceled'))
        throw new ProblemError(409, 'dissolution_unavailable');
      const priced = quoteCompanyOrder(company, input);
      if (!priced.ok) throw new ProblemError(400, 'validation', priced.errors);
      if (priced.quote.total !== input.expectedAmount) {
        return priceMismatch(c, priced.quote.total);
      }
      const user = (await findUserById(db, c.var.user.id))!;
      details.owner.firstName = user.firstName;
      const now = deps.now();
      const created = await placeOrder(db, {
        paymentType: input.paymentType,
        companyId: company.id,
        flow: flowOf(company.type, company.migrated),
        plan: (company.plan ?? 'standard') as 'standard',
        billing: company.billing ?? 'annual',
        services: input.paymentType === 'additionalService' ? [...new Set(input.services)] : [],
        wizard: details as unknown as Record<string, unknown>,
        email: user.email,
        language: user.language,
        couponCode: null,
        quote: priced.quote,
        userId: user.id,
        companyDraftId: null,
        attribution: null,
        now,
      });
      return c.json(created, 201);
    })
    .openapi(processRoute, async (c) => {
      const company = await staffCompany(c.req.valid('param').id);
      if (!(await processDissolution(db, company.companyId, deps.now()))) throw new ProblemError(409, 'conflict');
      await recordStaffAction(deps, c, 'process_dissolution', company, { companyId: company.companyId });
      return c.body(null, 204);
    })
    .openapi(staffRenewedRoute, async (c) => {
      const found = await staffCompany(c.req.valid('param').id);
      const state = await renewalStateOfRow(db, found.company, deps.now());
      if (!renewalIsDue(state.status) || !state.dueDate) throw new ProblemError(409, 'renewal_not_due');
      const settled = await settleRenewal(db, {
        companyId: found.companyId,
        dueDate: state.dueDate,
        kind: 'staff',
        orderId: null,
        userId: c.var.user.id,
        now: deps.now(),
      });
      // Settled by someone else a moment ago (a payment, the owner, another click): nothing to log.
      if (!settled) throw new ProblemError(409, 'conflict');
      await recordStaffAction(deps, c, 'renew_company', found, { dueDate: state.dueDate });
      return c.body(null, 204);
    })
    .openapi(staffProcessedRoute, async (c) => {
      const { id, dueDate } = c.req.valid('param');
      const found = await staffCompany(id);
      if (!(await processRenewal(db, { companyId: id, dueDate, userId: c.var.user.id, now: deps.now() }))) {
        // Nothing marked: the history tells a due date never settled from one filed already.
        const settled = (await renewalHistoryOf(db, id)).some((entry) => entry.dueDate === dueDate);
        throw settled ? new ProblemError(409, 'conflict') : new ProblemError(404, 'not_found');
      }
      await recordStaffAction(deps, c, 'process_renewal', found, { dueDate });
      return c.body(null, 204);
    });
}
