import type { ForwardingRequest, MailItem } from '@domain/mail';
import { api } from '@src/lib/api';
import { apiGet } from '@src/lib/query/typed-api';

/** GET /companies/:id/mail: the company's scanned mail, newest first. */
export const listMail = async (companyId: string, signal?: AbortSignal) =>
  (await apiGet('/companies/:id/mail', { param: { id: companyId } }, { signal })).items;

/** PUT /mail/:id/read */
export const setMailRead = (mailId: string, read: boolean) => api.put<MailItem>(`mail/${encodeURIComponent(mailId)}/read`, { json: { read } });

/** POST /mail/:id/forwarding */
export const requestForwarding = (mailId: string, request: ForwardingRequest) =>
  api.post(`mail/${encodeURIComponent(mailId)}/forwarding`, { json: request, expected: ['forwarding_already_requested'] });
