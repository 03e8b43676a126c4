import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  adminCompaniesPageSchema,
  adminCompaniesQuerySchema,
  adminCompanyDetailSchema,
  adminUserEmailsSchema,
  adminUsersFilterSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  allowedStatusChanges,
  companyStatusChangeSchema,
  userBlockSchema,
  type AdminCompanyDetail,
  type StaffBoiReport,
} from '@domain/admin';
import { boiRequirement } from '@domain/boi';
import { loginAsUserSchema, sessionResponseSchema } from '@domain/account';
import type { CompanyStatus } from '@domain/company';
import { clientIp } from '../auth/client-ip';
import { sendMailInBackground } from '../auth/mails';
import { resumeAdminSession, roleOf, stashAdminSession, startSession, userResponse } from '../auth/session';
import type { AppDeps, AppEnv } from '../context';
import {
  changeCompanyStatus,
  findCompanyForAdmin,
  listCompaniesForAdmin,
  listUsersForAdmin,
  setUserStatus,
  userEmailsForAdmin,
  type AdminCompanyRow,
} from '../db/queries/admin';
import { recordAudit } from '../db/queries/audit-log';
import { findReport } from '../db/queries/boi';
import { findCompanyForStaff, type CompanyRow } from '../db/queries/companies';
import { renewalHistoryOf, renewalStateOfRow } from '../db/queries/renewals';
import { findUserById } from '../db/queries/users';
import { ProblemError } from '../lib/problem';
import { problemResponses } from '../lib/problem-responses';
import { withAdmin } from '../middleware/with-admin';
import { withSession } from '../middleware/with-session';
import { renderMail } from '../providers/mail/render-mail';
import { json } from '../lib/openapi';

const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

function companyResponse(row: AdminCompanyRow) {
  return {
    id: row.id,
    name: row.name,
    alternativeName: row.alternativeName,
    type: row.type,
    status: row.status as CompanyStatus,
    migrated: row.migrated,
    location: row.location,
    plan: row.plan,
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    owner: row.owner,
  };
}

/** The BOI report as staff file it: the submitted form's parts a filing needs. */
function staffBoi(company: CompanyRow, report: Awaited<ReturnType<typeof findReport>>): StaffBoiReport {
  const form = report?.form;
  return {
    requirement: boiRequirement(company),
    status: report?.status ?? 'notStarted',
    submittedAt: report?.submittedAt.toISOString() ?? null,
    filedAt: report?.filedAt?.toISOString() ?? null,
    report: form
      ? {
          legalName: form.company.legalName,
          formationCountry: form.company.formationCountry,
          registrationState: form.company.registrationState,
          taxId: form.company.taxId,
          owners: form.owners.map(({ firstName, lastName, nationality, birthDate, role, ownership, documentType, documentNumber }) => ({
            firstName,
            lastName,
            nationality,
            birthDate,
            role,
            ownership,
            documentType,
            documentNumber,
          })),
        }
      : null,
  };
}

async function companyDetail(deps: AppDeps, row: AdminCompanyRow): Promise<AdminCompanyDetail> {
  const db = deps.database.db;
  const [changedBy, found, history, report] = await Promise.all([
    row.statusChangedBy ? findUserById(db, row.statusChangedBy) : null,
    findCompanyForStaff(db, row.id),
    renewalHistoryOf(db, row.id),
    findReport(db, row.id),
  ]);
  const company = found!.company;
  const renewal = await renewalStateOfRow(db, company, deps.now());
  const status = row.status as CompanyStatus;
  return {
    ...companyResponse(row),
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
    statusChangedBy: changedBy?.email ?? null,
    allowedStatuses: allowedStatusChanges(status),
    renewal: { status: renewal.status, dueDate: renewal.dueDate, history },
    dissolution: company.dissolution,
    boi: staffBoi(company, report),
  };
}

/**
 * The admin area's API (SPEC §2, §6, §7; decision 028): lists, staff actions and login as user
 * (the audit log is admin-audit.ts). Every route but "return to admin" is `withSession` + `withAdmin`: 401 for
 * visitors, 403 for users and for an admin acting as a user.
 */
export function adminRouter(deps: AppDeps) {
  const adminOnly: MiddlewareHandler<AppEnv>[] = [withSession(deps), withAdmin];
  const common = { tags: ['admin'], security: [{ cookieAuth: [] }], middleware: adminOnly };

  const getUsers = createRoute({
    ...common,
    method: 'get',
    path: '/users',
    summary: 'Admin: search, sort, filter and page users, each with their companies',
    description:
      'Search is case- and accent-insensitive over name, email, phone and company names. `total` is the size of the set: exact, the estimate of a large unfiltered list, or the counting cap of a large filtered one (`totalKind`); `hasMore` says whether load-more has another page.',
    request: { query: adminUsersQuerySchema },
    responses: { 200: { description: 'One page of users', content: json(adminUsersPageSchema) }, ...problemResponses(400, 401, 403) },
  });

  const getUserEmails = createRoute({
    ...common,
    method: 'get',
    path: '/admin/users/emails',
    summary: 'Admin: every email of the filtered user set (copy e-mails)',
    request: { query: adminUsersFilterSchema },
    responses: { 200: { description: 'The emails', content: json(adminUserEmailsSchema) }, ...problemResponses(400, 401, 403) },
  });

  const blockRoute = (action: 'block' | 'unblock') =>
    createRoute({
      ...common,
      method: 'post',
      path: `/admin/users/{id}/${action}`,
      summary:
        action === 'block'
          ? 'Admin: block an account, with a reason'
          : 'Admin: unblock an account (lifts both a staff block and the payment-expired flag), with a reason',
      request: { params: idParams, body: { content: json(userBlockSchema), required: true } },
      responses: { 204: { description: 'Done (and audit-logged)' }, ...problemResponses(400, 401, 403, 404, 409) },
    });

  const postLoginAsUser = createRoute({
    ...common,
    method: 'post',
    path: '/admin/login-as-user',
    summary: 'Admin: act as another user for up to an hour (audit-logged; the admin session waits untouched)',
    description:
      "Sets a one-hour session of the user that carries the admin's id; `/users/me` then returns `impersonatedBy` for the banner. The admin's own session is kept aside, not ended: `POST /admin/return` resumes it.",
    request: { body: { content: json(loginAsUserSchema), required: true } },
    responses: { 200: { description: 'Now acting as the user', content: json(sessionResponseSchema) }, ...problemResponses(400, 401, 403, 404) },
  });

  const postReturn = createRoute({
    method: 'post',
    path: '/admin/return',
    summary: 'Admin: stop acting as a user and resume the admin session',
    description: 'Ends the impersonation session and signs the admin back in with the session kept aside at login-as-user; 401 when there is none.',
    tags: ['admin'],
    responses: { 200: { description: 'The admin again', content: json(sessionResponseSchema) }, ...problemResponses(401) },
  });

  const getCompanies = createRoute({
    ...common,
    method: 'get',
    path: '/admin/companies',
    summary: 'Admin: search, sort, filter by status and page companies',
    request: { query: adminCompaniesQuerySchema },
    responses: { 200: { description: 'One page of companies', content: json(adminCompaniesPageSchema) }, ...problemResponses(400, 401, 403) },
  });

  const getCompany = createRoute({
    ...common,
    method: 'get',
    path: '/admin/companies/{id}',
    summary: 'Admin: one company, with the statuses it may move to',
    request: { params: idParams },
    responses: { 200: { description: 'The company', content: json(adminCompanyDetailSchema) }, ...problemResponses(400, 401, 403, 404) },
  });

  const putCompanyStatus = createRoute({
    ...common,
    method: 'put',
    path: '/admin/companies/{id}/status',
    summary: "Admin: move a company's progress status (audit-logged; the owner is mailed once)",
    description:
      '`from` must be the current status (409 `conflict` otherwise, so a repeated or racing change happens once); `status` one of `allowedStatuses`.',
    request: { params: idParams, body: { content: json(companyStatusChangeSchema), required: true } },
    responses: { 200: { description: 'The company after the change', content: json(adminCompanyDetailSchema) }, ...problemResponses(400, 401, 403, 404, 409) },
  });

  const router = new OpenAPIHono<AppEnv>();

  const changeBlock = (action: 'block' | 'unblock') =>
    router.openapi(blockRoute(action), async (c) => {
      const db = deps.database.db;
      const { id } = c.req.valid('param');
      const target = await findUserById(db, id);
      if (!target) throw new ProblemError(404, 'not_found');
      // The admin account comes from configuration; blocking it would lock staff out.
      if (roleOf(deps.env, target.email) === 'admin') throw new ProblemError(403, 'forbidden');
      // A block goes on an account the expired-payment flag already blocks too, so paying does not lift it.
      const unchanged = action === 'block' ? target.blockedAt !== null : target.status === 'active';
      if (unchanged) throw new ProblemError(409, 'conflict');
      const now = deps.now();
      await setUserStatus(db, id, action === 'block' ? 'blocked' : 'active', now);
      await recordAudit(db, {
        actorId: c.var.user.id,
        actorEmail: c.var.user.email,
        action: action === 'block' ? 'block_user' : 'unblock_user',
        subjectUserId: target.id,
        subjectEmail: target.email,
        details: { reason: c.req.valid('json').reason },
        ip: clientIp(c, deps.env),
        now,
      });
      return c.body(null, 204);
    });
  changeBlock('block');
  changeBlock('unblock');

  return router
    .openapi(getUsers, async (c) => {
      const page = await listUsersForAdmin(deps.database.db, c.req.valid('query'));
      return c.json(
        {
          total: page.total,
          totalKind: page.totalKind,
          hasMore: page.hasMore,
          items: page.rows.map(({ user, companies }) => ({
            id: user.id,
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email,
            phone: user.phone,
            status: user.status,
            role: roleOf(deps.env, user.email),
            createdAt: user.createdAt.toISOString(),
            companiesCount: user.companiesCount,
            companies,
          })),
        },
        200,
      );
    })
    .openapi(getUserEmails, async (c) => {
      const emails = await userEmailsForAdmin(deps.database.db, c.req.valid('query'));
      return c.json({ emails, total: emails.length }, 200);
    })
    .openapi(postLoginAsUser, async (c) => {
      const db = deps.database.db;
      const acting = c.var.user;
      const target = await findUserById(db, c.req.valid('json').userId);
      if (!target) throw new ProblemError(404, 'not_found');
      // Acting as another admin would hide who did what; there is one admin anyway.
      if (roleOf(deps.env, target.email) === 'admin') throw new ProblemError(403, 'forbidden');
      if (target.status === 'blocked') throw new ProblemError(403, 'user_blocked');

      await recordAudit(db, {
        actorId: acting.id,
        actorEmail: acting.email,
        action: 'login_as_user',
        subjectUserId: target.id,
        subjectEmail: target.email,
        ip: clientIp(c, deps.env),
        now: deps.now(),
      });
      await stashAdminSession(deps, c, acting.id);
      await startSession(deps, c, target, acting.id);
      return c.json({ status: 'ok' as const, data: await userResponse(deps, target, acting.id) }, 200);
    })
    .openapi(postReturn, async (c) => {
      const db = deps.database.db;
      const { admin: resumed, impersonatedUserId } = await resumeAdminSession(deps, c);
      const [adminRow, impersonated] = await Promise.all([findUserById(db, resumed.id), impersonatedUserId ? findUserById(db, impersonatedUserId) : null]);
      if (!adminRow) throw new ProblemError(401, 'unauthorized');
      await recordAudit(db, {
        actorId: adminRow.id,
        actorEmail: adminRow.email,
        action: 'return_to_admin',
        subjectUserId: impersonated?.id ?? null,
        subjectEmail: impersonated?.email ?? null,
        ip: clientIp(c, deps.env),
        now: deps.now(),
      });
      return c.json({ status: 'ok' as const, data: await userResponse(deps, adminRow, null) }, 200);
    })
    .openapi(getCompanies, async (c) => {
      const page = await listCompaniesForAdmin(deps.database.db, c.req.valid('query'));
      return c.json({ total: page.total, totalKind: page.totalKind, hasMore: page.hasMore, items: page.rows.map(companyResponse) }, 200);
    })
    .openapi(getCompany, async (c) => {
      const row = await findCompanyForAdmin(deps.database.db, c.req.valid('param').id);
      if (!row) throw new ProblemError(404, 'not_found');
      return c.json(await companyDetail(deps, row), 200);
    })
    .openapi(putCompanyStatus, async (c) => {
      const db = deps.database.db;
      const { id } = c.req.valid('param');
      const { from, status } = c.req.valid('json');
      const company = await findCompanyForAdmin(db, id);
      if (!company) throw new ProblemError(404, 'not_found');
      if (company.status !== from) throw new ProblemError(409, 'conflict');
      if (!allowedStatusChanges(from).includes(status)) throw new ProblemError(400, 'validation', { status: ['validation.invalid'] });
      const now = deps.now();
      const changed = await db.transaction(async (tx) => {
        if (!(await changeCompanyStatus(tx, { companyId: id, from, to: status, adminId: c.var.user.id, now }))) return false;
        await recordAudit(tx, {
          actorId: c.var.user.id,
          actorEmail: c.var.user.email,
          action: 'company_status_changed',
          subjectUserId: company.owner.id,
          subjectEmail: company.owner.email,
          subjectCompanyId: id,
          details: { from, to: status },
          ip: clientIp(c, deps.env),
          now,
        });
        return true;
      });
      // Another admin (or this one's second click) moved it first: that change sent the mail.
      if (!changed) throw new ProblemError(409, 'conflict');
      const owner = await findUserById(db, company.owner.id);
      if (owner) {
        sendMailInBackground(
          deps,
          'companyStatus',
          renderMail('companyStatus', {
            to: owner.email,
            language: owner.language,
            appUrl: deps.env.APP_URL,
            values: { firstName: owner.firstName, companyId: id, companyName: company.name, status },
          }),
        );
      }
      const after = await findCompanyForAdmin(db, id);
      return c.json(await companyDetail(deps, after!), 200);
    });
}
