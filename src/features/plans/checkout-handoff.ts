import type { OrderCreated, OrderFlow } from '@domain/checkout';

/**
 * What a wizard hands to the checkout page (`/{lang}/checkout/{orderId}`): the order it just
 * placed and its checkout token, which the server shows only once. Kept in localStorage so
 * it survives a reload, a closed tab, a checkout link opened in another tab and the sign-in
 * after payment; the checkout flow forgets it once an account has claimed the order.
 * Contract: /work/notes/wizard-checkout.md.
 */
export interface CheckoutHandoff {
  orderId: string;
  /** Sent as `X-Checkout-Token` until an account claims the order. */
  checkoutToken: string;
  orderNumber: string;
  flow: OrderFlow;
  expiresAt: string;
  /** The server's quote at creation, for a first paint before `GET /orders/:id` answers. */
  quote: OrderCreated['quote'];
  companyName: string;
  /** The owner ("your info"), to prefill the account created after payment. */
  email: string;
  firstName: string;
  lastName: string;
  /** The owner's phone in E.164 (+5491155551234), or null when it could not be normalised. */
  phone: string | null;
  /** The country the owner chose for that phone (alpha-2). */
  phoneCountry: string | null;
  /** The wizard draft the order came from (also `alta.companyDraftId`), or null. */
  draftId: string | null;
  /** SPEC §3 new-company flag: this order creates a company the dashboard will announce. */
  newCompany: boolean;
  createdAt: string;
}

const prefix = 'alta.checkoutOrder.';

export const checkoutHandoffKey = (orderId: string) => `${prefix}${orderId}`;

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The hand-off of `orderId`, or null when this browser has none (or it was tampered into another shape). */
export function readCheckoutHandoff(orderId: string): CheckoutHandoff | null {
  const raw = storage()?.getItem(checkoutHandoffKey(orderId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<CheckoutHandoff> | null;
    if (!value || value.orderId !== orderId || !isString(value.checkoutToken) || !isString(value.orderNumber)) return null;
    return value as CheckoutHandoff;
  } catch {
    return null;
  }
}

export function writeCheckoutHandoff(handoff: CheckoutHandoff): void {
  const store = storage();
  if (!store) return;
  store.setItem(checkoutHandoffKey(handoff.orderId), JSON.stringify(handoff));
}

/** Forgets the hand-off once an account owns the order (the token is no longer needed). */
export function forgetCheckoutHandoff(orderId: string): void {
  const store = storage();
  if (!store) return;
  store.removeItem(checkoutHandoffKey(orderId));
}
