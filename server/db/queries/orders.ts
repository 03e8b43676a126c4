import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Attribution } from '@domain/account';
import { orderExpiryHours, type ClaimResult, type OrderCreated, type OrderFlow } from '@domain/checkout';
import type { Language } from '@domain/constants';
import type { BillingCycle, PlanId, Quote } from '@domain/plans';
import type { Db } from '../client';
import { orders } from '../schema/orders';
import { users } from '../schema/users';
import { createCompanyFromOrder } from './companies';
import { applyCompanyPayment } from './company-payments';
import { findLivePayment, settlePayment } from './payments';

export type OrderRow = typeof orders.$inferSelect;

/** 256 random bits: the guest's proof that an order is theirs, and the receipt's claim link. */
export function generateCheckoutToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A random token has enough entropy that a plain SHA-256 is a safe stored form. */
export function hashCheckoutToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Whether `token` is the secret whose hash is stored, compared in constant time. */
function tokenMatches(storedHash: string, token: string): boolean {
  const expected = Buffer.from(storedHash);
  const given = Buffer.from(hashCheckoutToken(token));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function checkoutTokenMatches(order: Pick<OrderRow, 'checkoutTokenHash'>, token: string | undefined | null): boolean {
  return !!token && tokenMatches(order.checkoutTokenHash, token);
}

// ---------------------------------------------------------------------------------------
// Orders

export interface NewOrder {
  /** Omitted for a wizard's order ('plan'). */
  paymentType?: OrderRow['paymentType'];
  /** The existing company an order pays for (renewal, dissolution, services). */
  companyId?: string;
  flow: OrderFlow;
  plan: PlanId;
  billing: BillingCycle;
  services: string[];
  wizard: Record<string, unknown>;
  email: string;
  language: Language;
  couponCode: string | null;
  quote: Quote;
  /** The signed-in account that placed the order: its owner from the start. */
  userId: string | null;
  companyDraftId: string | null;
  attribution: Attribution | null;
  now: Date;
}

/**
 * Stores a priced order with a fresh checkout token and its expiry, and answers what the
 * client keeps (the token is shown this once: only its hash is stored).
 */
export async function placeOrder(db: Db, order: NewOrder): Promise<OrderCreated> {
  const { now, ...values } = order;
  const checkoutToken = generateCheckoutToken();
  const [row] = await db
    .insert(orders)
    .values({
      ...values,
      checkoutTokenHash: hashCheckoutToken(checkoutToken),
      expiresAt: new Date(now.getTime() + orderExpiryHours * 60 * 60 * 1000),
      total: order.quote.total,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return {
    orderId: row!.id,
    orderNumber: row!.orderNumber,
    amount: row!.total,
    currency: 'usd',
    checkoutToken,
    expiresAt: row!.expiresAt.toISOString(),
    quote: row!.quote,
  };
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
  // SPEC §4: the expired payment flags its owner, who sees the payment-expired popup. Only an
  // account that owns the order (placed it signed in, or proved its email) is blocked: a guest
  // order's email is unproven, and anyone may type anyone's address (decision 017).
  if (expired?.userId && paymentExpired)
    await db
      .update(users)
      .set({ paymentExpiredAt: now, updatedAt: now })
      .where(and(eq(users.id, expired.userId), isNull(users.paymentExpiredAt)));
  return expired ?? order;
}

/** How long the receipt's claim link works: long enough for a customer who reads mail late. */
export const claimLinkDays = 30;

export interface PaidOutcome {
  companyId: string | null;
  /** The receipt's single-use claim link secret, when the order is still nobody's. */
  claimToken: string | null;
}

/**
 * Marks the order paid (an expired one too: a charge that went through is honoured). An order
 * that has an owner gets its company now; a guest order goes to the account that proved its
 * email, if there is one, or else gets a claim link for the receipt.
 */
export async function markOrderPaid(db: Db, order: OrderRow, now: Date): Promise<PaidOutcome> {
  const [paid] = await db
    .update(orders)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(and(eq(orders.id, order.id), inArray(orders.status, ['pending', 'expired'])))
    .returning();
  const current = paid ?? order;
  // A payment that went through settles the expired-payment flag (SPEC §4), and only that: a
  // block staff put on the account stays until staff lift it.
  if (paid) {
    const owners = paid.userId ? or(eq(users.id, paid.userId), eq(users.email, paid.email)) : eq(users.email, paid.email);
    await db
      .update(users)
      .set({ paymentExpiredAt: null, updatedAt: now })
      .where(and(owners, isNotNull(users.paymentExpiredAt)));
  }
  // An order for an existing company (renewal, dissolution, services) takes effect with the payment.
  if (paid && paid.paymentType !== 'plan') await applyCompanyPayment(db, paid, now);
  if (current.companyId) return { companyId: current.companyId, claimToken: null };
  const ownerId = current.userId ?? (await verifiedUserWithEmail(db, current.email));
  if (ownerId) {
    const outcome = await attachOrder(db, current, ownerId, now);
    return { companyId: outcome.ok ? outcome.result.companyId : null, claimToken: null };
  }
  const claimToken = generateCheckoutToken();
  await db
    .update(orders)
    .set({ claimTokenHash: hashCheckoutToken(claimToken), claimTokenExpiresAt: new Date(now.getTime() + claimLinkDays * 24 * 60 * 60 * 1000), updatedAt: now })
    .where(eq(orders.id, current.id));
  return { companyId: null, claimToken };
}

async function verifiedUserWithEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.emailVerifiedAt)));
  return row?.id ?? null;
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
    // An owned order needs no claim link any more: the receipt's stops working.
    await db.update(orders).set({ userId, claimTokenHash: null, claimTokenExpiresAt: null, updatedAt: now }).where(eq(orders.id, order.id));
    // Attribution belongs to the account's first touch: the order's is kept only if the account has none.
    if (order.attribution) {
      await db
        .update(users)
        .set({ attribution: order.attribution, updatedAt: now })
        .where(and(eq(users.id, userId), isNull(users.attribution)));
    }
  }
  if (order.status === 'paid' && !companyId) companyId = await attachCompany(db, order, userId, now);
  return { ok: true, result: { orderId: order.id, status: order.status, companyId } };
}

export type LinkClaimOutcome = { ok: true; result: ClaimResult } | { ok: false; reason: 'not_found' | 'invalid_claim_link' };

/**
 * The receipt's claim link: `claimToken` (compared in constant time with the stored hash,
 * unexpired, unused) proves its holder reads the order's email, so the paid order goes to the
 * signed-in `userId`. The link works once (an owned order has none); the owner opening it
 * again hears the same answer.
 */
export async function claimOrderWithLink(db: Db, input: { orderId: string; claimToken: string; userId: string; now: Date }): Promise<LinkClaimOutcome> {
  return db.transaction(async (tx): Promise<LinkClaimOutcome> => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) return { ok: false, reason: 'not_found' };
    if (order.userId === input.userId) return { ok: true, result: { orderId: order.id, status: order.status, companyId: order.companyId } };
    const valid =
      order.status === 'paid' &&
      order.claimTokenHash !== null &&
      order.claimTokenExpiresAt !== null &&
      order.claimTokenExpiresAt.getTime() > input.now.getTime() &&
      tokenMatches(order.claimTokenHash, input.claimToken);
    // A valid link implies nobody owns the order yet: attaching clears it.
    if (!valid) return { ok: false, reason: 'invalid_claim_link' };
    return attachOrder(tx, order, input.userId, input.now) as Promise<LinkClaimOutcome>;
  });
}

/**
 * An account that proved its email gets every paid order placed with it that nobody owns yet
 * (SPEC §4: the company follows the email to any device). Call only for a verified email.
 */
export async function claimOrdersOfVerifiedEmail(db: Db, input: { userId: string; email: string; now: Date }): Promise<ClaimResult[]> {
  const candidates = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.email, input.email), eq(orders.status, 'paid'), isNull(orders.userId)));
  const claimed: ClaimResult[] = [];
  for (const candidate of candidates) {
    const outcome = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, candidate.id);
      return order && !order.userId ? attachOrder(tx, order, input.userId, input.now) : null;
    });
    if (outcome?.ok) claimed.push(outcome.result);
  }
  return claimed;
}
