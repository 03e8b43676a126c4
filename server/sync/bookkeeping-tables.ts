import type { Row } from '@sync/tables';
import { batchImports, categoriserRules, inboxReceipts, lockedYears, manualAccounts, transactions } from '../db/schema/bookkeeping';
import type { ServerTable } from './tables';

/**
 * How the bookkeeping tables of `sync/tables.ts` are stored: company-scoped rows whose
 * columns mirror the domain schemas one to one, plus the `version` the sync triggers stamp.
 */

export const transactionsTable: ServerTable<'transactions'> = {
  table: transactions,
  id: transactions.id,
  version: transactions.version,
  scope: transactions.companyId,
  indexes: { companyId: transactions.companyId, importId: transactions.importId, accountId: transactions.accountId },
  toRow: (record) => {
    const { version: _version, ...row } = record as typeof transactions.$inferSelect;
    return row as Row<'transactions'>;
  },
  toRecord: (row) => ({ ...row }),
};

export const manualAccountsTable: ServerTable<'manualAccounts'> = {
  table: manualAccounts,
  id: manualAccounts.id,
  version: manualAccounts.version,
  scope: manualAccounts.companyId,
  indexes: { companyId: manualAccounts.companyId },
  toRow: (record) => {
    const { version: _version, ...row } = record as typeof manualAccounts.$inferSelect;
    return row;
  },
  toRecord: (row) => ({ ...row }),
};

export const batchImportsTable: ServerTable<'batchImports'> = {
  table: batchImports,
  id: batchImports.id,
  version: batchImports.version,
  scope: batchImports.companyId,
  indexes: { companyId: batchImports.companyId },
  toRow: (record) => {
    // The server's receiving time stays on the server: the cooldown is its decision.
    const { version: _version, receivedAt: _receivedAt, ...row } = record as typeof batchImports.$inferSelect;
    return row as Row<'batchImports'>;
  },
  toRecord: (row) => ({ ...row }),
};

export const lockedYearsTable: ServerTable<'lockedYears'> = {
  table: lockedYears,
  id: lockedYears.id,
  version: lockedYears.version,
  scope: lockedYears.companyId,
  indexes: { companyId: lockedYears.companyId },
  toRow: (record) => {
    const { version: _version, ...row } = record as typeof lockedYears.$inferSelect;
    return row;
  },
  toRecord: (row) => ({ ...row }),
};

export const categoriserRulesTable: ServerTable<'categoriserRules'> = {
  table: categoriserRules,
  id: categoriserRules.id,
  version: categoriserRules.version,
  scope: categoriserRules.companyId,
  indexes: { companyId: categoriserRules.companyId },
  toRow: (record) => {
    const { version: _version, ...row } = record as typeof categoriserRules.$inferSelect;
    return row;
  },
  toRecord: (row) => ({ ...row }),
};

export const inboxReceiptsTable: ServerTable<'inboxReceipts'> = {
  table: inboxReceipts,
  id: inboxReceipts.id,
  version: inboxReceipts.version,
  scope: inboxReceipts.companyId,
  indexes: { companyId: inboxReceipts.companyId },
  toRow: (record) => {
    const { version: _version, ...row } = record as typeof inboxReceipts.$inferSelect;
    return row;
  },
  toRecord: (row) => ({ ...row }),
};
