import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { verificationStatuses, walletTransactionStatuses, type BankRegion, type WithdrawalRail } from '@domain/banking';
import type { HoldReason } from '@domain/incoming-payments';
import type { VirtualAccounts } from '../../providers/banking/banking-provider';
import { companies } from './companies';
import { users } from './users';

/**
 * Banking and crypto (docs/decisions/027-banking-and-crypto.md). Online-only data: nothing
 * here is synced to devices, because a teammate without two-factor access must get nothing.
 */

/**
 * A user's TOTP secret (RFC 6238), AES-256-GCM encrypted with a key derived from
 * SESSION_SECRET: a database dump alone cannot mint codes. Failed codes count towards a
 * lockout; `lastStep` refuses a code that was already used.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  /** Set by the first valid code: until then the QR can be generated again. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** Codes tried since the last right one, each counted before its comparison; the fifth sets `lockedUntil`. */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  resetCodeHash: text('reset_code_hash'),
  resetExpiresAt: timestamp('reset_expires_at', { withTimezone: true }),
  resetRequestedAt: timestamp('reset_requested_at', { withTimezone: true }),
  /** Attempts taken on the current reset code, each counted before its comparison. */
  resetFailedAttempts: integer('reset_failed_attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A verified code opens banking for one session (refresh-token family): reading until
 * `accessUntil`, and a short step-up until `verifiedUntil`, the only window money moves in.
 */
export const twoFactorStepUps = pgTable('two_factor_step_ups', {
  familyId: text('family_id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  verifiedUntil: timestamp('verified_until', { withTimezone: true }).notNull(),
  accessUntil: timestamp('access_until', { withTimezone: true }).notNull(),
});

/** A company's customer at the banking provider: KYC/KYB state, virtual account, wallet. */
export const bankingProfiles = pgTable('banking_profiles', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['sandbox', 'bridge'] }).notNull(),
  customerId: text('customer_id').notNull(),
  kycLinkId: text('kyc_link_id').notNull(),
  kycUrl: text('kyc_url').notNull(),
  status: text('status', { enum: verificationStatuses }).notNull().default('pending'),
  /** The provider's virtual accounts once approved, one per source currency (USD: ACH and wire; EUR: SEPA; MXN: SPEI). */
  virtualAccount: jsonb('virtual_account').$type<VirtualAccounts>(),
  walletId: text('wallet_id'),
  walletAddress: text('wallet_address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Balances per company and currency in cents. The check keeps them at or above zero, and a
 * withdrawal takes its amount with one conditional update: two racing withdrawals cannot
 * both spend the same dollars, and only this company's row is locked meanwhile.
 */
export const walletBalances = pgTable(
  'wallet_balances',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    currency: text('currency', { enum: ['usd', 'usdc', 'usdt'] }).notNull(),
    availableCents: bigint('available_cents', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.currency] }), check('wallet_balances_not_negative', sql`${table.availableCents} >= 0`)],
);

/** Bank accounts to withdraw to (the provider's external accounts); only what a screen may show is kept. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    providerAccountId: text('provider_account_id').notNull(),
    region: text('region').$type<BankRegion>().notNull(),
    ownerType: text('owner_type', { enum: ['person', 'business'] }).notNull(),
    bankName: text('bank_name').notNull(),
    holderName: text('holder_name').notNull(),
    last4: text('last4').notNull(),
    routingNumber: text('routing_number'),
    bic: text('bic'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('bank_accounts_company_idx').on(table.companyId)],
);

/**
 * Money in and out of a company's wallet. A withdrawal is keyed by the client's
 * Idempotency-Key, unique per company: a retried or double-clicked request finds the first
 * row and never sends twice. Incoming rows come from provider webhooks, keyed by transfer id.
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['incoming', 'outgoing'] }).notNull(),
    rail: text('rail').$type<WithdrawalRail | 'ach_push' | 'wire_in' | 'sepa_in' | 'spei_in' | 'crypto_in'>().notNull(),
    currency: text('currency', { enum: ['usd', 'usdc', 'usdt'] }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: walletTransactionStatuses }).notNull(),
    /** Origin (incoming) or destination (outgoing) in words: a bank and last four digits, or an address. */
    counterparty: text('counterparty').notNull(),
    senderName: text('sender_name'),
    fromBank: text('from_bank'),
    hash: text('hash'),
    reference: text('reference'),
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    providerTransferId: text('provider_transfer_id'),
    /** Why an incoming payment is held (`in_review`): SPEC §1's rule, or the provider's own review. */
    holdReason: text('hold_reason').$type<HoldReason | 'provider_review'>(),
    /** The admin who released or returned a held payment, and when. */
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /**
     * A withdrawal the provider has not answered for yet (its answer was lost: a timeout, a 5xx,
     * a body that is not JSON): from this time the resolver asks again with the same key. Null
     * once the provider's transfer is known or the withdrawal is settled.
     */
    resolveAfter: timestamp('resolve_after', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('wallet_transactions_company_idx').on(table.companyId, table.createdAt),
    uniqueIndex('wallet_transactions_idempotency_idx').on(table.companyId, table.idempotencyKey),
    uniqueIndex('wallet_transactions_provider_idx').on(table.providerTransferId),
    index('wallet_transactions_held_idx')
      .on(table.companyId, table.createdAt)
      .where(sql`${table.status} = 'in_review' and ${table.direction} = 'incoming'`),
    index('wallet_transactions_resolve_idx')
      .on(table.resolveAfter)
      .where(sql`${table.resolveAfter} is not null`),
  ],
);

/** Provider webhook events already applied: a replayed delivery finds its id here and changes nothing. */
export const bankingWebhookEvents = pgTable('banking_webhook_events', {
  eventId: text('event_id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Liquidation addresses: crypto sent to `address` is paid out to a bank account. */
export const liquidationAddresses = pgTable(
  'liquidation_addresses',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    providerId: text('provider_id').notNull(),
    currency: text('currency', { enum: ['usdc', 'usdt'] }).notNull(),
    chain: text('chain').notNull(),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    rail: text('rail').$type<WithdrawalRail>().notNull(),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('liquidation_addresses_company_idx').on(table.companyId)],
);

/**
 * The local banking sandbox's own state: Bridge objects (customers, KYC links, virtual
 * accounts, external accounts, transfers, liquidation addresses, wallets) as Bridge shapes
 * them, so the simulator survives restarts and is shared by every instance.
 */
export const sandboxBridgeObjects = pgTable(
  'sandbox_bridge_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    customerId: text('customer_id'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sandbox_bridge_idempotency_idx').on(table.kind, table.idempotencyKey), index('sandbox_bridge_customer_idx').on(table.customerId)],
);

/**
 * A company's submitted KYB (SPEC §3, §4: read-only once submitted): one per company, the
 * answers as the server validated them (`domain/kyb.ts`), who sent them and the draft they
 * came from. The verification link is made only after it exists.
 */
export const kybSubmissions = pgTable('kyb_submissions', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['business', 'crypto'] }).notNull(),
  form: jsonb('form').$type<Record<string, unknown>>().notNull(),
  draftId: uuid('draft_id').notNull(),
  submittedBy: uuid('submitted_by')
    .notNull()
    .references(() => users.id),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
});
