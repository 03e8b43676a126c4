import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { addPeriod, type InvoiceLine } from '@domain/billing';
import type { Db } from '../client';
import { subscriptionCharges, subscriptions } from '../schema/billing';
import { companies } from '../schema/companies';
import { users } from '../schema/users';
import { insertInvoice, planPrice, type SubscriptionRow } from './billing';

/** Recurring charges: each period's charge claimed once, settled once (decision 025). */

/** Subscriptions whose period has ended, by id after `after`: active ones to renew, past-due ones to try again. */
export async function dueSubscriptionsPage(db: Db, now: Date, after: string | null, limit: number) {
  return db
    .select({ subscription: subscriptions, companyType: companies.type, companyName: companies.nameOption1 })
    .from(subscriptions)
    .innerJoin(companies, eq(companies.id, subscriptions.companyId))
    .where(
      and(inArray(subscriptions.status, ['active', 'past_due']), lte(subscriptions.currentPeriodEnd, now), after ? gt(subscriptions.id, after) : undefined),
    )
    .orderBy(asc(subscriptions.id))
    .limit(limit);
}

/** Ends a subscription cancelled at its period's end. */
export async function endSubscription(db: Db, row: SubscriptionRow, now: Date): Promise<boolean> {
  const ended = await db
    .update(subscriptions)
    .set({ status: 'canceled', updatedAt: now })
    .where(and(eq(subscriptions.id, row.id), eq(subscriptions.currentPeriodEnd, row.currentPeriodEnd), ne(subscriptions.status, 'canceled')))
    .returning({ id: subscriptions.id });
  return ended.length > 0;
}

/**
 * Claims the charge of the period starting at `periodStart` (decision 025's claim): the first
 * instance inserts it; a claim older than `staleBefore` that never settled is taken over; a
 * failed charge settled before `retryBefore` is claimed again as the next attempt. Returns the
 * attempt number, or null when another instance has it or it is settled.
 */
export async function claimSubscriptionCharge(
  db: Db,
  charge: { subscriptionId: string; periodStart: Date; amount: number },
  now: Date,
  staleBefore: Date,
  retryBefore: Date,
): Promise<number | null> {
  const [claimed] = await db
    .insert(subscriptionCharges)
    .values({ ...charge, status: 'claimed', claimedAt: now })
    .onConflictDoUpdate({
      target: [subscriptionCharges.subscriptionId, subscriptionCharges.periodStart],
      set: {
        status: 'claimed',
        claimedAt: now,
        amount: charge.amount,
        attempt: sql`case when ${subscriptionCharges.status} = 'failed' then ${subscriptionCharges.attempt} + 1 else ${subscriptionCharges.attempt} end`,
      },
      setWhere: or(
        and(eq(subscriptionCharges.status, 'claimed'), lte(subscriptionCharges.claimedAt, staleBefore)),
        and(eq(subscriptionCharges.status, 'failed'), lte(subscriptionCharges.settledAt, retryBefore)),
      ),
    })
    .returning({ attempt: subscriptionCharges.attempt });
  return claimed?.attempt ?? null;
}

type ChargeKey = { subscriptionId: string; periodStart: Date };

/** The charge of one subscription's period. */
const chargeOfPeriod = (key: ChargeKey) =>
  and(eq(subscriptionCharges.subscriptionId, key.subscriptionId), eq(subscriptionCharges.periodStart, key.periodStart));

/** Settles a charge still in flight (claimed or processing), once; the settled row, or undefined if someone settled it first. */
async function settleCharge(db: Db, key: ChargeKey, settled: Partial<typeof subscriptionCharges.$inferInsert>) {
  const [charge] = await db
    .update(subscriptionCharges)
    .set(settled)
    .where(and(chargeOfPeriod(key), inArray(subscriptionCharges.status, ['claimed', 'processing'])))
    .returning();
  return charge;
}

export async function markChargeProcessing(db: Db, key: ChargeKey, providerPaymentId: string): Promise<void> {
  await db
    .update(subscriptionCharges)
    .set({ status: 'processing', providerPaymentId })
    .where(and(chargeOfPeriod(key), eq(subscriptionCharges.status, 'claimed')));
}

export async function findChargeByPayment(db: Db, providerPaymentId: string) {
  const [row] = await db.select().from(subscriptionCharges).where(eq(subscriptionCharges.providerPaymentId, providerPaymentId));
  return row ?? null;
}

/**
 * A period's charge went through: the charge is settled once, the subscription moves to the
 * next period (only from the period charged), the invoice is issued, and an owner blocked by
 * an expired payment is unblocked (as a paid order does, decision 006).
 */
export async function settleChargeSucceeded(
  db: Db,
  key: ChargeKey,
  paid: { providerPaymentId: string | null; card: { brand: string; last4: string } | null },
  now: Date,
): Promise<boolean> {
  const charge = await settleCharge(db, key, { status: 'succeeded', providerPaymentId: paid.providerPaymentId, settledAt: now });
  if (!charge) return false;
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.id, key.subscriptionId)).for('update');
  if (!subscription || subscription.currentPeriodEnd.getTime() !== key.periodStart.getTime()) return true;
  const [company] = await db.select({ type: companies.type }).from(companies).where(eq(companies.id, subscription.companyId));
  const price = planPrice(company!.type, subscription.plan, subscription.billing);
  const creditUsed = Math.min(subscription.credit, price);
  const periodEnd = addPeriod(key.periodStart, subscription.billing);
  await db
    .update(subscriptions)
    .set({ status: 'active', currentPeriodStart: key.periodStart, currentPeriodEnd: periodEnd, credit: subscription.credit - creditUsed, updatedAt: now })
    .where(eq(subscriptions.id, subscription.id));
  const lines: InvoiceLine[] = [{ kind: 'subscription', id: subscription.plan, amount: price }];
  if (creditUsed > 0) lines.push({ kind: 'credit', id: 'balance', amount: -creditUsed });
  await insertInvoice(db, {
    sourceKey: `charge:${subscription.id}:${key.periodStart.toISOString()}`,
    userId: subscription.userId,
    companyId: subscription.companyId,
    lines,
    total: charge.amount,
    cardBrand: paid.card?.brand ?? null,
    cardLast4: paid.card?.last4 ?? null,
    periodStart: key.periodStart,
    periodEnd,
    issuedAt: now,
  });
  await db
    .update(users)
    .set({ paymentExpiredAt: null, updatedAt: now })
    .where(and(eq(users.id, subscription.userId), isNotNull(users.paymentExpiredAt)));
  return true;
}

/**
 * A period's charge failed (declined, no card, authentication needed): SPEC §4's expired-payment
 * rule. The subscription is past due and the owner is blocked, so the next login shows the
 * payment-expired popup; the job tries the charge again a day later.
 */
export async function settleChargeFailed(db: Db, key: ChargeKey, declineCode: string, providerPaymentId: string | null, now: Date): Promise<boolean> {
  const charge = await settleCharge(db, key, { status: 'failed', declineCode, providerPaymentId, settledAt: now });
  if (!charge) return false;
  const [subscription] = await db
    .update(subscriptions)
    .set({ status: 'past_due', updatedAt: now })
    .where(and(eq(subscriptions.id, key.subscriptionId), eq(subscriptions.currentPeriodEnd, key.periodStart), ne(subscriptions.status, 'canceled')))
    .returning();
  if (subscription)
    await db
      .update(users)
      .set({ paymentExpiredAt: now, updatedAt: now })
      .where(and(eq(users.id, subscription.userId), isNull(users.paymentExpiredAt)));
  return true;
}
