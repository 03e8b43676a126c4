import type { CompanySummary } from '@domain/company';
import { api } from '@src/lib/api';

/** GET /companies: the companies the user owns and those they are a teammate of. */
export const listCompanies = async (signal?: AbortSignal) => (await api.get<{ items: CompanySummary[] }>('companies', { signal })).items;
