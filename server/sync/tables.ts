import type { TableName } from '@sync/tables';
import { syncedTables, type SyncedTable } from '@sync/tables';
import { linkedAccounts } from '../db/schema/bank-linking';
import { drafts } from '../db/schema/drafts';
import { columnsExcept, type ServerTable } from './server-table';
import { batchImportsTable, categoriserRulesTable, inboxReceiptsTable, lockedYearsTable, manualAccountsTable, transactionsTable } from './bookkeeping-tables';

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
    rowColumns: { id: drafts.id, kind: drafts.kind, companyId: drafts.companyId, step: drafts.step, data: drafts.data, updatedAt: drafts.updatedAt },
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
    // The provider's account id stays on the server.
    rowColumns: columnsExcept(linkedAccounts, ['version', 'providerAccountId']),
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
