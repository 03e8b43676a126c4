import type { z } from 'zod';
import { linkedAccountRowSchema } from '@domain/bank-linking';
import { batchImportSchema, categoriserRuleSchema, inboxReceiptSchema, lockedYearSchema, manualAccountSchema, transactionSchema } from '@domain/bookkeeping';
import { draftSchema } from '@domain/draft';

/**
 * The registry of synced tables: what a pull may return and a mutator may write.
 *
 * - `schema`: the row's zod schema from `domain/` (every row has a string `id`).
 * - `scope`: who sees the row. `user`: only the user who owns it (the server keeps the owner
 *   in a column the row does not carry). `company`: the owner and teammates of the row's
 *   `companyId` (the row must carry `companyId`).
 * - `indexes`: the row fields a mutator may `list` by (Dexie indexes on the client, columns
 *   on the server).
 */
export interface SyncedTable<Schema extends z.ZodType<{ id: string }> = z.ZodType<{ id: string }>> {
  schema: Schema;
  scope: 'user' | 'company';
  indexes: readonly string[];
}

export const syncedTables = {
  drafts: { schema: draftSchema, scope: 'user', indexes: ['kind', 'companyId'] },
  transactions: { schema: transactionSchema, scope: 'company', indexes: ['companyId', 'importId', 'accountId'] },
  manualAccounts: { schema: manualAccountSchema, scope: 'company', indexes: ['companyId'] },
  batchImports: { schema: batchImportSchema, scope: 'company', indexes: ['companyId'] },
  /** Written by the server only (no mutator writes it): the company's linked bank accounts, for names offline. */
  linkedAccounts: { schema: linkedAccountRowSchema, scope: 'company', indexes: ['companyId'] },
  lockedYears: { schema: lockedYearSchema, scope: 'company', indexes: ['companyId'] },
  categoriserRules: { schema: categoriserRuleSchema, scope: 'company', indexes: ['companyId'] },
  inboxReceipts: { schema: inboxReceiptSchema, scope: 'company', indexes: ['companyId'] },
} as const satisfies Record<string, SyncedTable>;

export type SyncedTables = typeof syncedTables;
export type TableName = keyof SyncedTables;
/** The row type of a synced table. */
export type Row<T extends TableName> = z.output<SyncedTables[T]['schema']>;
/** The fields a mutator may `list` a table by. */
export type IndexOf<T extends TableName> = SyncedTables[T]['indexes'][number] & keyof Row<T> & string;

export const tableNames = Object.keys(syncedTables) as TableName[];

/** True when `name` is a synced table. */
export const isTableName = (name: string): name is TableName => Object.hasOwn(syncedTables, name);
