import Stripe from 'stripe';
import {
  IdempotencyConflictError,
  PaymentProviderError,
  toDeclineCode,
  UnsupportedPaymentMethodError,
  type PaymentOutcome,
  type PaymentsProvider,
  type SetupOutcome,
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
        return {
          status: 'failed',
          id: error.payment_intent?.id ?? null,
          code: toDeclineCode(error.code, error.decline_code),
          declineCode: error.decline_code ?? error.code ?? 'card_declined',
        };
      }
      if (error instanceof Stripe.errors.StripeIdempotencyError) throw new IdempotencyConflictError();
      throw new PaymentProviderError(error instanceof Error ? error.message : String(error));
    }
  }

  return {
    name: 'stripe',

    createPayment(input) {
      const method = input.paymentMethod;
      if (method.type === 'saved') {
        // A saved card charged without the customer (renewal, plan change): Stripe's off-session PaymentIntent.
        return call(() =>
          stripe.paymentIntents.create(
            {
              amount: input.amount,
              currency: input.currency,
              customer: method.customerId,
              payment_method: method.paymentMethodId,
              off_session: true,
              confirm: true,
              description: input.description,
              metadata: input.metadata,
              expand: ['payment_method'],
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        );
      }
      if (method.type !== 'stripe') {
        // Card numbers posted to Alta would put the server in PCI scope: with Stripe, Elements tokenises them.
        return Promise.reject(new UnsupportedPaymentMethodError('Stripe takes a PaymentMethod id from Elements'));
      }
      const paymentMethodId = method.paymentMethodId;
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

    async createCustomer({ email, userId, idempotencyKey }) {
      try {
        return (await stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey })).id;
      } catch (error) {
        throw new PaymentProviderError(error instanceof Error ? error.message : String(error));
      }
    },

    createSetup({ customerId, paymentMethod, idempotencyKey }) {
      if (paymentMethod.type !== 'stripe') return Promise.reject(new UnsupportedPaymentMethodError('Stripe takes a PaymentMethod id from Elements'));
      return callSetup(() =>
        stripe.setupIntents.create(
          {
            customer: customerId,
            payment_method: paymentMethod.paymentMethodId,
            usage: 'off_session',
            confirm: true,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            expand: ['payment_method'],
          },
          { idempotencyKey },
        ),
      );
    },

    confirmSetup({ id }) {
      // As for payments: the challenge ran in the browser (handleNextAction) and Stripe holds its result.
      return callSetup(() => stripe.setupIntents.retrieve(id, { expand: ['payment_method'] }));
    },

    async detachPaymentMethod(id) {
      try {
        await stripe.paymentMethods.detach(id);
      } catch (error) {
        // Already detached (removed in Stripe's dashboard): the card is gone either way.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw new PaymentProviderError(error instanceof Error ? error.message : String(error));
      }
    },
  };

  async function callSetup(run: () => Promise<Stripe.SetupIntent>): Promise<SetupOutcome> {
    try {
      return toSetupOutcome(await run());
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return {
          status: 'failed',
          id: error.setup_intent?.id ?? null,
          code: toDeclineCode(error.code, error.decline_code),
          declineCode: error.decline_code ?? error.code ?? 'card_declined',
        };
      }
      if (error instanceof Stripe.errors.StripeIdempotencyError) throw new IdempotencyConflictError();
      throw new PaymentProviderError(error instanceof Error ? error.message : String(error));
    }
  }
}

function toSetupOutcome(setup: Stripe.SetupIntent): SetupOutcome {
  switch (setup.status) {
    case 'succeeded': {
      const method = setup.payment_method;
      if (!method || typeof method === 'string' || !method.card) throw new PaymentProviderError('A succeeded SetupIntent without its card');
      return {
        status: 'succeeded',
        id: setup.id,
        card: { id: method.id, brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year },
      };
    }
    case 'requires_action':
      return { status: 'requires_action', id: setup.id, clientSecret: setup.client_secret };
    case 'canceled':
      return { status: 'canceled', id: setup.id };
    case 'requires_payment_method': {
      const error = setup.last_setup_error;
      return {
        status: 'failed',
        id: setup.id,
        code: toDeclineCode(error?.code, error?.decline_code),
        declineCode: error?.decline_code ?? error?.code ?? 'card_declined',
      };
    }
    default:
      // processing / requires_confirmation cannot last for cards confirmed in the create call.
      throw new PaymentProviderError(`Unexpected SetupIntent status ${setup.status}`);
  }
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
      return {
        status: 'failed',
        id: intent.id,
        code: toDeclineCode(error?.code, error?.decline_code),
        declineCode: error?.decline_code ?? error?.code ?? 'card_declined',
      };
    }
    default:
      // requires_confirmation / requires_capture cannot happen with confirm=true and automatic capture.
      throw new PaymentProviderError(`Unexpected PaymentIntent status ${intent.status}`);
  }
}
