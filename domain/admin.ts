import { z } from 'zod';
import { userSchema, userStatuses } from './account';
import { boiStatuses, identityDocumentTypes, ownerRoles } from './boi';
import { companyStatuses, companyTypes, type CompanyStatus } from './company-terms';
import { usersPageSize } from './constants';
import { dissolutionStatuses, renewalHistoryEntrySchema, renewalStatuses } from './renewal';

/**
 * The admin area (SPEC §2, §3 "Admin user" and "Admin company", §7 `GET /api/v1/users`):
 * list queries, rows, and the staff actions (block, status change, audit log).
 */

const pageSize = z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100).default(usersPageSize);
const pageOffset = z.coerce.number({ error: 'validation.invalid' }).int().min(0).max(10_000_000).default(0);
const searchText = z.string().trim().max(200).optional();
const orderDirection = z.enum(['asc', 'desc']).default('desc');
const isoDay = z.iso.date({ error: 'validation.invalid' });

/**
 * How a list's `total` was found (decision 033): `exact`; `estimate` — the table's size as the
 * database's statistics know it, for a whole unfiltered list too large to count on every page;
 * `atLeast` — a filtered set larger than the counting cap (counting stops there). `hasMore`
 * says whether another page follows, whatever the total.
 */
export const listTotalKinds = ['exact', 'estimate', 'atLeast'] as const;
export type ListTotalKind = (typeof listTotalKinds)[number];
const listPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), totalKind: z.enum(listTotalKinds), hasMore: z.boolean() });

/** A company as the admin user list shows it (companies modal). */
export const adminUserCompanySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  relation: z.enum(['owner', 'teammate']),
});

/** A row of the admin user list (SPEC §3 "Admin user"): the profile's fields plus the companies. */
export const adminUserSchema = userSchema
  .pick({ id: true, firstName: true, lastName: true, email: true, phone: true, status: true, role: true, createdAt: true })
  .extend({
    companiesCount: z.number().int(),
    companies: z.array(adminUserCompanySchema),
  });
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Every column of the user list sorts (SPEC §2). */
export const adminUsersOrderBy = ['firstName', 'lastName', 'email', 'phone', 'status', 'companiesCount', 'createdAt'] as const;
export type AdminUsersOrderBy = (typeof adminUsersOrderBy)[number];

/** The filters of the user list; shared by the page query and the copy-emails query. */
export const adminUsersFilterSchema = z.strictObject({
  search: searchText,
  status: z.enum(userStatuses).optional(),
  hasCompany: z.enum(['yes', 'no']).optional(),
  companyStatus: z.enum(companyStatuses).optional(),
  createdFrom: isoDay.optional(),
  createdTo: isoDay.optional(),
});
export type AdminUsersFilter = z.infer<typeof adminUsersFilterSchema>;

/** GET /api/v1/users (admin): query string, numbers arrive as text. */
export const adminUsersQuerySchema = adminUsersFilterSchema.extend({
  limit: pageSize,
  offset: pageOffset,
  orderBy: z.enum(adminUsersOrderBy).default('createdAt'),
  orderDirection,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUsersPageSchema = listPage(adminUserSchema);

/** GET /api/v1/admin/users/emails: every email of the filtered set, for the clipboard. */
export const adminUserEmailsSchema = z.object({ emails: z.array(z.string()), total: z.number().int() });

/** Block or unblock an account: the reason goes to the audit log. */
export const userBlockSchema = z.strictObject({
  reason: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(500, { error: 'validation.tooLong' }),
});

/** A row of the admin company list (SPEC §3 "Admin company"). */
export const adminCompanySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  alternativeName: z.string().nullable(),
  type: z.enum(companyTypes),
  status: z.enum(companyStatuses),
  migrated: z.boolean(),
  /** The US state, or the origin country of a Cross Border Crypto company. */
  location: z.string().nullable(),
  plan: z.string().nullable(),
  orderNumber: z.string().nullable(),
  createdAt: z.string(),
  owner: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.string(), language: z.string() }),
});

export const adminCompaniesOrderBy = ['name', 'owner', 'type', 'status', 'location', 'migrated', 'createdAt'] as const;
export type AdminCompaniesOrderBy = (typeof adminCompaniesOrderBy)[number];

/** GET /api/v1/admin/companies */
export const adminCompaniesQuerySchema = z.strictObject({
  search: searchText,
  status: z.enum(companyStatuses).optional(),
  limit: pageSize,
  offset: pageOffset,
  orderBy: z.enum(adminCompaniesOrderBy).default('createdAt'),
  orderDirection,
});
export type AdminCompaniesQuery = z.infer<typeof adminCompaniesQuerySchema>;

export const adminCompaniesPageSchema = listPage(adminCompanySchema);

/** The BOI report as staff file it with FinCEN (decision 038): what the owner submitted, the parts a filing needs. */
export const staffBoiReportSchema = z.object({
  requirement: z.enum(['required', 'exempt', 'notApplicable']),
  status: z.enum(boiStatuses),
  submittedAt: z.string().nullable(),
  filedAt: z.string().nullable(),
  report: z
    .object({
      legalName: z.string(),
      formationCountry: z.string(),
      registrationState: z.string(),
      taxId: z.string(),
      owners: z.array(
        z.object({
          firstName: z.string(),
          lastName: z.string(),
          nationality: z.string(),
          birthDate: z.string(),
          role: z.enum(ownerRoles),
          ownership: z.number(),
          documentType: z.enum(identityDocumentTypes),
          documentNumber: z.string(),
        }),
      ),
    })
    .nullable(),
});
export type StaffBoiReport = z.infer<typeof staffBoiReportSchema>;

/**
 * The staff company page: the row plus who moved its status last, and what staff act on
 * (decision 038): the renewal (status, due date, settled due dates with whether a paid one is
 * filed), the dissolution, the BOI report.
 */
export const adminCompanyDetailSchema = adminCompanySchema.extend({
  statusChangedAt: z.string().nullable(),
  statusChangedBy: z.string().nullable(),
  allowedStatuses: z.array(z.enum(companyStatuses)),
  renewal: z.object({ status: z.enum(renewalStatuses), dueDate: z.string().nullable(), history: z.array(renewalHistoryEntrySchema) }),
  dissolution: z.enum(dissolutionStatuses),
  boi: staffBoiReportSchema,
});
export type AdminCompanyDetail = z.infer<typeof adminCompanyDetailSchema>;

/**
 * SPEC §4 names the progress steps in order but not the transitions. Staff move a company one
 * step forward or back (a correction), cancel it before it is completed, and reopen a canceled
 * one at Start (decision 028).
 */
export function allowedStatusChanges(current: CompanyStatus): CompanyStatus[] {
  if (current === 'Canceled') return ['Start'];
  const path = companyStatuses.filter((status) => status !== 'Canceled');
  const at = path.indexOf(current);
  const moves: CompanyStatus[] = [];
  if (at > 0) moves.push(path[at - 1]!);
  if (at < path.length - 1) moves.push(path[at + 1]!);
  if (current !== 'Completed') moves.push('Canceled');
  return moves;
}

/** PUT /api/v1/admin/companies/{id}/status: `from` is the status the admin saw, so a double submit or a race changes (and mails) once. */
export const companyStatusChangeSchema = z.strictObject({
  from: z.enum(companyStatuses, { error: 'validation.invalid' }),
  status: z.enum(companyStatuses, { error: 'validation.invalid' }),
});
export type CompanyStatusChange = z.infer<typeof companyStatusChangeSchema>;

export const auditActions = [
  'login_as_user',
  'return_to_admin',
  'impersonated_request',
  'block_user',
  'unblock_user',
  'company_status_changed',
  'upload_company_document',
  'process_dissolution',
  'add_mail',
  'renew_company',
  'process_renewal',
  'forward_mail',
  'file_boi_report',
  'release_deposit',
  'return_deposit',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** A row of the audit log as the staff pages show it. */
export const auditEntrySchema = z.object({
  id: z.uuid(),
  action: z.enum(auditActions),
  actorEmail: z.string(),
  subjectEmail: z.string().nullable(),
  subjectUserId: z.uuid().nullable(),
  subjectCompanyId: z.uuid().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/v1/admin/audit (and its CSV twin): the log of one user or one company. */
export const auditQuerySchema = z
  .strictObject({
    userId: z.uuid({ error: 'validation.invalid' }).optional(),
    companyId: z.uuid({ error: 'validation.invalid' }).optional(),
    limit: pageSize,
    offset: pageOffset,
  })
  .refine((query) => (query.userId === undefined) !== (query.companyId === undefined), { error: 'validation.required', path: ['userId'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), total: z.number().int() });
