import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { confirmPaymentSchema, idempotencyKeySchema, payOrderSchema, payResultSchema } from '@domain/checkout';
import type { AppDeps, AppEnv, SessionUser } from '../context';
import type { StoredResponse } from '../db/schema/payments';
import { json } from '../lib/openapi';
import { problem } from '../lib/problem-responses';
import { checkoutTokenHeader, withCheckoutAccess } from '../middleware/with-checkout-access';
import type { Checkout } from '../payments/checkout';

const orderIdParams = z.object({ orderId: z.uuid({ error: 'validation.invalid' }) });
const checkoutHeaders = z.object({ [checkoutTokenHeader]: z.string().max(200).optional() });

const payRoute = createRoute({
  method: 'post',
  path: '/checkout/{orderId}/pay',
  summary: 'Pay an order (local sandbox card or Stripe PaymentMethod), exactly once per Idempotency-Key',
  description:
    'Send `Idempotency-Key` (a UUID per checkout attempt). A retry with the same key and body returns the first answer and never charges again; the same key with another body is 422 `idempotency_key_reused`. 402 declines carry `declineCode` and `supportCode`; 409 `price_mismatch` carries the server `amount`; 429 `rate_limited` means too many declined attempts on this order (place a new order).',
  tags: ['checkout'],
  request: {
    params: orderIdParams,
    headers: checkoutHeaders.extend({ 'idempotency-key': idempotencyKeySchema }),
    body: { content: json(payOrderSchema), required: true },
  },
  responses: {
    200: { description: 'Succeeded, or requires a 3-D Secure challenge', content: json(payResultSchema) },
    400: problem('Invalid input, or a payment method this provider does not take (`payment_method_unsupported`)'),
    401: problem('No checkout token and not signed in'),
    402: problem(
      'Declined: `card_declined`, `insufficient_funds`, `expired_card`, `incorrect_cvc`, `incorrect_number`, `authentication_failed`, `payment_failed`',
    ),
    404: problem('No such order for this caller'),
    409: problem('`order_paid`, `order_expired`, `price_mismatch` (with the server `amount`), `payment_in_progress`'),
    422: problem('`idempotency_key_reused`, `invalid_coupon` (its last redemption went to someone else), `banking_unavailable_country`'),
    429: problem('`rate_limited`: too many declined attempts on this order; place a new order'),
    502: problem('The payment provider failed; retry with the same key (`supportCode`)'),
  },
});

const confirmRoute = createRoute({
  method: 'post',
  path: '/checkout/{orderId}/confirm',
  summary: 'Complete a payment after its 3-D Secure challenge',
  tags: ['checkout'],
  request: { params: orderIdParams, headers: checkoutHeaders, body: { content: json(confirmPaymentSchema), required: true } },
  responses: {
    200: { description: 'Succeeded, or the challenge is still pending', content: json(payResultSchema) },
    402: problem(
      'Declined after the challenge: `authentication_failed` (challenge failed), the other declines, or `payment_failed` (the provider canceled the payment)',
    ),
    404: problem('No such order or payment for this caller'),
    409: problem('`order_expired`, `payment_in_progress`'),
  },
});

/**
 * Stored answers are replayed as they were: status and body. Their statuses vary per
 * attempt, which the typed handler cannot express; the route's `responses` document them.
 */
function reply(response: StoredResponse): never {
  const headers = { 'Content-Type': response.status >= 400 ? 'application/problem+json' : 'application/json' };
  return new Response(JSON.stringify(response.body), { status: response.status, headers }) as never;
}

/** POST /checkout/:orderId/pay and /confirm. */
export function checkoutRouter(deps: AppDeps, checkout: Checkout) {
  const access = withCheckoutAccess(deps);
  const router = new OpenAPIHono<AppEnv>();
  // Paying is the customer's own act: the API-wide `refuseUnsafeWhileImpersonating` refuses it to an admin acting as them.
  router.use('/checkout/*', access);
  return router
    .openapi(payRoute, async (c) => {
      const { orderId } = c.req.valid('param');
      const headers = c.req.valid('header');
      const caller = { token: headers[checkoutTokenHeader], user: c.get('user') as SessionUser | undefined };
      return reply(await checkout.pay(orderId, caller, headers['idempotency-key'], c.req.valid('json')));
    })
    .openapi(confirmRoute, async (c) => {
      const { orderId } = c.req.valid('param');
      const headers = c.req.valid('header');
      const caller = { token: headers[checkoutTokenHeader], user: c.get('user') as SessionUser | undefined };
      return reply(await checkout.confirm(orderId, caller, c.req.valid('json')));
    });
}
