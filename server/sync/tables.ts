import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Row, TableName } from '@sync/tables';
import { syncedTables, type SyncedTable } from '@sync/tables';
import { linkedAccounts } from '../db/schema/bank-linking';
import { drafts } from '../db/schema/drafts';
import { batchImportsTable, categoriserRulesTable, inboxReceiptsTable, lockedYearsTable, manualAccountsTable, transactionsTable } from './bookkeeping-tables';

/**
 * How each synced table of `sync/tables.ts` is stored on the server: its Drizzle table, the
 * column that carries its scope (the owner's user id, or the company id), the columns a
 * mutator may `list` by, and the row ⇄ record mapping.
 */
export interface ServerTable<T extends TableName = TableName> {
  table: PgTable;
  id: AnyPgColumn;
  version: AnyPgColumn;
  scope: AnyPgColumn;
  indexes: Record<string, AnyPgColumn>;
  /** The synced row a device sees, from a selected record. */
  toRow(record: Record<string, unknown>): Row<T>;
  /** The record to store for a row written by `userId` (user-scoped tables take the owner from here). */
  toRecord(row: Row<T>, userId: string): Record<string, unknown>;
}

function serverTable<T extends TableName>(_name: T, spec: ServerTable<T>): ServerTable<T> {
  return spec;
}

export const serverTables: { [T in TableName]: ServerTable<T> } = {
  drafts: serverTable('drafts', {
    table: drafts,
    id: drafts.id,
    version: drafts.version,
    scope: drafts.userId,
    indexes: { kind: drafts.kind, companyId: drafts.companyId },
    toRow: (record) => {
      const r = record as typeof drafts.$inferSelect;
      return { id: r.id, kind: r.kind, companyId: r.companyId, step: r.step, data: r.data as Row<'drafts'>['data'], updatedAt: r.updatedAt };
    },
    toRecord: (row, userId) => ({ ...row, userId }),
  }),
  transactions: transactionsTable,
  manualAccounts: manualAccountsTable,
  batchImports: batchImportsTable,
  linkedAccounts: serverTable('linkedAccounts', {
    table: linkedAccounts,
    id: linkedAccounts.id,
    version: linkedAccounts.version,
    scope: linkedAccounts.companyId,
    indexes: { companyId: linkedAccounts.companyId },
    toRow: (record) => {
      // The provider's account id stays on the server.
      const { version: _version, providerAccountId: _providerAccountId, ...row } = record as typeof linkedAccounts.$inferSelect;
      return row;
    },
    // No mutator writes linked accounts (server/bank-linking/sync-bank-link.ts does): a record
    // from a row could not name the provider's account, so this is never used to store one.
    toRecord: (row) => ({ ...row }),
  }),
  lockedYears: lockedYearsTable,
  categoriserRules: categoriserRulesTable,
  inboxReceipts: inboxReceiptsTable,
};

/** The scope kind of a table ('user' or 'company'). */
export const scopeOf = (table: TableName): SyncedTable['scope'] => syncedTables[table].scope;
