import type { OrderCreated } from '@domain/checkout';
import type { CompanyDetail } from '@domain/company';
import type { CompanyDocument } from '@domain/files';
import type { CompanyOrderInput, CompanyRenewal, RenewalSummary } from '@domain/renewal';
import { api } from '@src/lib/api';

const company = (id: string) => `companies/${encodeURIComponent(id)}`;

/** GET /companies/:id: the company with its partners, progress dates and dissolution. */
export const getCompany = (id: string, signal?: AbortSignal) => api.get<CompanyDetail>(company(id), { signal });

/** GET /companies/:id/documents */
export const listDocuments = async (id: string, signal?: AbortSignal) => (await api.get<{ items: CompanyDocument[] }>(`${company(id)}/documents`, { signal })).items;

/** DELETE /companies/:id/documents */
export const deleteDocument = (id: string, key: string) => api.delete(`${company(id)}/documents`, { json: { key } });

/** GET /renewals/summary (SPEC §7). */
export const getRenewalSummary = (signal?: AbortSignal) => api.get<RenewalSummary>('renewals/summary', { signal });

/** GET /companies/:id/renewal */
export const getRenewal = (id: string, signal?: AbortSignal) => api.get<CompanyRenewal>(`${company(id)}/renewal`, { signal });

/** POST /companies/:id/renewal/external: renewed directly with the state. */
export const markRenewedExternally = (id: string) => api.post<CompanyRenewal>(`${company(id)}/renewal/external`);

/** POST /companies/:id/orders: a renewal, dissolution or additional services, to pay at the checkout. */
export const placeCompanyOrder = (id: string, input: CompanyOrderInput) => api.post<OrderCreated>(`${company(id)}/orders`, { json: input });
