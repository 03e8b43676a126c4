import type { OrderCreated } from '@domain/checkout';
import type { CompanyOrderInput, CompanyRenewal } from '@domain/renewal';
import { api } from '@src/lib/api';
import { apiGet } from '@src/lib/query/typed-api';

const company = (id: string) => `companies/${encodeURIComponent(id)}`;

/** GET /companies/:id: the company with its partners, progress dates and dissolution. */
export const getCompany = (id: string, signal?: AbortSignal) => apiGet('/companies/:id', { param: { id } }, { signal });

/** GET /companies/:id/documents */
export const listDocuments = async (id: string, signal?: AbortSignal) => (await apiGet('/companies/:id/documents', { param: { id } }, { signal })).items;

/** DELETE /companies/:id/documents */
export const deleteDocument = (id: string, key: string) => api.delete(`${company(id)}/documents`, { json: { key } });

/** GET /renewals/summary (SPEC §7). */
export const getRenewalSummary = (signal?: AbortSignal) => apiGet('/renewals/summary', {}, { signal });

/** GET /companies/:id/renewal */
export const getRenewal = (id: string, signal?: AbortSignal) => apiGet('/companies/:id/renewal', { param: { id } }, { signal });

/** POST /companies/:id/renewal/external: renewed directly with the state. */
export const markRenewedExternally = (id: string) => api.post<CompanyRenewal>(`${company(id)}/renewal/external`);

/** POST /companies/:id/orders: a renewal, dissolution or additional services, to pay at the checkout. */
export const placeCompanyOrder = (id: string, input: CompanyOrderInput) => api.post<OrderCreated>(`${company(id)}/orders`, { json: input });

/** GET /deadlines: every deadline of the caller's companies, or of one, overdue first (issue 33 §4). */
export const getDeadlines = async (companyId: string | undefined, signal?: AbortSignal) =>
  (await apiGet('/deadlines', { query: { companyId } }, { signal })).deadlines;

/** GET /calendar/feed: whether the caller's private calendar subscription exists. */
export const getCalendarFeed = (signal?: AbortSignal) => apiGet('/calendar/feed', {}, { signal });

/** POST /calendar/feed: a new subscription URL (the previous one stops working). */
export const createCalendarFeed = () => api.post<{ url: string }>('calendar/feed');

/** DELETE /calendar/feed: turns the subscription off. */
export const deleteCalendarFeed = () => api.delete('calendar/feed');
