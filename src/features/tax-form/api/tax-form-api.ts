import type { TaxFormData, TaxFormDraftView, TaxInfoAnswer, TaxInfoRecord } from '@domain/tax-form';
import { api, withRetry } from '@src/lib/api';
import { apiGet } from '@src/lib/query/typed-api';

/** PUT /accounting/drafts/{id} with `isCompleted: true`: sends the declaration (SPEC §7). */
export const sendTaxForm = (draftId: string, companyId: string, taxFormData: TaxFormData) =>
  api.put<TaxFormDraftView>(`accounting/drafts/${draftId}`, { json: { companyId, taxFormData, isCompleted: true } });

/** GET /accounting/activity-codes (SPEC §7: code, limit). */
export const lookUpActivityCodes = async (code: string, limit: number, signal?: AbortSignal) =>
  (await apiGet('/accounting/activity-codes', { query: { code, limit } }, { signal })).items;

/** GET /accounting/tax-documents/{id}: the company's sent declarations, newest year first. */
export const listTaxDocuments = async (companyId: string, signal?: AbortSignal) =>
  (await apiGet('/accounting/tax-documents/:id', { param: { id: companyId } }, { signal })).items;

/** GET /accounting/tax-info/{id}: the company's return for last year (forms, deadlines, sent). Its query retries it as SPEC §7 says. */
export const fetchReturnFacts = (companyId: string, signal?: AbortSignal) => apiGet('/accounting/tax-info/:id', { param: { id: companyId } }, { signal });

/** GET /tax-forms/pending; its query retries it (SPEC §7). */
export const fetchPendingDeclarations = (signal?: AbortSignal) => apiGet('/tax-forms/pending', {}, { signal });

/** GET /companies/{id}: what Alta knows of the company, to pre-fill the form. */
export const fetchCompanyDetail = (companyId: string, signal?: AbortSignal) => apiGet('/companies/:id', { param: { id: companyId } }, { signal });

/** GET /tk-info (SPEC §7: retried once after 1 s): the owner's tax-info record, null when none or unreachable. */
export const fetchTaxInfo = async () => (await withRetry(() => apiGet('/tk-info', {}), { tries: 2 }))?.record ?? null;

/** GET /tk-info/country (SPEC §7: no retry): the owner's tax residence country as Alta knows it, null when unknown or unreachable. */
export const fetchTaxCountry = async (signal?: AbortSignal) => (await apiGet('/tk-info/country', {}, { signal })).country;

/** POST /tk-info (SPEC §7: 3 tries, 1 s apart): keeps the owner's residence answers for their next form. */
export const saveTaxInfo = ({ nationality, taxResidenceCountry, countryTaxId, countriesWorkedFrom }: TaxInfoRecord) =>
  withRetry(() => api.post<TaxInfoAnswer>('tk-info', { json: { nationality, taxResidenceCountry, countryTaxId, countriesWorkedFrom } }));
