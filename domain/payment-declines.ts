/**
 * Card decline reasons the checkout explains (Stripe's decline codes); each is also a problem
 * code. Apart from domain/checkout.ts so that the pages explaining a declined card load no zod.
 */
export const paymentDeclineCodes = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'authentication_failed',
] as const;
export type PaymentDeclineCode = (typeof paymentDeclineCodes)[number];

/** A card's "no" (402): one of the decline reasons, or `payment_failed` when the provider named none. */
export const cardRefusalCodes = [...paymentDeclineCodes, 'payment_failed'] as const;
