import type { z } from 'zod';
import type { confirmPaymentSchema, couponAnswerSchema, OrderView, PayOrderInput, PayResult } from '@domain/checkout';
import { cardRefusalCodes } from '@domain/payment-declines';
import type { Quote } from '@domain/plans';
import { api, type CallContext } from '@src/lib/api';
import { apiGet } from '@src/lib/query/typed-api';

/**
 * The guest checkout calls (docs/decisions/006): the order is authorised by its checkout
 * token, not by a session, so a 401 here never means "log in again".
 */
const guest: CallContext = { public: true };

const tokenHeader = (checkoutToken: string) => ({ 'X-Checkout-Token': checkoutToken });

/** The order changed under this page (paid or expired meanwhile, a second tab paying). */
const orderMoved = ['order_paid', 'order_expired', 'payment_in_progress'] as const;

export const getOrder = (orderId: string, checkoutToken: string, signal?: AbortSignal) =>
  apiGet('/orders/:id', { param: { id: orderId } }, { headers: tokenHeader(checkoutToken), context: guest, signal });

export type CouponAnswer = z.infer<typeof couponAnswerSchema>;

export const applyCoupon = (orderId: string, checkoutToken: string, code: string) =>
  api.post<CouponAnswer>(`orders/${encodeURIComponent(orderId)}/coupon`, {
    json: { code },
    headers: tokenHeader(checkoutToken),
    context: guest,
    expected: [...orderMoved, 'rate_limited'],
  });

export const removeCoupon = (orderId: string, checkoutToken: string) =>
  api.delete<{ quote: Quote }>(`orders/${encodeURIComponent(orderId)}/coupon`, { headers: tokenHeader(checkoutToken), context: guest });

/** One pay attempt; `idempotencyKey` is the same for every retry of that attempt, so the card is charged at most once. */
export const payOrder = (orderId: string, checkoutToken: string, idempotencyKey: string, body: PayOrderInput) =>
  api.post<PayResult>(`checkout/${encodeURIComponent(orderId)}/pay`, {
    json: body,
    headers: { ...tokenHeader(checkoutToken), 'Idempotency-Key': idempotencyKey },
    context: guest,
    // Ten declines on one order are a 429 `rate_limited`; a coupon whose last use went to someone else, `invalid_coupon`.
    expected: [...cardRefusalCodes, ...orderMoved, 'price_mismatch', 'invalid_coupon', 'rate_limited'],
  });

export const confirmPayment = (orderId: string, checkoutToken: string, body: z.input<typeof confirmPaymentSchema>) =>
  api.post<PayResult>(`checkout/${encodeURIComponent(orderId)}/confirm`, {
    json: body,
    headers: tokenHeader(checkoutToken),
    context: guest,
    expected: cardRefusalCodes,
  });

/** Attaches a paid order to the signed-in account with the receipt's claim link; answers the company created for it. */
export const claimOrder = (orderId: string, claimToken: string) =>
  api.post<{ orderId: string; status: OrderView['status']; companyId: string | null }>(`orders/${encodeURIComponent(orderId)}/claim`, {
    json: { claimToken },
    // Signed out, the claim page offers login and registration itself.
    context: { redirectOnUnauthorized: false },
    expected: ['invalid_claim_link'],
  });
