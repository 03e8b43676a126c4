import { apiGet } from '@src/lib/query/typed-api';

/** GET /companies: the companies the user owns and those they are a teammate of. */
export const listCompanies = async (signal?: AbortSignal) => (await apiGet('/companies', {}, { signal })).items;
