import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { payments, type PaymentStatus, type StoredResponse } from '../schema/payments';
import { releaseCouponRedemption } from './coupons';

/** The payment attempts of an order's checkout: one per Idempotency-Key, at most one live per order. */

export type PaymentRow = typeof payments.$inferSelect;

export async function findPaymentByKey(db: Db, orderId: string, idempotencyKey: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

export async function findPayment(db: Db, orderId: string, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.id, paymentId)));
  return row ?? null;
}

/** The order's one live attempt: processing, waiting for 3-D Secure, or succeeded. */
export async function findLivePayment(db: Db, orderId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['processing', 'requires_action', 'succeeded'])));
  return row ?? null;
}

/** Declined or failed attempts of an order: card testing shows up as many of them. */
export async function countFailedPayments(db: Db, orderId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'failed')));
  return row?.count ?? 0;
}

export interface NewPayment {
  orderId: string;
  idempotencyKey: string;
  requestHash: string;
  provider: 'sandbox' | 'stripe';
  amount: number;
  couponCode: string | null;
  now: Date;
}

/** Starts an attempt as `processing`; null when the key is taken or another attempt is live (the unique indexes decide). */
export async function insertPayment(db: Db, payment: NewPayment): Promise<PaymentRow | null> {
  const { now, ...values } = payment;
  const [row] = await db
    .insert(payments)
    .values({ ...values, status: 'processing', createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * Takes over an attempt left `processing` without an answer since before `staleBefore` (its
 * request died, or the provider did not answer). Only one caller gets it; it then asks the
 * provider again with the same idempotency key, which cannot charge twice.
 */
export async function takeStalePayment(db: Db, paymentId: string, staleBefore: Date, now: Date): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({ updatedAt: now })
    .where(
      and(eq(payments.id, paymentId), eq(payments.status, 'processing'), isNull(payments.response), sql`${payments.updatedAt} <= ${staleBefore.toISOString()}`),
    )
    .returning();
  return row ?? null;
}

/** Lets the next retry take the attempt over at once: the provider call failed without an answer. */
export async function releasePayment(db: Db, paymentId: string): Promise<void> {
  await db
    .update(payments)
    .set({ updatedAt: new Date(0) })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'processing')));
}

export interface PaymentSettlement {
  status: PaymentStatus;
  providerPaymentId?: string | null;
  declineCode?: string | null;
  cardBrand?: string | null;
  cardLast4?: string | null;
  clientSecret?: string | null;
  response?: StoredResponse | null;
}

/**
 * Moves an attempt from one of `from` to its next state, once: concurrent settlers of the
 * same attempt (a double confirm) find it already moved and get null. A failed or canceled
 * attempt gives its coupon redemption back.
 */
export async function settlePayment(db: Db, payment: PaymentRow, from: PaymentStatus[], settlement: PaymentSettlement, now: Date): Promise<PaymentRow | null> {
  const releases = (settlement.status === 'failed' || settlement.status === 'canceled') && payment.couponCode !== null;
  const [row] = await db
    .update(payments)
    .set({ ...settlement, ...(releases ? { couponCode: null } : {}), updatedAt: now })
    .where(and(eq(payments.id, payment.id), inArray(payments.status, from)))
    .returning();
  if (row && releases) await releaseCouponRedemption(db, payment.couponCode!);
  return row ?? null;
}

/** Replaces the stored answer, so a retry with the attempt's key learns how it ended (e.g. after 3-D Secure). */
export async function storePaymentResponse(db: Db, paymentId: string, response: StoredResponse, now: Date): Promise<void> {
  await db.update(payments).set({ response, updatedAt: now }).where(eq(payments.id, paymentId));
}
