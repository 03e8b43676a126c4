import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { addPeriod, type InvoiceLine, type Subscription } from '@domain/billing';
import type { BillingCycle } from '@domain/plans';
import { planCatalog } from '../../catalog/plans';
import type { Db } from '../client';
import { billingCustomers, cardSetups, invoices, paymentCards, subscriptionChanges, subscriptionCharges, subscriptions } from '../schema/billing';
import { companies } from '../schema/companies';
import { users } from '../schema/users';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CardRow = typeof paymentCards.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
type PlanId = SubscriptionRow['plan'];

const companyTypeOf = (type: string) => (type === 'Cross Border Crypto' ? ('CRYPTO_COMPANY' as const) : ('USA_COMPANY' as const));

/** One period of `plan` at `billing` for a company of `type`, from the server catalog. */
export function planPrice(type: string, plan: PlanId, billing: BillingCycle): number {
  const entry = planCatalog.plans.find((candidate) => candidate.id === plan && candidate.companyType === companyTypeOf(type));
  if (!entry) throw new Error(`No ${plan} plan for ${type}`);
  return billing === 'annual' ? entry.annual : entry.monthly;
}

/**
 * Gives every company with a paid plan order its subscription: the order's plan line paid the
 * first period, from the payment on. One statement, idempotent (the company is unique), so the
 * page, the job and concurrent instances may all run it.
 */
export async function ensureSubscriptions(db: Db, now: Date, userId?: string): Promise<void> {
  await db.execute(sql`
    insert into subscriptions (company_id, user_id, plan, billing, current_period_start, current_period_end, created_at, updated_at)
    select distinct on (c.id) c.id, c.owner_id, o.plan, o.billing, o.paid_at,
      o.paid_at + (case when o.billing = 'annual' then interval '1 year' else interval '1 month' end), ${now}, ${now}
    from companies c
    join orders o on o.company_id = c.id and o.payment_type = 'plan' and o.status = 'paid' and o.paid_at is not null
    where c.status <> 'Canceled' and not exists (select 1 from subscriptions s where s.company_id = c.id)
      ${userId ? sql`and c.owner_id = ${userId}` : sql``}
    order by c.id, o.paid_at
    on conflict (company_id) do nothing`);
}

/** Every paid order of the account becomes an invoice once, with its quote's lines and the card that paid it. */
export async function ensureOrderInvoices(db: Db, userId: string): Promise<void> {
  await db.execute(sql`
    insert into invoices (source_key, user_id, company_id, order_id, lines, total, card_brand, card_last4, issued_at)
    select 'order:' || o.id, ${userId}, o.company_id, o.id,
      case when (o.quote->>'discount')::int > 0
        then o.quote->'lines' || jsonb_build_array(jsonb_build_object('kind', 'credit', 'id', coalesce(o.coupon_code, 'coupon'), 'amount', -(o.quote->>'discount')::int))
        else o.quote->'lines' end,
      o.total, p.card_brand, p.card_last4, o.paid_at
    from orders o
    left join payments p on p.order_id = o.id and p.status = 'succeeded'
    where o.user_id = ${userId} and o.status = 'paid' and o.paid_at is not null
    on conflict (source_key) do nothing`);
}

/** The answer shape of a subscription, with its price and next charge. */
export function toSubscription(row: SubscriptionRow, company: { name: string; type: string }): Subscription {
  const price = planPrice(company.type, row.plan, row.billing);
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: company.name,
    companyType: companyTypeOf(company.type),
    plan: row.plan,
    billing: row.billing,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    price,
    credit: row.credit,
    nextCharge: row.status === 'canceled' || row.cancelAtPeriodEnd ? null : { at: row.currentPeriodEnd.toISOString(), amount: Math.max(price - row.credit, 0) },
  };
}

const subscriptionColumns = { subscription: subscriptions, companyName: companies.nameOption1, companyType: companies.type };

/** The subscriptions the account pays (its owned companies'), by company name. */
export async function listSubscriptionsOf(db: Db, userId: string): Promise<Subscription[]> {
  const rows = await db
    .select(subscriptionColumns)
    .from(subscriptions)
    .innerJoin(companies, eq(companies.id, subscriptions.companyId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(companies.nameOption1), asc(subscriptions.id));
  return rows.map((row) => toSubscription(row.subscription, { name: row.companyName, type: row.companyType }));
}

/** A subscription the account pays, or null (another's is as unknown as a missing one). */
export async function findSubscriptionOf(db: Db, userId: string, id: string) {
  const [row] = await db
    .select(subscriptionColumns)
    .from(subscriptions)
    .innerJoin(companies, eq(companies.id, subscriptions.companyId))
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  return row ?? null;
}

export async function setCancelAtPeriodEnd(db: Db, userId: string, id: string, cancel: boolean, now: Date): Promise<SubscriptionRow | null> {
  const [row] = await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: cancel, updatedAt: now })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId), ne(subscriptions.status, 'canceled')))
    .returning();
  return row ?? null;
}

/**
 * Applies a plan change if the subscription is still the version the proration was computed on
 * (`version` = its updatedAt): two changes at once cannot both apply to the same period. The
 * company's plan follows (renewal prices and the dashboard read it).
 */
export async function applyPlanChange(
  db: Db,
  change: { id: string; version: Date; plan: PlanId; billing: BillingCycle; periodStart: Date; periodEnd: Date; credit: number },
  now: Date,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .update(subscriptions)
    .set({ plan: change.plan, billing: change.billing, currentPeriodStart: change.periodStart, currentPeriodEnd: change.periodEnd, credit: change.credit, updatedAt: now })
    .where(and(eq(subscriptions.id, change.id), eq(subscriptions.updatedAt, change.version), eq(subscriptions.status, 'active')))
    .returning();
  if (row) await db.update(companies).set({ plan: change.plan, billing: change.billing, updatedAt: now }).where(eq(companies.id, row.companyId));
  return row ?? null;
}

/** Money taken that no change used (a lost race after the charge): kept as credit, never lost. */
export async function addCredit(db: Db, id: string, amount: number, now: Date): Promise<void> {
  await db
    .update(subscriptions)
    .set({ credit: sql`${subscriptions.credit} + ${amount}`, updatedAt: now })
    .where(eq(subscriptions.id, id));
}

export type SubscriptionChangeRow = typeof subscriptionChanges.$inferSelect;

export async function findSubscriptionChange(db: Db, subscriptionId: string, idempotencyKey: string): Promise<SubscriptionChangeRow | null> {
  const [row] = await db
    .select()
    .from(subscriptionChanges)
    .where(and(eq(subscriptionChanges.subscriptionId, subscriptionId), eq(subscriptionChanges.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/**
 * Claims a plan change's key before its charge: the first request inserts the claim; a key left
 * `open` by an attempt that took no money, or claimed longer ago than `staleBefore` (a dead
 * instance), is claimed again. Null when another request holds it or it is settled.
 */
export async function claimSubscriptionChange(
  db: Db,
  claim: { subscriptionId: string; idempotencyKey: string; requestHash: string },
  now: Date,
  staleBefore: Date,
): Promise<SubscriptionChangeRow | null> {
  const [row] = await db
    .insert(subscriptionChanges)
    .values({ ...claim, status: 'claimed', claimedAt: now })
    .onConflictDoUpdate({
      target: [subscriptionChanges.subscriptionId, subscriptionChanges.idempotencyKey],
      set: { status: 'claimed', claimedAt: now },
      setWhere: and(
        eq(subscriptionChanges.requestHash, claim.requestHash),
        or(eq(subscriptionChanges.status, 'open'), and(eq(subscriptionChanges.status, 'claimed'), lte(subscriptionChanges.claimedAt, staleBefore))),
      ),
    })
    .returning();
  return row ?? null;
}

/** Ends an attempt that took no money (yet): the key may be claimed again, with the provider's payment if one is pending. */
export async function releaseSubscriptionChange(db: Db, claim: SubscriptionChangeRow, providerPaymentId: string | null): Promise<void> {
  await db
    .update(subscriptionChanges)
    .set({ status: 'open', providerPaymentId })
    .where(
      and(
        eq(subscriptionChanges.subscriptionId, claim.subscriptionId),
        eq(subscriptionChanges.idempotencyKey, claim.idempotencyKey),
        eq(subscriptionChanges.status, 'claimed'),
        eq(subscriptionChanges.claimedAt, claim.claimedAt),
      ),
    );
}

/**
 * Settles a claimed change as `applied` or `credited`, once: of two holders of one key (a claim
 * taken over from a slow instance) only the first settles, so the charge they share is used once.
 */
export async function settleSubscriptionChange(db: Db, claim: SubscriptionChangeRow, status: 'applied' | 'credited', providerPaymentId: string | null): Promise<boolean> {
  const settled = await db
    .update(subscriptionChanges)
    .set({ status, providerPaymentId })
    .where(
      and(
        eq(subscriptionChanges.subscriptionId, claim.subscriptionId),
        eq(subscriptionChanges.idempotencyKey, claim.idempotencyKey),
        eq(subscriptionChanges.status, 'claimed'),
      ),
    )
    .returning({ status: subscriptionChanges.status });
  return settled.length > 0;
}

export async function insertInvoice(db: Db, invoice: Omit<typeof invoices.$inferInsert, 'id' | 'number'>): Promise<void> {
  await db.insert(invoices).values(invoice).onConflictDoNothing({ target: invoices.sourceKey });
}

export async function listInvoicesOf(db: Db, userId: string) {
  return db
    .select({ invoice: invoices, companyName: companies.nameOption1 })
    .from(invoices)
    .leftJoin(companies, eq(companies.id, invoices.companyId))
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.number));
}

export async function findInvoiceOf(db: Db, userId: string, id: string) {
  const [row] = await db
    .select({ invoice: invoices, companyName: companies.nameOption1, user: { firstName: users.firstName, lastName: users.lastName, email: users.email, language: users.language } })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .leftJoin(companies, eq(companies.id, invoices.companyId))
    .where(and(eq(invoices.id, id), eq(invoices.userId, userId)));
  return row ?? null;
}

// Saved cards.

export async function customerOf(db: Db, userId: string, provider: 'sandbox' | 'stripe'): Promise<string | null> {
  const [row] = await db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, provider)));
  return row?.customerId ?? null;
}

/** Records the account's customer; a concurrent first card keeps the one recorded first (the provider's key made them the same). */
export async function saveCustomer(db: Db, userId: string, provider: 'sandbox' | 'stripe', customerId: string, now: Date): Promise<string> {
  await db.insert(billingCustomers).values({ userId, provider, customerId, createdAt: now }).onConflictDoNothing();
  return (await customerOf(db, userId, provider))!;
}

export async function listCardsOf(db: Db, userId: string): Promise<CardRow[]> {
  return db.select().from(paymentCards).where(eq(paymentCards.userId, userId)).orderBy(desc(paymentCards.isDefault), desc(paymentCards.createdAt));
}

export async function findCardOf(db: Db, userId: string, id: string): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.id, id), eq(paymentCards.userId, userId)));
  return row ?? null;
}

export async function defaultCardOf(db: Db, userId: string): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.isDefault, true)));
  return row ?? null;
}

/** Saves a card set up at the provider; the account's first card becomes its default. Saving the same card twice saves it once. */
export async function saveCard(db: Db, card: Omit<typeof paymentCards.$inferInsert, 'id' | 'isDefault'>): Promise<CardRow> {
  return db.transaction(async (tx) => {
    // The account's row serialises its card changes: "first card is default" holds under concurrent saves.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, card.userId)).for('update');
    const [existing] = await tx.select().from(paymentCards).where(eq(paymentCards.providerPaymentMethodId, card.providerPaymentMethodId));
    if (existing) return existing;
    const hasDefault = (await tx.select({ id: paymentCards.id }).from(paymentCards).where(and(eq(paymentCards.userId, card.userId), eq(paymentCards.isDefault, true)))).length > 0;
    const [row] = await tx.insert(paymentCards).values({ ...card, isDefault: !hasDefault }).returning();
    return row!;
  });
}

export async function setDefaultCard(db: Db, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const card = await findCardOf(tx, userId, id);
    if (!card) return false;
    await tx.update(paymentCards).set({ isDefault: false }).where(and(eq(paymentCards.userId, userId), eq(paymentCards.isDefault, true)));
    await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, id));
    return true;
  });
}

/**
 * Removes a saved card. The default goes to the newest other card; the last card cannot go while
 * a subscription still renews on it (`card_required`).
 */
export async function removeCard(db: Db, userId: string, id: string): Promise<{ result: 'removed'; card: CardRow } | { result: 'missing' | 'card_required' }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const card = await findCardOf(tx, userId, id);
    if (!card) return { result: 'missing' as const };
    const others = await tx
      .select()
      .from(paymentCards)
      .where(and(eq(paymentCards.userId, userId), ne(paymentCards.id, id)))
      .orderBy(desc(paymentCards.createdAt));
    if (others.length === 0) {
      const [renewing] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due']), eq(subscriptions.cancelAtPeriodEnd, false)));
      if (renewing) return { result: 'card_required' as const };
    }
    await tx.delete(paymentCards).where(eq(paymentCards.id, id));
    if (card.isDefault && others[0]) await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, others[0].id));
    return { result: 'removed' as const, card };
  });
}

/** The brand and last four of a saved card, by the provider's id (a webhook names the card only by it). */
export async function cardByProviderId(db: Db, providerPaymentMethodId: string): Promise<{ brand: string; last4: string } | null> {
  const [row] = await db.select({ brand: paymentCards.brand, last4: paymentCards.last4 }).from(paymentCards).where(eq(paymentCards.providerPaymentMethodId, providerPaymentMethodId));
  return row ?? null;
}

/** A card removed at the provider (Stripe's dashboard, `payment_method.detached`). */
export async function forgetCard(db: Db, providerPaymentMethodId: string): Promise<void> {
  await db.delete(paymentCards).where(eq(paymentCards.providerPaymentMethodId, providerPaymentMethodId));
}

/** The setup of one Idempotency-Key: a retry finds the first one instead of starting another. */
export async function recordCardSetup(db: Db, setup: Omit<typeof cardSetups.$inferInsert, 'id'>): Promise<typeof cardSetups.$inferSelect> {
  await db.insert(cardSetups).values(setup).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(cardSetups)
    .where(and(eq(cardSetups.userId, setup.userId), eq(cardSetups.idempotencyKey, setup.idempotencyKey)));
  return row!;
}

export async function findCardSetupOf(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(cardSetups)
    .where(and(eq(cardSetups.id, id), eq(cardSetups.userId, userId)));
  return row ?? null;
}

// Recurring charges.

/** Subscriptions whose period has ended, by id after `after`: active ones to renew, past-due ones to try again. */
export async function dueSubscriptionsPage(db: Db, now: Date, after: string | null, limit: number) {
  return db
    .select({ subscription: subscriptions, companyType: companies.type, companyName: companies.nameOption1 })
    .from(subscriptions)
    .innerJoin(companies, eq(companies.id, subscriptions.companyId))
    .where(and(inArray(subscriptions.status, ['active', 'past_due']), lte(subscriptions.currentPeriodEnd, now), after ? gt(subscriptions.id, after) : undefined))
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

export async function markChargeProcessing(db: Db, key: { subscriptionId: string; periodStart: Date }, providerPaymentId: string): Promise<void> {
  await db
    .update(subscriptionCharges)
    .set({ status: 'processing', providerPaymentId })
    .where(and(eq(subscriptionCharges.subscriptionId, key.subscriptionId), eq(subscriptionCharges.periodStart, key.periodStart), eq(subscriptionCharges.status, 'claimed')));
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
  key: { subscriptionId: string; periodStart: Date },
  paid: { providerPaymentId: string | null; card: { brand: string; last4: string } | null },
  now: Date,
): Promise<boolean> {
  const [charge] = await db
    .update(subscriptionCharges)
    .set({ status: 'succeeded', providerPaymentId: paid.providerPaymentId, settledAt: now })
    .where(and(eq(subscriptionCharges.subscriptionId, key.subscriptionId), eq(subscriptionCharges.periodStart, key.periodStart), inArray(subscriptionCharges.status, ['claimed', 'processing'])))
    .returning();
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
  await db.update(users).set({ paymentExpiredAt: null, updatedAt: now }).where(and(eq(users.id, subscription.userId), isNotNull(users.paymentExpiredAt)));
  return true;
}

/**
 * A period's charge failed (declined, no card, authentication needed): SPEC §4's expired-payment
 * rule. The subscription is past due and the owner is blocked, so the next login shows the
 * payment-expired popup; the job tries the charge again a day later.
 */
export async function settleChargeFailed(db: Db, key: { subscriptionId: string; periodStart: Date }, declineCode: string, providerPaymentId: string | null, now: Date): Promise<boolean> {
  const [charge] = await db
    .update(subscriptionCharges)
    .set({ status: 'failed', declineCode, providerPaymentId, settledAt: now })
    .where(and(eq(subscriptionCharges.subscriptionId, key.subscriptionId), eq(subscriptionCharges.periodStart, key.periodStart), inArray(subscriptionCharges.status, ['claimed', 'processing'])))
    .returning();
  if (!charge) return false;
  const [subscription] = await db
    .update(subscriptions)
    .set({ status: 'past_due', updatedAt: now })
    .where(and(eq(subscriptions.id, key.subscriptionId), eq(subscriptions.currentPeriodEnd, key.periodStart), ne(subscriptions.status, 'canceled')))
    .returning();
  if (subscription) await db.update(users).set({ paymentExpiredAt: now, updatedAt: now }).where(and(eq(users.id, subscription.userId), isNull(users.paymentExpiredAt)));
  return true;
}
