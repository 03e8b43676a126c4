import { parseExpiry, type PaymentMethodInput } from '@domain/checkout';
import type { ProviderPaymentMethod } from '../providers/payments/payments-provider';

/** The provider's form of a card or Stripe method as the checkout and the billing card form send it. */
export function toProviderMethod(method: PaymentMethodInput): ProviderPaymentMethod {
  if (method.type === 'stripe') return { type: 'stripe', paymentMethodId: method.paymentMethodId };
  const { month, year } = parseExpiry(method.expiry);
  return {
    type: 'card',
    card: { number: method.cardNumber, expMonth: month, expYear: year, cvc: method.cvc, holderName: method.holderName, postalCode: method.postalCode },
  };
}
