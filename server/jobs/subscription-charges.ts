import type { AppDeps } from '../context';
import { ensureSubscriptions, planPrice } from '../db/queries/billing';
import { customerOf, defaultCardOf } from '../db/queries/billing-cards';
import {
  claimSubscriptionCharge,
  dueSubscriptionsPage,
  endSubscription,
  markChargeProcessing,
  settleChargeFailed,
  settleChargeSucceeded,
} from '../db/queries/subscription-charges';
import { logError } from '../lib/log-error';
import { PaymentProviderError, type PaymentOutcome, type PaymentsProvider } from '../providers/payments/payments-provider';
import { repeatEvery } from './repeat';

/** Subscriptions read per query: the job's work is bounded per step, whatever their number. */
const pageSize = 200;
/** A claim with no outcome after this long belongs to an instance that died: another may take it over. */
export const chargeClaimMs = 10 * 60_000;
/** A declined renewal is tried again after a day (Stripe's smart retries, simplified). */
export const chargeRetryMs = 24 * 60 * 60_000;
const hour = 60 * 60_000;

/**
 * Charges the subscriptions whose period has ended, each period exactly once across instances
 * sharing the database: the period's charge is claimed first (decision 025's mechanism), and the
 * provider's idempotency key (subscription, period, attempt) makes a taken-over claim repeat the
 * same charge instead of a second one. A subscription cancelled at period end ends instead.
 */
export async function chargeDueSubscriptions(deps: AppDeps, provider: PaymentsProvider): Promise<{ charged: number; failed: number; ended: number }> {
  const db = deps.database.db;
  const counts = { charged: 0, failed: 0, ended: 0 };
  await ensureSubscriptions(db, deps.now());
  let after: string | null = null;
  for (;;) {
    const rows = await dueSubscriptionsPage(db, deps.now(), after, pageSize);
    if (rows.length === 0) break;
    after = rows.at(-1)!.subscription.id;
    for (const { subscription, companyType, companyName } of rows) {
      const now = deps.now();
      if (subscription.cancelAtPeriodEnd) {
        if (await endSubscription(db, subscription, now)) counts.ended += 1;
        continue;
      }
      const key = { subscriptionId: subscription.id, periodStart: subscription.currentPeriodEnd };
      const amount = Math.max(planPrice(companyType, subscription.plan, subscription.billing) - subscription.credit, 0);
      const attempt = await claimSubscriptionCharge(
        db,
        { ...key, amount },
        now,
        new Date(now.getTime() - chargeClaimMs),
        new Date(now.getTime() - chargeRetryMs),
      );
      if (attempt === null) continue;
      let outcome: Awaited<ReturnType<typeof charge>>;
      try {
        outcome = await charge(deps, provider, { ...key, attempt, amount, userId: subscription.userId, companyName });
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        // No answer from the provider: the charge may exist, so it is not a decline. The claim stays; a run after
        // chargeClaimMs takes it over with the same attempt, whose provider key finds that charge instead of making another.
        // The other due subscriptions go on meanwhile.
        logError('subscription charge outcome unknown', { subscription: subscription.id }, error);
        continue;
      }
      if (outcome.status === 'succeeded') {
        await db.transaction((tx) => settleChargeSucceeded(tx, key, { providerPaymentId: outcome.id, card: outcome.card }, deps.now()));
        counts.charged += 1;
      } else if (outcome.status === 'processing') {
        // The network decides later: Stripe's webhook settles it (payment_intent.succeeded / payment_failed).
        await markChargeProcessing(db, key, outcome.id);
      } else {
        const declineCode =
          outcome.status === 'failed' ? outcome.declineCode : outcome.status === 'requires_action' ? 'authentication_required' : outcome.status;
        await db.transaction((tx) => settleChargeFailed(tx, key, declineCode, outcome.id, deps.now()));
        counts.failed += 1;
      }
    }
    if (rows.length < pageSize) break;
  }
  return counts;
}

type ChargeOutcome = PaymentOutcome | { status: 'no_payment_method'; id: null };

/** One period's charge on the owner's default card, off-session; a period fully paid by credit needs none. */
async function charge(
  deps: AppDeps,
  provider: PaymentsProvider,
  input: { subscriptionId: string; periodStart: Date; attempt: number; amount: number; userId: string; companyName: string },
): Promise<ChargeOutcome | { status: 'succeeded'; id: null; card: null }> {
  if (input.amount === 0) return { status: 'succeeded', id: null, card: null };
  const db = deps.database.db;
  const card = await defaultCardOf(db, input.userId);
  const customerId = card ? await customerOf(db, input.userId, card.provider) : null;
  if (!card || !customerId || card.provider !== provider.name) return { status: 'no_payment_method', id: null };
  const period = input.periodStart.toISOString();
  return provider.createPayment({
    amount: input.amount,
    currency: 'usd',
    idempotencyKey: `subscription-charge:${input.subscriptionId}:${period}:${input.attempt}`,
    paymentMethod: { type: 'saved', customerId, paymentMethodId: card.providerPaymentMethodId },
    description: `Alta subscription — ${input.companyName}`,
    metadata: { altaSubscriptionId: input.subscriptionId, altaPeriodStart: period, altaAttempt: String(input.attempt) },
  });
}

/** Runs the charges now and every hour on this instance; every instance may run it. Returns the stop function. */
export function startSubscriptionCharges(deps: AppDeps, provider: PaymentsProvider): () => void {
  // A charge left claimed is taken over once its claim is stale, with the same idempotency key.
  return repeatEvery(hour, 'subscription charges failed', () => chargeDueSubscriptions(deps, provider));
}
