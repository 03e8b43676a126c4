import { sessionResponseSchema, type User } from '@domain/account';
import {
  adminCompanyDetailSchema,
  type AdminCompaniesQuery,
  type AdminCompanyDetail,
  type AdminUsersFilter,
  type AdminUsersQuery,
  type CompanyStatusChange,
} from '@domain/admin';
import { api, apiBaseUrl } from '@src/lib/api';
import { apiGet } from '@src/lib/query/typed-api';

/** The admin area's online-only calls (docs/architecture.md "Reads": admin lists come from the API, never Dexie). */

export const fetchUsers = (query: AdminUsersQuery, signal?: AbortSignal) => apiGet('/users', { query }, { signal });

export const fetchUserEmails = (filter: AdminUsersFilter) => apiGet('/admin/users/emails', { query: filter });

export function setUserBlocked(userId: string, blocked: boolean, reason: string) {
  return api.post<void>(`admin/users/${encodeURIComponent(userId)}/${blocked ? 'block' : 'unblock'}`, { json: { reason } });
}

export async function loginAsUser(userId: string): Promise<User> {
  return sessionResponseSchema.parse(await api.post('admin/login-as-user', { json: { userId } })).data;
}

/** Ends the impersonation and resumes the admin session kept aside (not a "protected" call: it needs no current session). */
export async function returnToAdmin(): Promise<User> {
  return sessionResponseSchema.parse(await api.post('admin/return', { context: { public: true } })).data;
}

export const fetchCompanies = (query: AdminCompaniesQuery, signal?: AbortSignal) => apiGet('/admin/companies', { query }, { signal });

export const fetchCompany = (companyId: string, signal?: AbortSignal) => apiGet('/admin/companies/:id', { param: { id: companyId } }, { signal });

export async function changeCompanyStatus(companyId: string, change: CompanyStatusChange): Promise<AdminCompanyDetail> {
  return adminCompanyDetailSchema.parse(await api.put(`admin/companies/${encodeURIComponent(companyId)}/status`, { json: change }));
}

export type AuditSubject = { userId: string } | { companyId: string };

export const fetchAudit = (subject: AuditSubject, page: { limit: number; offset: number }) => apiGet('/admin/audit', { query: { ...subject, ...page } });

/** The CSV export is a plain download link: the browser sends the session cookie with it. */
export function auditCsvUrl(subject: AuditSubject): string {
  return `${apiBaseUrl}/admin/audit/export?${new URLSearchParams(subject).toString()}`;
}

/** A company's mail as staff see it, published or not, with forwarding requests (decision 038). */
export async function fetchStaffMail(companyId: string, signal?: AbortSignal) {
  return (await apiGet('/admin/companies/:id/mail', { param: { id: companyId } }, { signal })).items;
}

/** A company's incoming payments held for review under SPEC §1, oldest first. */
export async function fetchHeldDeposits(companyId: string, signal?: AbortSignal) {
  return (await apiGet('/admin/companies/:id/held-deposits', { param: { id: companyId } }, { signal })).items;
}

/** The staff operations of a company's page (decision 038); each is audit-logged by the server. */
export const staffActions = {
  markForwarded: (mailId: string) => api.post(`admin/mail/${encodeURIComponent(mailId)}/forwarding/forwarded`),
  markRenewed: (companyId: string) => api.post<void>(`admin/companies/${encodeURIComponent(companyId)}/renewal/renewed`),
  markRenewalProcessed: (companyId: string, dueDate: string) =>
    api.post<void>(`admin/companies/${encodeURIComponent(companyId)}/renewals/${encodeURIComponent(dueDate)}/processed`),
  markDissolutionProcessed: (companyId: string) => api.post<void>(`admin/companies/${encodeURIComponent(companyId)}/dissolution/processed`),
  markBoiFiled: (companyId: string) => api.post<void>(`admin/companies/${encodeURIComponent(companyId)}/boi-report/filed`),
  releaseDeposit: (companyId: string, transactionId: string) =>
    api.post(`admin/companies/${encodeURIComponent(companyId)}/held-deposits/${encodeURIComponent(transactionId)}/release`),
  returnDeposit: (companyId: string, transactionId: string) =>
    api.post(`admin/companies/${encodeURIComponent(companyId)}/held-deposits/${encodeURIComponent(transactionId)}/return`),
};
