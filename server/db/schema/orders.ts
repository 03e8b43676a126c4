import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Attribution } from '@domain/account';
import type { OrderFlow } from '@domain/checkout';
import type { Quote } from '@domain/plans';
import { companies } from './companies';
import { users } from './users';

/** Order numbers are sequential and human-readable (ALT-001001), shown on receipts and companies. */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 1001 });

/**
 * Coupons (SPEC §8 "Invalid coupon"): a percentage or an amount off, an optional expiry and
 * an optional maximum of redemptions. `redemptionCount` only moves at payment, atomically
 * (a conditional UPDATE), so the maximum holds under concurrent checkouts. It may pass the
 * maximum only when a charge the provider already took is honoured late (see queries).
 */
export const coupons = pgTable(
  'coupons',
  {
    /** Stored upper-case; codes are compared case-insensitively by upper-casing the input. */
    code: text('code').primaryKey(),
    percentOff: integer('percent_off'),
    amountOff: integer('amount_off'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    redemptionCount: integer('redemption_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('coupons_one_effect', sql`(${table.percentOff} is null) <> (${table.amountOff} is null)`),
    check('coupons_percent_range', sql`${table.percentOff} is null or (${table.percentOff} between 1 and 100)`),
    check('coupons_amount_positive', sql`${table.amountOff} is null or ${table.amountOff} > 0`),
  ],
);

/**
 * An order placed at the end of a guest wizard. It carries the validated wizard data and
 * the server's own price quote; `checkoutTokenHash` is the SHA-256 of the secret that lets
 * the guest's browser see, pay and claim it. Paid orders are never changed again except to
 * record who claimed them (`userId`, `companyId`).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderNumber: text('order_number')
      .notNull()
      .unique()
      .default(sql`'ALT-' || lpad(nextval('order_number_seq')::text, 6, '0')`),
    /**
     * What the order pays for: `plan` (a new company from a wizard), or, for an existing company
     * (`companyId` set from the start), its renewal, its dissolution or additional services.
     */
    paymentType: text('payment_type', { enum: ['plan', 'renewal', 'dissolution', 'additionalService'] })
      .notNull()
      .default('plan'),
    flow: text('flow', { enum: ['createCompany', 'migrateCompany', 'crossBorderCrypto'] })
      .$type<OrderFlow>()
      .notNull(),
    plan: text('plan', { enum: ['standard', 'professional', 'enterprise'] }).notNull(),
    billing: text('billing', { enum: ['monthly', 'annual'] }).notNull(),
    services: jsonb('services').$type<string[]>().notNull(),
    /** The wizard data as validated by the domain schema of `flow`. */
    wizard: jsonb('wizard').$type<Record<string, unknown>>().notNull(),
    /** The owner contact's email, lower-cased: who gets the receipt and whose account "exists". */
    email: text('email').notNull(),
    language: text('language', { enum: ['es', 'en', 'pt'] }).notNull(),
    couponCode: text('coupon_code').references(() => coupons.code),
    quote: jsonb('quote').$type<Quote>().notNull(),
    total: integer('total').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'expired'] })
      .notNull()
      .default('pending'),
    checkoutTokenHash: text('checkout_token_hash').notNull(),
    companyDraftId: uuid('company_draft_id'),
    attribution: jsonb('attribution').$type<Attribution>(),
    /** The account that claimed the order (after registration or login). */
    userId: uuid('user_id').references(() => users.id),
    /** The company created once the order is both paid and claimed. */
    companyId: uuid('company_id').references(() => companies.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * SPEC §4 "an expired payment is flagged for the owner's email": set when the order expired
     * with a payment started and left incomplete (a 3-D Secure challenge never answered).
     */
    paymentExpiredAt: timestamp('payment_expired_at', { withTimezone: true }),
    /**
     * The receipt's claim link of a guest order: SHA-256 of its 256-bit secret, valid until
     * `claimTokenExpiresAt`, cleared when used (single use). Whoever opens it proved they read
     * the order's email, so the order may go to their account.
     */
    claimTokenHash: text('claim_token_hash'),
    claimTokenExpiresAt: timestamp('claim_token_expires_at', { withTimezone: true }),
  },
  (table) => [
    index('orders_email_idx').on(table.email),
    index('orders_user_idx').on(table.userId),
    index('orders_company_draft_idx').on(table.companyDraftId),
    check('orders_total_non_negative', sql`${table.total} >= 0`),
  ],
);
