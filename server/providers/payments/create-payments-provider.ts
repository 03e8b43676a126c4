import type { AppDeps } from '../../context';
import type { PaymentsProvider } from './payments-provider';
import { createSandboxPayments } from './sandbox-payments';
import { createStripePayments } from './stripe-payments';

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the local sandbox, which production never runs on. */
export function createPaymentsProvider(deps: Pick<AppDeps, 'env' | 'database' | 'now'>): PaymentsProvider {
  if (deps.env.STRIPE_SECRET_KEY) {
    // Renewals charged by Stripe settle through its webhooks: unverifiable webhooks would leave them open.
    if (!deps.env.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET: webhooks could not be verified');
    return createStripePayments({ secretKey: deps.env.STRIPE_SECRET_KEY });
  }
  if (deps.env.NODE_ENV === 'production') throw new Error('Production needs STRIPE_SECRET_KEY: the payment sandbox is for development and tests');
  return createSandboxPayments({ db: deps.database.db, now: deps.now });
}
