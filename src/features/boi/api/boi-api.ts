import type { BoiCompanyReport } from '@domain/boi';
import type { BoiReportForm } from '@domain/boi-report';
import { api } from '@src/lib/api';
import { apiGet } from '@src/lib/query/typed-api';

/** GET /boi-report: every company of the caller with its BOI requirement, known owners and report. */
export const listBoiReports = async (signal?: AbortSignal) => (await apiGet('/boi-report', {}, { signal })).items;

/** PUT /companies/:id/boi-report */
export const submitBoiReport = (companyId: string, form: BoiReportForm) =>
  api.put<BoiCompanyReport>(`companies/${encodeURIComponent(companyId)}/boi-report`, {
    json: form,
    expected: ['boi_not_required', 'boi_already_filed', 'owner_only'],
  });
