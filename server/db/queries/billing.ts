import { and, asc, desc, eq, lte, ne, or, sql } from 'drizzle-orm';
import type { Subscription } from '@domain/billing';
import type { BillingCycle } from '@domain/plans';
import { planCatalog } from '../../catalog/plans';
import type { Db } from '../client';
import { invoices, subscriptionChanges, subscriptions } from '../schema/billing';
import { companies } from '../schema/companies';
import { users } from '../schema/users';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
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

/** Subscriptions with the name and type of their company (the price depends on the type). */
const subscriptionsWithCompany = (db: Db) =>
  db
    .select({ subscription: subscriptions, companyName: companies.nameOption1, companyType: companies.type })
    .from(subscriptions)
    .innerJoin(companies, eq(companies.id, subscriptions.companyId));

/** The subscriptions the account pays (its owned companies'), by company name. */
export async function listSubscriptionsOf(db: Db, userId: string): Promise<Subscription[]> {
  const rows = await subscriptionsWithCompany(db).where(eq(subscriptions.userId, userId)).orderBy(asc(companies.nameOption1), asc(subscriptions.id));
  return rows.map((row) => toSubscription(row.subscription, { name: row.companyName, type: row.companyType }));
}

/** A subscription the account pays, or null (another's is as unknown as a missing one). */
export async function findSubscriptionOf(db: Db, userId: string, id: string) {
  const [row] = await subscriptionsWithCompany(db).where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
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
    .set({
      plan: change.plan,
      billing: change.billing,
      currentPeriodStart: change.periodStart,
      currentPeriodEnd: change.periodEnd,
      credit: change.credit,
      updatedAt: now,
    })
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

/** The change of one subscription under one Idempotency-Key. */
const changeOfKey = (key: { subscriptionId: string; idempotencyKey: string }) =>
  and(eq(subscriptionChanges.subscriptionId, key.subscriptionId), eq(subscriptionChanges.idempotencyKey, key.idempotencyKey));

export async function findSubscriptionChange(db: Db, subscriptionId: string, idempotencyKey: string): Promise<SubscriptionChangeRow | null> {
  const [row] = await db.select().from(subscriptionChanges).where(changeOfKey({ subscriptionId, idempotencyKey }));
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
    .where(and(changeOfKey(claim), eq(subscriptionChanges.status, 'claimed'), eq(subscriptionChanges.claimedAt, claim.claimedAt)));
}

/**
 * Settles a claimed change as `applied` or `credited`, once: of two holders of one key (a claim
 * taken over from a slow instance) only the first settles, so the charge they share is used once.
 */
export async function settleSubscriptionChange(
  db: Db,
  claim: SubscriptionChangeRow,
  status: 'applied' | 'credited',
  providerPaymentId: string | null,
): Promise<boolean> {
  const settled = await db
    .update(subscriptionChanges)
    .set({ status, providerPaymentId })
    .where(and(changeOfKey(claim), eq(subscriptionChanges.status, 'claimed')))
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
    .select({
      invoice: invoices,
      companyName: companies.nameOption1,
      user: { firstName: users.firstName, lastName: users.lastName, email: users.email, language: users.language },
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .leftJoin(companies, eq(companies.id, invoices.companyId))
    .where(and(eq(invoices.id, id), eq(invoices.userId, userId)));
  return row ?? null;
}
