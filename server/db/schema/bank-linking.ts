import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BankLinkStatus } from '@domain/bank-linking';
import { companies } from './companies';
import { users } from './users';

/**
 * Linked bank accounts (docs/decisions/023-linked-bank-accounts.md). Server-only tables: the
 * provider's access token and sync cursor never leave the server; the transactions they
 * bring are written into the synced `transactions` table.
 */

/** One bank login of a company at the provider (Plaid's "item"). */
export const bankLinks = pgTable(
  'bank_links',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'plaid'] }).notNull(),
    itemId: text('item_id').notNull(),
    /** Usable only together with PLAID_SECRET, which is never stored in the database. */
    accessToken: text('access_token').notNull(),
    institutionId: text('institution_id'),
    institutionName: text('institution_name'),
    status: text('status').$type<BankLinkStatus>().notNull().default('active'),
    errorCode: text('error_code'),
    /** The provider's transactions cursor up to which the books hold every change. */
    cursor: text('cursor'),
    /** The cursor the current pagination started from: where to restart when the provider reports a mutation during pagination. */
    loopCursor: text('loop_cursor'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /** While set in the future, one sync of this link is running (on any instance); a crashed one expires. */
    syncLeaseUntil: timestamp('sync_lease_until', { withTimezone: true }),
    /** When the scheduled sync (server/jobs/bank-link-sync.ts) next pulls this link; an instance claims it by moving it on. */
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('bank_links_provider_item_idx').on(table.provider, table.itemId),
    index('bank_links_company_idx').on(table.companyId),
    index('bank_links_next_sync_idx')
      .on(table.nextSyncAt)
      .where(sql`status = 'active'`),
  ],
);

/**
 * The accounts of a bank login; transactions name them by `id` (accountKind `linked`). Synced
 * to the company's devices (sync/tables.ts `linkedAccounts`), written by the server only.
 * Unlinking keeps the account with `link_id` null, so its transactions keep their name.
 */
export const linkedAccounts = pgTable(
  'linked_accounts',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    linkId: uuid('link_id').references(() => bankLinks.id, { onDelete: 'set null' }),
    providerAccountId: text('provider_account_id').notNull(),
    institutionName: text('institution_name'),
    name: text('name').notNull(),
    mask: text('mask'),
    type: text('type').notNull(),
    subtype: text('subtype'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    uniqueIndex('linked_accounts_link_account_idx').on(table.linkId, table.providerAccountId),
    index('linked_accounts_company_version_idx').on(table.companyId, table.version),
  ],
);

/**
 * The local bank-linking sandbox's own records (the embedded stand-in for Plaid's sandbox):
 * its items and their tokens, hashed. In the database so a link survives restarts and every
 * instance shares the sandbox.
 */
export const bankSandboxItems = pgTable('bank_sandbox_items', {
  itemId: text('item_id').primaryKey(),
  institutionId: text('institution_id').notNull(),
  clientUserId: text('client_user_id').notNull(),
  webhook: text('webhook'),
  publicTokenHash: text('public_token_hash').unique(),
  publicTokenExpiresAt: timestamp('public_token_expires_at', { withTimezone: true }),
  accessTokenHash: text('access_token_hash').unique(),
  /** Signed in as `user_expiring`: the bank asks for a new sign-in after the first sync. */
  expiresLogin: boolean('expires_login').notNull().default(false),
  loginRequired: boolean('login_required').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  removedAt: timestamp('removed_at', { withTimezone: true }),
});
