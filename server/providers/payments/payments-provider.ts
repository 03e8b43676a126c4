import type { PaymentDeclineCode } from '@domain/payment-declines';

/**
 * The card payments provider behind checkout: Stripe when STRIPE_SECRET_KEY is set, the
 * local sandbox (Stripe's test mode, simulated) otherwise. Every charge carries an
 * idempotency key: the same key with the same parameters returns the first result and
 * never charges again; the same key with other parameters is refused.
 */

/** Raw card data: accepted only by the sandbox, which sees nothing but test card numbers. */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName: string;
  postalCode: string;
}

export type ProviderPaymentMethod =
  | { type: 'card'; card: CardInput }
  | { type: 'stripe'; paymentMethodId: string }
  /** A card saved through a SetupIntent, charged without the customer present (off-session: renewals, plan changes). */
  | { type: 'saved'; customerId: string; paymentMethodId: string };

export interface CreatePaymentInput {
  amount: number;
  currency: 'usd';
  idempotencyKey: string;
  paymentMethod: ProviderPaymentMethod;
  description: string;
  metadata: Record<string, string>;
}

export interface CardSummary {
  brand: string;
  last4: string;
}

/** Where a payment stands at the provider. */
export type PaymentOutcome =
  | { status: 'succeeded'; id: string; amount: number; card: CardSummary | null }
  /** 3-D Secure: the browser must run the challenge (`clientSecret` for Stripe's handleNextAction; null for the sandbox modal). */
  | { status: 'requires_action'; id: string; clientSecret: string | null }
  /** Still being processed by the network: ask again with `retrieve`. */
  | { status: 'processing'; id: string }
  | { status: 'failed'; id: string | null; code: PaymentDeclineCode; declineCode: string }
  | { status: 'canceled'; id: string };

/** A saved card as the provider describes it (Stripe's PaymentMethod `card`). */
export interface ProviderCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Where a SetupIntent (saving a card for later charges) stands at the provider. */
export type SetupOutcome =
  | { status: 'succeeded'; id: string; card: ProviderCard }
  /** 3-D Secure: the browser runs the challenge (`clientSecret` for Stripe's handleNextAction; null for the sandbox modal). */
  | { status: 'requires_action'; id: string; clientSecret: string | null }
  | { status: 'failed'; id: string | null; code: PaymentDeclineCode; declineCode: string }
  | { status: 'canceled'; id: string };

export interface PaymentsProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Creates and confirms a payment in one call (a PaymentIntent with confirm=true). */
  createPayment(input: CreatePaymentInput): Promise<PaymentOutcome>;
  /**
   * Completes a payment after its 3-D Secure challenge. Stripe's challenge runs in the
   * browser, so only its result is read; the sandbox takes the user's answer to its own
   * challenge as `challengeResult`.
   */
  confirmAction(input: { id: string; challengeResult?: 'completed' | 'failed' }): Promise<PaymentOutcome>;
  retrieve(id: string): Promise<PaymentOutcome>;
  /** Cancels a payment that has not succeeded (an abandoned challenge); a succeeded one is returned as is. */
  cancel(id: string): Promise<PaymentOutcome>;
  /** Creates the customer saved cards belong to; the same key answers the same customer. */
  createCustomer(input: { email: string; userId: string; idempotencyKey: string }): Promise<string>;
  /** Saves a card for later off-session charges: a SetupIntent created and confirmed in one call (usage off_session). */
  createSetup(input: { customerId: string; paymentMethod: ProviderPaymentMethod; idempotencyKey: string }): Promise<SetupOutcome>;
  /** Completes a setup after its 3-D Secure challenge, as `confirmAction` does for payments. */
  confirmSetup(input: { id: string; challengeResult?: 'completed' | 'failed' }): Promise<SetupOutcome>;
  /** Detaches a saved card from its customer: it can no longer be charged. */
  detachPaymentMethod(id: string): Promise<void>;
}

/** The same idempotency key was sent with different parameters (Stripe answers 400 idempotency_error). */
export class IdempotencyConflictError extends Error {
  constructor() {
    super('Keys for idempotent requests can only be used with the same parameters they were first used with');
  }
}

/** The provider cannot take this kind of payment method (raw cards on Stripe, Stripe ids on the sandbox). */
export class UnsupportedPaymentMethodError extends Error {}

/** The provider failed in a way that says nothing about the card: network, outage, unexpected answer. */
export class PaymentProviderError extends Error {}

/** Stripe error and decline codes → the reasons the checkout explains. */
export function toDeclineCode(code: string | undefined | null, declineCode: string | undefined | null): PaymentDeclineCode {
  const reasons = [declineCode, code];
  if (reasons.includes('insufficient_funds')) return 'insufficient_funds';
  if (reasons.includes('expired_card')) return 'expired_card';
  if (reasons.some((reason) => reason === 'incorrect_cvc' || reason === 'invalid_cvc')) return 'incorrect_cvc';
  if (reasons.some((reason) => reason === 'incorrect_number' || reason === 'invalid_number')) return 'incorrect_number';
  if (
    reasons.some(
      (reason) =>
        reason === 'payment_intent_authentication_failure' || reason === 'setup_intent_authentication_failure' || reason === 'authentication_required',
    )
  )
    return 'authentication_failed';
  return 'card_declined';
}
