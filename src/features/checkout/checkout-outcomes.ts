import type { PaymentMethodInput, PaymentAction } from '@domain/checkout';
import { paymentDeclineCodes } from '@domain/payment-declines';
import type { CheckoutHandoff } from '@src/features/plans/checkout-handoff';
import type { PaidNextStep } from '@src/features/order-popups/payment-success-popup';
import type { PaidOrder } from './paid-orders';

/**
 * What a checkout can come to (the phases the page shows, a payment step's failure) and the
 * rules the checkout hook (hooks/use-checkout.ts) applies to them.
 */

export type CheckoutPhase =
  | { kind: 'loading' }
  /** No token for this order on this browser, no such order, or the API unreachable on first load. */
  | { kind: 'unavailable'; reason: 'noToken' | 'notFound' | 'network' }
  | { kind: 'open' }
  /** A 3-D Secure challenge waits (the sandbox modal, or Stripe's own). */
  | { kind: 'challenge'; paymentId: string; action: PaymentAction }
  /**
   * Paid by this page just now: the payment-success popup, then the next step. `companyId` is
   * set when the order already has its account (paid signed in): the company is in the dashboard.
   */
  | ({ kind: 'succeeded' } & PaidNextStep)
  /** Already paid when the page opened (another tab, a reload after paying). */
  | ({ kind: 'paid' } & PaidNextStep)
  | { kind: 'expired' };

/** Why the last payment step failed, in terms the page turns into the SPEC §8 messages. */
export interface PaymentFailure {
  /** A problem code (`card_declined`, `incorrect_number`, `authentication_failed`…), `network`, or `confirmation`. */
  code: string;
  declineCode?: string;
  supportCode?: string;
  /** Seconds to wait (rate limited). */
  retryAfter?: number | null;
}

/** The payer's part of the pay body; the amount always comes from the order. */
export interface PaymentDetails {
  country: string;
  paymentMethod: PaymentMethodInput;
}

/** Codes after which the same attempt must not be repeated: the next Pay is a new attempt. */
export const finalCodes = new Set([
  'validation',
  'payment_method_unsupported',
  ...paymentDeclineCodes,
  'price_mismatch',
  'order_paid',
  'order_expired',
  'idempotency_key_reused',
  'invalid_coupon',
  'banking_unavailable_country',
  'rate_limited',
]);

/** The owner from the wizard's hand-off: names and phone prefill the account form after payment. */
export function ownerContact(handoff: CheckoutHandoff | null): Pick<PaidOrder, 'firstName' | 'lastName' | 'phone' | 'phoneCountry'> {
  // The record comes from storage: a hand-off written by an older version may lack them.
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return { firstName: text(handoff?.firstName), lastName: text(handoff?.lastName), phone: text(handoff?.phone), phoneCountry: text(handoff?.phoneCountry) };
}
