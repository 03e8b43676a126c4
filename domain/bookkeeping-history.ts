import { z } from 'zod';

/**
 * The change history of a transaction (GET /bookkeeping/transactions/{id}/history): what the
 * server recorded each time it was created, changed or deleted, by whom. Recorded by a
 * database trigger, so every path that writes a transaction (sync mutations, Alta's own
 * blocking) leaves a trace; imported lines are recorded by their batch import instead.
 */
export const trackedFields = ['date', 'description', 'amountCents', 'accountId', 'category', 'merchant', 'note', 'checked', 'receipt', 'blocked'] as const;
export type TrackedField = (typeof trackedFields)[number];

export const transactionChangeSchema = z.strictObject({
  id: z.number().int(),
  action: z.enum(['created', 'updated', 'deleted']),
  /** Who made it: null for Alta itself (a transaction blocked by support). */
  user: z.strictObject({ firstName: z.string(), lastName: z.string() }).nullable(),
  changedAt: z.iso.datetime({ offset: true }),
  /** Each changed field with its value before and after (a receipt as its file name). */
  changes: z.partialRecord(z.enum(trackedFields), z.tuple([z.unknown(), z.unknown()])),
});
export type TransactionChange = z.infer<typeof transactionChangeSchema>;

export const transactionHistorySchema = z.strictObject({ items: z.array(transactionChangeSchema) });
