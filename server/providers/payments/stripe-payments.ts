import Stripe from 'stripe';
import {
  IdempotencyConflictError,
  PaymentProviderError,
  toDeclineCode,
  UnsupportedPaymentMethodError,
  type PaymentOutcome,
  type PaymentsProvider,
} from './payments-provider';

export interface StripePaymentsOptions {
  secretKey: string;
  /** Where the Stripe API is; tests point it at a local fake of the API. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Network retries of the Stripe client; safe because every create carries an idempotency key. */
  maxNetworkRetries?: number;
}

/**
 * Stripe adapter: one PaymentIntent per payment attempt, created and confirmed in one call
 * with the browser's PaymentMethod (Elements) and the attempt's idempotency key. Raw card
 * numbers never reach Alta's server in this mode. A 3-D Secure card answers
 * `requires_action` with the client secret; the browser runs `stripe.handleNextAction` and
 * the server then reads the result back (`confirmAction`).
 */
export function createStripePayments(options: StripePaymentsOptions): PaymentsProvider {
  const stripe = new Stripe(options.secretKey, {
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 30_000,
    telemetry: false,
  });

  async function call(run: () => Promise<Stripe.PaymentIntent>): Promise<PaymentOutcome> {
    try {
      return toOutcome(await run());
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return { status: 'failed', id: error.payment_intent?.id ?? null, code: toDeclineCode(error.code, error.decline_code), declineCode: error.decline_code ?? error.code ?? 'card_declined' };
      }
      if (error instanceof Stripe.errors.StripeIdempotencyError) throw new IdempotencyConflictError();
      throw new PaymentProviderError(error instanceof Error ? error.message : String(error));
    }
  }

  return {
    name: 'stripe',

    createPayment(input) {
      if (input.paymentMethod.type !== 'stripe') {
        // Card numbers posted to Alta would put the server in PCI scope: with Stripe, Elements tokenises them.
        return Promise.reject(new UnsupportedPaymentMethodError('Stripe takes a PaymentMethod id from Elements'));
      }
      const paymentMethodId = input.paymentMethod.paymentMethodId;
      return call(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency,
            payment_method: paymentMethodId,
            // Cards only, no redirect-based methods: 3-D Secure then runs in place through handleNextAction.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            confirm: true,
            description: input.description,
            metadata: input.metadata,
            expand: ['payment_method'],
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
    },

    confirmAction({ id }) {
      // The challenge ran in the browser (handleNextAction); Stripe holds its result.
      return call(() => stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] }));
    },

    retrieve(id) {
      return call(() => stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] }));
    },

    async cancel(id) {
      try {
        return toOutcome(await stripe.paymentIntents.cancel(id));
      } catch (error) {
        // A payment that succeeded meanwhile cannot be canceled: report what it is.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return call(() => stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] }));
        }
        throw new PaymentProviderError(error instanceof Error ? error.message : String(error));
      }
    },
  };
}

function cardOf(intent: Stripe.PaymentIntent) {
  const method = intent.payment_method;
  if (!method || typeof method === 'string' || !method.card) return null;
  return { brand: method.card.brand, last4: method.card.last4 };
}

function toOutcome(intent: Stripe.PaymentIntent): PaymentOutcome {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', id: intent.id, amount: intent.amount_received || intent.amount, card: cardOf(intent) };
    case 'requires_action':
      return { status: 'requires_action', id: intent.id, clientSecret: intent.client_secret };
    case 'processing':
      return { status: 'processing', id: intent.id };
    case 'canceled':
      return { status: 'canceled', id: intent.id };
    case 'requires_payment_method': {
      const error = intent.last_payment_error;
      return { status: 'failed', id: intent.id, code: toDeclineCode(error?.code, error?.decline_code), declineCode: error?.decline_code ?? error?.code ?? 'card_declined' };
    }
    default:
      // requires_confirmation / requires_capture cannot happen with confirm=true and automatic capture.
      throw new PaymentProviderError(`Unexpected PaymentIntent status ${intent.status}`);
  }
}
