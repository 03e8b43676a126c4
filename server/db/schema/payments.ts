import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';

export const paymentStatuses = ['processing', 'requires_action', 'succeeded', 'failed', 'canceled'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** The answer a pay call gave, replayed verbatim to a retry with the same Idempotency-Key. */
export interface StoredResponse {
  status: number;
  body: unknown;
}

/**
 * One row per payment attempt of an order, keyed by the client's Idempotency-Key. Two
 * database rules make double charges impossible: (order, key) is unique, so a retried or
 * double-clicked request finds the first attempt instead of starting a second; and at most
 * one attempt per order is live (processing, waiting for 3-D Secure, or succeeded), so two
 * tabs with two keys cannot both charge.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** HMAC of the request body: the same key with a different body is refused, as Stripe does. */
    requestHash: text('request_hash').notNull(),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerPaymentId: text('provider_payment_id'),
    status: text('status', { enum: paymentStatuses }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** The coupon whose redemption this attempt reserved; released when the attempt fails. */
    couponCode: text('coupon_code'),
    declineCode: text('decline_code'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Stripe's PaymentIntent client secret while 3-D Secure is pending (the browser needs it for handleNextAction). */
    clientSecret: text('client_secret'),
    response: jsonb('response').$type<StoredResponse>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('payments_order_idempotency_key').on(table.orderId, table.idempotencyKey),
    uniqueIndex('payments_one_live_per_order')
      .on(table.orderId)
      .where(sql`${table.status} in ('processing', 'requires_action', 'succeeded')`),
    index('payments_provider_payment_idx').on(table.providerPaymentId),
  ],
);

/**
 * The local payment sandbox's own ledger (the embedded stand-in for Stripe): its payment
 * intents and their idempotency keys. Kept in the database, not in memory, so a 3-D Secure
 * challenge survives a restart and several Alta instances share one sandbox.
 */
export const sandboxPaymentIntents = pgTable('sandbox_payment_intents', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').unique(),
  requestHash: text('request_hash').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: ['requires_action', 'succeeded', 'requires_payment_method', 'canceled'] }).notNull(),
  declineCode: text('decline_code'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
