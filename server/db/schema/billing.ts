import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InvoiceLine } from '@domain/billing';
import { companies } from './companies';
import { orders } from './orders';
import { users } from './users';

/** The payment provider's customer of an account (Stripe `cus_…`, or the sandbox's): saved cards hang on it. */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.provider] })],
);

/** A card saved through a SetupIntent; only the provider holds its number. At most one default per account. */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerPaymentMethodId: text('provider_payment_method_id').notNull().unique(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('payment_cards_user_idx').on(table.userId),
    uniqueIndex('payment_cards_one_default')
      .on(table.userId)
      .where(sql`${table.isDefault}`),
  ],
);

/** A card being saved: the SetupIntent of one Idempotency-Key, kept while its 3-D Secure challenge waits. */
export const cardSetups = pgTable(
  'card_setups',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerSetupId: text('provider_setup_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('card_setups_user_key').on(table.userId, table.idempotencyKey)],
);

/**
 * A company's plan subscription (SPEC §3 Plans: billing monthly or annual). The first period is
 * the plan line of the company's paid order; later periods are charged by the recurring job.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .unique()
      .references(() => companies.id),
    /** Who pays: the company's owner. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    plan: text('plan', { enum: ['standard', 'professional', 'enterprise'] }).notNull(),
    billing: text('billing', { enum: ['monthly', 'annual'] }).notNull(),
    status: text('status', { enum: ['active', 'past_due', 'canceled'] })
      .notNull()
      .default('active'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Credit from downgrades, in cents, taken off the next charges. */
    credit: integer('credit').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('subscriptions_user_idx').on(table.userId),
    index('subscriptions_due_idx')
      .on(table.currentPeriodEnd)
      .where(sql`${table.status} = 'active'`),
  ],
);

/**
 * A plan change's Idempotency-Key, claimed before the card is charged: one request at a time
 * charges for a key (a concurrent duplicate is told the change is in progress), and the charge
 * it took is used once — `applied` (the change and its invoice) or `credited` (another change
 * won the race after pricing) — never both, never twice. `open` is a key whose last attempt
 * ended with no charge known (a decline, a lost provider answer, a payment still processing):
 * the next retry claims it again, and the same provider key (or the kept payment id) finds
 * whatever charge that attempt made. A claim left by a dead instance is taken over after a while; the provider's key makes
 * the taken-over charge the same charge.
 */
export const subscriptionChanges = pgTable(
  'subscription_changes',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The plan and billing asked for: the same key with another change is refused. */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['open', 'claimed', 'applied', 'credited'] }).notNull(),
    /** The provider's payment once known (a `processing` one is looked up on the next retry). */
    providerPaymentId: text('provider_payment_id'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.idempotencyKey] })],
);

/**
 * The recurring charge of one subscription period, claimed before the money moves (the renewal
 * reminders' mechanism, decision 025): the primary key lets one instance claim a period; a claim
 * left by a dead instance is taken over after a while, and the provider's idempotency key
 * (subscription, period, attempt) makes the taken-over charge the same charge.
 */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['claimed', 'processing', 'succeeded', 'failed'] }).notNull(),
    /** 1 for the charge at the period's start; a failed charge is tried again a day later with the next. */
    attempt: integer('attempt').notNull().default(1),
    amount: integer('amount').notNull(),
    providerPaymentId: text('provider_payment_id'),
    declineCode: text('decline_code'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.periodStart] }), index('subscription_charges_payment_idx').on(table.providerPaymentId)],
);

/** Invoice numbers are sequential (INV-001001), like order numbers. */
export const invoiceNumberSequence = pgSequence('invoice_number_seq', { startWith: 1001 });

/**
 * An invoice of money taken: a paid order, a period's charge or a plan change. `sourceKey`
 * names what it is for (`order:<id>`, `charge:<subscription>:<period>`, `change:<subscription>:<key>`),
 * so whatever records it twice records it once.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    number: text('number')
      .notNull()
      .unique()
      .default(sql`'INV-' || lpad(nextval('invoice_number_seq')::text, 6, '0')`),
    sourceKey: text('source_key').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    companyId: uuid('company_id').references(() => companies.id),
    orderId: uuid('order_id').references(() => orders.id),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    total: integer('total').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('invoices_user_idx').on(table.userId, table.issuedAt)],
);

/** Stripe events already applied: Stripe delivers at least once, Alta applies each once. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/** The sandbox's customers (Stripe `cus_…`). */
export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').unique(),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * The sandbox's payment methods: the card's brand, last four and expiry, and what charging it
 * later does (Stripe's test cards: 4000 0000 0000 0341 attaches but every charge is declined).
 * The number itself is never stored.
 */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  customerId: text('customer_id'),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** null: charges succeed; otherwise the decline code every charge answers. */
  chargeDecline: text('charge_decline'),
  /** Off-session charges need the customer again (3-D Secure cards not set up for reuse). */
  requiresAuthentication: boolean('requires_authentication').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** The sandbox's SetupIntents, with Stripe's statuses and idempotency keys. */
export const sandboxSetupIntents = pgTable('sandbox_setup_intents', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').unique(),
  requestHash: text('request_hash').notNull(),
  customerId: text('customer_id').notNull(),
  status: text('status', { enum: ['requires_action', 'succeeded', 'requires_payment_method', 'canceled'] }).notNull(),
  declineCode: text('decline_code'),
  paymentMethodId: text('payment_method_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
