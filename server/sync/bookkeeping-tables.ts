import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TableName } from '@sync/tables';
import { batchImports, categoriserRules, inboxReceipts, lockedYears, manualAccounts, transactions } from '../db/schema/bookkeeping';
import { columnsExcept, type ServerTable } from './server-table';

/**
 * How the bookkeeping tables of `sync/tables.ts` are stored: company-scoped rows whose
 * columns mirror the domain schemas one to one, plus the `version` the sync triggers stamp
 * (and, for batch imports, the server's receiving time, which stays on the server).
 */

type CompanyPgTable = PgTable & { id: AnyPgColumn; version: AnyPgColumn; companyId: AnyPgColumn };

function companyTable<T extends TableName>(
  table: CompanyPgTable,
  indexes: Record<string, AnyPgColumn> = {},
  serverOnly: readonly string[] = [],
): ServerTable<T> {
  return {
    table,
    id: table.id,
    version: table.version,
    scope: table.companyId,
    indexes: { companyId: table.companyId, ...indexes },
    rowColumns: columnsExcept(table, ['version', ...serverOnly]),
    toRecord: (row) => ({ ...row }),
  };
}

export const transactionsTable = companyTable<'transactions'>(transactions, { importId: transactions.importId, accountId: transactions.accountId });
export const manualAccountsTable = companyTable<'manualAccounts'>(manualAccounts);
// The cooldown is the server's decision: its receiving time is not synced.
export const batchImportsTable = companyTable<'batchImports'>(batchImports, {}, ['receivedAt']);
export const lockedYearsTable = companyTable<'lockedYears'>(lockedYears);
export const categoriserRulesTable = companyTable<'categoriserRules'>(categoriserRules);
export const inboxReceiptsTable = companyTable<'inboxReceipts'>(inboxReceipts);
