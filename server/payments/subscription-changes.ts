import { prorate, type Proration, type Subscription } from '@domain/billing';
import type { AppDeps, SessionUser } from '../context';
import {
  addCredit,
  applyPlanChange,
  claimSubscriptionChange,
  findSubscriptionChange,
  findSubscriptionOf,
  insertInvoice,
  planPrice,
  releaseSubscriptionChange,
  settleSubscriptionChange,
  toSubscription,
  type SubscriptionChangeRow,
} from '../db/queries/billing';
import { customerOf, defaultCardOf, type CardRow } from '../db/queries/billing-cards';
import { ProblemError } from '../lib/problem';
import type { PaymentsProvider } from '../providers/payments/payments-provider';
import { provided } from './provided';

/** A plan change's claim older than this belongs to a dead instance: Stripe’s client gives up within about 90 s (30 s, two retries). */
const staleChangeClaimMs = 2 * 60_000;

/** Rolls back a change whose claim another holder settled first. */
class SettledElsewhere extends Error {}

type PlanChange = { plan: Proration['plan']; billing: Proration['billing'] };

/**
 * Changing a subscription's plan or billing (SPEC §2, decision 031): the proration computed on
 * the server, and the change charged to the default card exactly once per Idempotency-Key.
 */
export function createSubscriptionChanges(deps: AppDeps, provider: PaymentsProvider) {
  const db = deps.database.db;

  /** The proration of `change` on the caller's subscription `id`, with the rows it was computed from. */
  async function prorationOf(user: SessionUser, id: string, change: PlanChange) {
    const found = await findSubscriptionOf(db, user.id, id);
    if (!found) throw new ProblemError(404, 'not_found');
    const { subscription, companyType } = found;
    const price = planPrice(companyType, change.plan, change.billing);
    const computed = prorate({
      oldPrice: planPrice(companyType, subscription.plan, subscription.billing),
      newPrice: price,
      oldBilling: subscription.billing,
      newBilling: change.billing,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      credit: subscription.credit,
      now: deps.now(),
    });
    const proration: Proration = {
      ...change,
      price,
      unusedCredit: computed.unusedCredit,
      newCharge: computed.newCharge,
      amountDue: computed.amountDue,
      creditAfter: computed.creditAfter,
      periodStart: computed.periodStart.toISOString(),
      periodEnd: computed.periodEnd.toISOString(),
    };
    return { found, proration, periodStart: computed.periodStart, periodEnd: computed.periodEnd };
  }

  /** Applies `change` to the caller's subscription `id` under the Idempotency-Key `key`; the subscription as it then is. */
  async function changePlan(user: SessionUser, id: string, key: string, change: PlanChange): Promise<Subscription> {
    const { found, proration, periodStart, periodEnd } = await prorationOf(user, id, change);
    const { subscription } = found;
    const answer = async () => {
      const current = (await findSubscriptionOf(db, user.id, id))!;
      return toSubscription(current.subscription, { name: current.companyName, type: current.companyType });
    };
    const requestHash = `${change.plan}:${change.billing}`;
    /** What an earlier request with this key left: its answer, or null when this request may go on. */
    const earlier = (row: SubscriptionChangeRow | null) => {
      if (!row) return null;
      if (row.requestHash !== requestHash) throw new ProblemError(422, 'idempotency_key_reused');
      // A retry of a change that went through answers the subscription as it is now.
      if (row.status === 'applied') return answer();
      // Its money became credit (another change won): the customer prices the change again, under a new key.
      if (row.status === 'credited') throw new ProblemError(409, 'conflict');
      return null;
    };
    const before = earlier(await findSubscriptionChange(db, id, key));
    if (before) return before;
    if (subscription.status !== 'active') throw new ProblemError(409, 'subscription_inactive');
    if (subscription.plan === change.plan && subscription.billing === change.billing) throw new ProblemError(409, 'plan_unchanged');
    // The key is claimed before any money moves: of concurrent requests with it, one charges.
    const claim = await claimSubscriptionChange(
      db,
      { subscriptionId: id, idempotencyKey: key, requestHash },
      deps.now(),
      new Date(deps.now().getTime() - staleChangeClaimMs),
    );
    if (!claim) {
      const after = earlier(await findSubscriptionChange(db, id, key));
      if (after) return after;
      throw new ProblemError(409, 'payment_in_progress');
    }
    let card: CardRow | null = null;
    let paymentId: string | null = null;
    try {
      if (proration.amountDue > 0) {
        card = await defaultCardOf(db, user.id);
        const customerId = card ? await customerOf(db, user.id, card.provider) : null;
        if (!card || !customerId || card.provider !== provider.name) throw new ProblemError(409, 'no_payment_method');
        const saved = card;
        // A payment still processing when the key was last tried is asked about, not made again.
        const outcome = await provided(() =>
          claim.providerPaymentId
            ? provider.retrieve(claim.providerPaymentId)
            : provider.createPayment({
                amount: proration.amountDue,
                currency: 'usd',
                // Scoped by subscription: a retry repeats this charge, another subscription's same key is another.
                idempotencyKey: `subscription-change:${id}:${key}`,
                paymentMethod: { type: 'saved', customerId, paymentMethodId: saved.providerPaymentMethodId },
                description: `Alta plan change — ${found.companyName}`,
                metadata: { altaSubscriptionId: id, plan: change.plan, billing: change.billing, version: subscription.updatedAt.toISOString() },
              }),
        );
        if (outcome.status === 'processing') {
          // Not a failure: the money may still be taken. The next retry with the key asks the provider where it stands.
          await releaseSubscriptionChange(db, claim, outcome.id);
          throw new ProblemError(409, 'payment_in_progress');
        }
        if (outcome.status === 'failed') throw new ProblemError(402, outcome.code);
        // A saved card charged off-session cannot run a challenge now: the customer adds a card that does not need one.
        if (outcome.status === 'requires_action') throw new ProblemError(402, 'authentication_failed');
        if (outcome.status !== 'succeeded') throw new ProblemError(402, 'payment_failed');
        paymentId = outcome.id;
      }
    } catch (error) {
      // No money taken (a refusal, or an answer lost on the way that a retry with the same provider key finds): the key is free again.
      await releaseSubscriptionChange(db, claim, claim.providerPaymentId);
      throw error;
    }
    const now = deps.now();
    const applied = await db
      .transaction(async (tx) => {
        const row = await applyPlanChange(
          tx,
          { id, version: subscription.updatedAt, plan: change.plan, billing: change.billing, periodStart, periodEnd, credit: proration.creditAfter },
          now,
        );
        if (!row && !paymentId) {
          // Lost the race with nothing charged: the key is free for the customer's retry, priced again.
          await releaseSubscriptionChange(tx, claim, null);
          return false;
        }
        // The claim settles once: the charge goes on this change's invoice, or (a change won the race after pricing) becomes credit.
        if (!(await settleSubscriptionChange(tx, claim, row ? 'applied' : 'credited', paymentId))) {
          // A taken-over claim settled first with the same charge: this request's work is undone.
          throw new SettledElsewhere();
        }
        if (!row) await addCredit(tx, id, proration.amountDue, now);
        else if (paymentId) {
          await insertInvoice(tx, {
            sourceKey: `change:${id}:${key}`,
            userId: user.id,
            companyId: subscription.companyId,
            lines: [
              { kind: 'proration', id: change.plan, amount: proration.newCharge },
              { kind: 'credit', id: 'balance', amount: proration.amountDue - proration.newCharge },
            ],
            total: proration.amountDue,
            cardBrand: card?.brand ?? null,
            cardLast4: card?.last4 ?? null,
            periodStart,
            periodEnd,
            issuedAt: now,
          });
        }
        return row !== null;
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof SettledElsewhere)) throw error;
        const settled = earlier(await findSubscriptionChange(db, id, key));
        if (settled) return settled;
        throw new ProblemError(409, 'payment_in_progress');
      });
    if (typeof applied !== 'boolean') return applied;
    // Another change won the race after this one was priced: the money taken is credit, the customer tries again.
    if (!applied) throw new ProblemError(409, 'conflict');
    return answer();
  }

  return { prorationOf, changePlan };
}
