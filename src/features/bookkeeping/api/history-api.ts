import { transactionHistorySchema, type TransactionChange } from '@domain/bookkeeping-history';
import { api } from '@src/lib/api';

/** GET /bookkeeping/transactions/{id}/history: the changes the server recorded, newest first. */
export async function transactionHistory(id: string, signal?: AbortSignal): Promise<TransactionChange[]> {
  return transactionHistorySchema.parse(await api.get(`bookkeeping/transactions/${encodeURIComponent(id)}/history`, { signal })).items;
}
