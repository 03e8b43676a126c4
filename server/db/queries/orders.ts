import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Attribution } from '@domain/account';
import type { ClaimResult, OrderFlow } from '@domain/checkout';
import type { Language } from '@domain/constants';
import type { BillingCycle, CouponEffect, PlanId, Quote } from '@domain/plans';
import type { Db } from '../client';
import { coupons, orders } from '../schema/orders';
import { payments, type PaymentStatus, type StoredResponse } from '../schema/payments';
import { users } from '../schema/users';
import { createCompanyFromOrder } from './companies';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

/** 256 random bits: the guest's proof that an order is theirs. */
export function generateCheckoutToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A random token has enough entropy that a plain SHA-256 is a safe stored form. */
export function hashCheckoutToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function checkoutTokenMatches(order: Pick<OrderRow, 'checkoutTokenHash'>, token: string | undefined | null): boolean {
  if (!token) return false;
  const expected = Buffer.from(order.checkoutTokenHash);
  const given = Buffer.from(hashCheckoutToken(token));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

// ---------------------------------------------------------------------------------------
// Coupons

export async function findCoupon(db: Db, code: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code.toUpperCase()));
  return row ?? null;
}

/** Usable now: active, not expired, redemptions left. Redemptions are counted again, atomically, at payment. */
export function couponUsable(coupon: CouponRow, now: Date): boolean {
  if (!coupon.active) return false;
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) return false;
  return coupon.maxRedemptions === null || coupon.redemptionCount < coupon.maxRedemptions;
}

export function couponEffect(coupon: Pick<CouponRow, 'percentOff' | 'amountOff'>): CouponEffect {
  return coupon.percentOff !== null ? { percentOff: coupon.percentOff, amountOff: null } : { percentOff: null, amountOff: coupon.amountOff! };
}

export interface NewCoupon {
  code: string;
  percentOff?: number | null;
  amountOff?: number | null;
  expiresAt?: Date | null;
  maxRedemptions?: number | null;
}

/** Adds coupons that do not exist yet; an existing code is left as it is (its count and edits are kept). */
export async function insertCoupons(db: Db, list: NewCoupon[]): Promise<void> {
  if (list.length === 0) return;
  await db
    .insert(coupons)
    .values(
      list.map((coupon) => ({
        code: coupon.code.toUpperCase(),
        percentOff: coupon.percentOff ?? null,
        amountOff: coupon.amountOff ?? null,
        expiresAt: coupon.expiresAt ?? null,
        maxRedemptions: coupon.maxRedemptions ?? null,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Counts one redemption if the coupon is still usable, in one conditional UPDATE: two
 * payments racing for the last redemption cannot both get it. False when none is left,
 * the coupon expired or was switched off.
 */
export async function reserveCouponRedemption(db: Db, code: string, now: Date): Promise<boolean> {
  const reserved = await db
    .update(coupons)
    .set({ redemptionCount: sql`${coupons.redemptionCount} + 1` })
    .where(
      and(
        eq(coupons.code, code),
        eq(coupons.active, true),
        sql`(${coupons.expiresAt} is null or ${coupons.expiresAt} > ${now.toISOString()})`,
        sql`(${coupons.maxRedemptions} is null or ${coupons.redemptionCount} < ${coupons.maxRedemptions})`,
      ),
    )
    .returning({ code: coupons.code });
  return reserved.length === 1;
}

/**
 * Counts a redemption whatever the limits: a payment the provider reports as succeeded after
 * its reservation was released (a 3-D Secure challenge completed after the order expired).
 * The money is taken, so the discount was given; the maximum yields to the fact.
 */
export async function forceCouponRedemption(db: Db, code: string): Promise<void> {
  await db
    .update(coupons)
    .set({ redemptionCount: sql`${coupons.redemptionCount} + 1` })
    .where(eq(coupons.code, code));
}

export async function releaseCouponRedemption(db: Db, code: string): Promise<void> {
  await db
    .update(coupons)
    .set({ redemptionCount: sql`greatest(${coupons.redemptionCount} - 1, 0)` })
    .where(eq(coupons.code, code));
}

// ---------------------------------------------------------------------------------------
// Orders

export interface NewOrder {
  flow: OrderFlow;
  plan: PlanId;
  billing: BillingCycle;
  services: string[];
  wizard: Record<string, unknown>;
  email: string;
  language: Language;
  couponCode: string | null;
  quote: Quote;
  checkoutTokenHash: string;
  companyDraftId: string | null;
  attribution: Attribution | null;
  now: Date;
  expiresAt: Date;
}

export async function insertOrder(db: Db, order: NewOrder): Promise<OrderRow> {
  const { now, ...values } = order;
  const [row] = await db
    .insert(orders)
    .values({ ...values, total: order.quote.total, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

/** The order, locked until the transaction ends: pay, coupon, claim and expiry take their turn on it. */
export async function lockOrder(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

export async function setOrderCoupon(db: Db, orderId: string, couponCode: string | null, quote: Quote, now: Date): Promise<OrderRow> {
  const [row] = await db
    .update(orders)
    .set({ couponCode, quote, total: quote.total, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning();
  return row!;
}

/**
 * An unpaid order past `expiresAt` becomes expired (call with the order locked). A payment
 * still in flight at the provider keeps it open until it settles; a 3-D Secure challenge
 * left waiting is canceled and its coupon redemption released.
 */
export async function expireIfDue(db: Db, order: OrderRow, now: Date): Promise<OrderRow> {
  if (order.status !== 'pending' || order.expiresAt.getTime() > now.getTime()) return order;
  const live = await findLivePayment(db, order.id);
  if (live?.status === 'processing' || live?.status === 'succeeded') return order;
  const paymentExpired = live?.status === 'requires_action';
  if (paymentExpired) await settlePayment(db, live, ['requires_action'], { status: 'canceled' }, now);
  const [expired] = await db
    .update(orders)
    .set({ status: 'expired', updatedAt: now, ...(paymentExpired && { paymentExpiredAt: now }) })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
    .returning();
  // SPEC §4: the expired payment flags the owner's email; an account with it is blocked and sees the payment-expired popup.
  if (expired && paymentExpired) await db.update(users).set({ status: 'blocked', updatedAt: now }).where(and(eq(users.email, expired.email), eq(users.status, 'active')));
  return expired ?? order;
}

/**
 * Whether `email` carries the flag of an expired payment (SPEC §4) that no later paid order
 * has settled: registration refuses such an email as blocked, like login does.
 */
export async function hasUnsettledExpiredPayment(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ expiredAt: sql<Date | string | null>`max(${orders.paymentExpiredAt})`, paidAt: sql<Date | string | null>`max(${orders.paidAt})` })
    .from(orders)
    .where(eq(orders.email, email));
  if (!row?.expiredAt) return false;
  return !row.paidAt || new Date(row.paidAt).getTime() < new Date(row.expiredAt).getTime();
}

/**
 * Marks the order paid (an expired one too: a charge that went through is honoured) and,
 * when an account already claimed it, creates its company. Returns the company id, if any.
 */
export async function markOrderPaid(db: Db, order: OrderRow, now: Date): Promise<string | null> {
  const [paid] = await db
    .update(orders)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(and(eq(orders.id, order.id), inArray(orders.status, ['pending', 'expired'])))
    .returning();
  const current = paid ?? order;
  // A payment that went through settles the email's expired-payment flag (SPEC §4): its account is unblocked.
  if (paid) await db.update(users).set({ status: 'active', updatedAt: now }).where(and(eq(users.email, paid.email), eq(users.status, 'blocked')));
  if (!current.userId || current.companyId) return current.companyId;
  return attachCompany(db, current, current.userId, now);
}

async function attachCompany(db: Db, order: OrderRow, userId: string, now: Date): Promise<string> {
  const companyId = await createCompanyFromOrder(db, order, userId, now);
  await db.update(orders).set({ companyId, updatedAt: now }).where(eq(orders.id, order.id));
  return companyId;
}

export async function userExistsWithEmail(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------
// Claiming: the paid order of a guest becomes the account's company

export type ClaimOutcome = { ok: true; result: ClaimResult } | { ok: false; reason: 'not_found' | 'claimed_by_another_account' };

/** Attaches a locked order to `userId`: the owner from now on; its company is created once it is paid. */
async function attachOrder(db: Db, order: OrderRow, userId: string, now: Date): Promise<ClaimOutcome> {
  if (order.userId && order.userId !== userId) return { ok: false, reason: 'claimed_by_another_account' };
  let companyId = order.companyId;
  if (!order.userId) {
    await db.update(orders).set({ userId, updatedAt: now }).where(eq(orders.id, order.id));
    // Attribution belongs to the account's first touch: the order's is kept only if the account has none.
    if (order.attribution) {
      await db.update(users).set({ attribution: order.attribution, updatedAt: now }).where(and(eq(users.id, userId), isNull(users.attribution)));
    }
  }
  if (order.status === 'paid' && !companyId) companyId = await attachCompany(db, order, userId, now);
  return { ok: true, result: { orderId: order.id, status: order.status, companyId } };
}

/**
 * Gives the order to the account `userId` if `checkoutToken` is the order's: registration,
 * login and POST /orders/:id/claim call it. Once paid, the company exists for the account
 * (status Start, owner `userId`, partners). Claiming again with the same account is a
 * no-op; an order another account claimed stays theirs.
 */
export async function claimOrder(
  db: Db,
  input: { orderId: string; checkoutToken: string; userId: string; now?: Date },
): Promise<ClaimOutcome> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order || !checkoutTokenMatches(order, input.checkoutToken)) return { ok: false, reason: 'not_found' } as const;
    return attachOrder(tx, order, input.userId, now);
  });
}

/**
 * Registration with `companyDraftId`: the unclaimed orders placed from that wizard draft go
 * to the new account. Only orders placed with the account's own email qualify, because a
 * draft id is not a secret the way a checkout token is.
 */
export async function claimOrdersOfDraft(
  db: Db,
  input: { companyDraftId: string; userId: string; email: string; now?: Date },
): Promise<ClaimResult[]> {
  const now = input.now ?? new Date();
  const candidates = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.companyDraftId, input.companyDraftId), eq(orders.email, input.email), isNull(orders.userId)));
  const claimed: ClaimResult[] = [];
  for (const candidate of candidates) {
    const outcome = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, candidate.id);
      if (!order || order.userId) return null;
      return attachOrder(tx, order, input.userId, now);
    });
    if (outcome?.ok) claimed.push(outcome.result);
  }
  return claimed;
}

/**
 * Registration and login: the order handed in with its checkout token, and (registration)
 * the orders of the wizard draft, become the account's. A claim that does not apply (wrong
 * token, another account's order) changes nothing and does not fail the sign-in: the
 * client can still call POST /orders/:id/claim to hear why.
 */
export async function claimOrdersAtSignIn(
  db: Db,
  input: { userId: string; email: string; order?: { orderId: string; checkoutToken: string } | undefined; companyDraftId?: string | undefined; now: Date },
): Promise<ClaimResult[]> {
  const claimed: ClaimResult[] = [];
  if (input.order) {
    const outcome = await claimOrder(db, { ...input.order, userId: input.userId, now: input.now });
    if (outcome.ok) claimed.push(outcome.result);
  }
  if (input.companyDraftId) {
    const byDraft = await claimOrdersOfDraft(db, { companyDraftId: input.companyDraftId, userId: input.userId, email: input.email, now: input.now });
    claimed.push(...byDraft.filter((result) => !claimed.some((known) => known.orderId === result.orderId)));
  }
  return claimed;
}

// ---------------------------------------------------------------------------------------
// Payments

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
      and(
        eq(payments.id, paymentId),
        eq(payments.status, 'processing'),
        isNull(payments.response),
        sql`${payments.updatedAt} <= ${staleBefore.toISOString()}`,
      ),
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
export async function settlePayment(
  db: Db,
  payment: PaymentRow,
  from: PaymentStatus[],
  settlement: PaymentSettlement,
  now: Date,
): Promise<PaymentRow | null> {
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
