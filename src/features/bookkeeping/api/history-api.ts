import { apiGet } from '@src/lib/query/typed-api';

/** GET /bookkeeping/transactions/{id}/history: the changes the server recorded, newest first. */
export const transactionHistory = async (id: string, signal?: AbortSignal) =>
  (await apiGet('/bookkeeping/transactions/:id/history', { param: { id } }, { signal })).items;
