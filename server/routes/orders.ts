import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  applyCouponSchema,
  claimOrderSchema,
  claimResultSchema,
  couponAnswerSchema,
  createOrderSchema,
  flowCompanyType,
  orderCreatedSchema,
  orderViewSchema,
  type CreateOrderInput,
  type OrderView,
} from '@domain/checkout';
import { bankingUnavailableResidence } from '@domain/company';
import { toE164 } from '@domain/phone';
import { computePrice, couponDiscount, quoteSchema, type CouponEffect, type Quote } from '@domain/plans';
import { demoCoupons } from '../catalog/coupons';
import { planCatalog } from '../catalog/plans';
import { emailProven } from '../auth/email-proof';
import type { AppDeps, AppEnv, SessionUser } from '../context';
import type { Db } from '../db/client';
import { couponEffect, couponUsable, findCoupon, insertCoupons } from '../db/queries/coupons';
import { claimOrderWithLink, expireIfDue, findOrder, placeOrder, lockOrder, setOrderCoupon, userExistsWithEmail, type OrderRow } from '../db/queries/orders';
import { findLivePayment, type PaymentRow } from '../db/queries/payments';
import { fieldErrors, priceMismatch, ProblemError } from '../lib/problem';
import { unstorableInput } from '../lib/validation-hook';
import { checkoutTokenHeader, mayAccessOrder, withCheckoutAccess } from '../middleware/with-checkout-access';
import { withOptionalSession } from '../middleware/with-optional-session';
import { withRateLimit } from '../middleware/with-rate-limit';
import { withSession } from '../middleware/with-session';
import type { Checkout } from '../payments/checkout';
import { json } from '../lib/openapi';
import { problem } from '../lib/problem-responses';

const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const checkoutHeaders = z.object({ [checkoutTokenHeader]: z.string().max(200).optional() });

/** The name the order is for: the first name option, the migrating company, or the crypto business. */
function companyNameOf(order: OrderRow): string {
  const wizard = order.wizard as { company?: { nameOption1?: string; existingCompanyName?: string }; business?: { legalName: string }; companyName?: string };
  return wizard.company?.nameOption1 ?? wizard.company?.existingCompanyName ?? wizard.business?.legalName ?? wizard.companyName ?? '';
}

function orderView(order: OrderRow, live: PaymentRow | null, userExists: boolean | null = null): OrderView {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    flow: order.flow,
    paymentType: order.paymentType,
    status: order.status,
    plan: order.plan,
    billing: order.billing,
    services: order.services,
    couponCode: order.couponCode,
    quote: order.quote,
    email: order.email,
    companyName: companyNameOf(order),
    language: order.language,
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    companyId: order.companyId,
    claimed: order.userId !== null,
    userExists,
    // Only a new company's order carries the wizard's partners (a renewal's carries the company's details).
    bankingUnavailableIn:
      order.paymentType !== 'plan' || order.flow === 'crossBorderCrypto'
        ? null
        : bankingUnavailableResidence((order.wizard as { partners: { country: string }[] }).partners),
    pendingPayment:
      live?.status === 'requires_action'
        ? { paymentId: live.id, action: { type: 'three_d_secure', provider: live.provider, clientSecret: live.clientSecret } }
        : null,
  };
}

/** The wizard as stored: validated, with the phone in E.164. */
function storedWizard(input: CreateOrderInput): Record<string, unknown> {
  const owner = input.wizard.owner;
  return { ...input.wizard, owner: { ...owner, phone: toE164(owner.phone, owner.phoneCountry) ?? owner.phone } };
}

const postOrder = (deps: AppDeps) =>
  createRoute({
    method: 'post',
    path: '/orders',
    summary: 'Place an order from a wizard (public, rate limited; a signed-in caller owns it)',
    description:
      'Validates the wizard strictly, prices it from the server catalog and refuses a different `expectedAmount` (409 `price_mismatch` with the server `amount`: a page opened before a price change). Answers the `checkoutToken` that authorises this browser to see and pay the order; it is never shown again. With a session cookie the order belongs to that account from the start (its company is created at payment).',
    tags: ['orders'],
    middleware: [withRateLimit(deps, 'orderCreate'), withOptionalSession(deps)] as const,
    request: { body: { content: json(createOrderSchema), required: true } },
    responses: {
      201: { description: 'Order placed, ready for checkout', content: json(orderCreatedSchema) },
      400: problem('`validation` with per-field `errors` (wizard, plan, services)'),
      401: problem('`unauthorized`: a session cookie that is no longer valid'),
      409: problem('`price_mismatch`, with the server `amount`'),
      422: problem('`invalid_coupon`; `banking_unavailable_country` (a SPEC §1 residence, which the wizard never sends)'),
      429: problem('`rate_limited`: wait `retryAfter` seconds (also in the Retry-After header)'),
    },
  });

const getOrder = (deps: AppDeps) =>
  createRoute({
    method: 'get',
    path: '/orders/{id}',
    summary: 'An order, for the guest holding its checkout token or the account that claimed it',
    tags: ['orders'],
    middleware: [withCheckoutAccess(deps)] as const,
    request: { params: idParams, headers: checkoutHeaders },
    responses: { 200: { description: 'The order', content: json(orderViewSchema) }, 401: problem('No token and not signed in'), 404: problem('`not_found`') },
  });

/** The order a coupon attempt is about, for its rate limit (read before validation: only a well-formed id counts). */
const orderIdOf = (c: Context) => {
  const id = z.uuid().safeParse(c.req.param('id'));
  return id.success ? id.data : undefined;
};

const postCoupon = (deps: AppDeps) =>
  createRoute({
    method: 'post',
    path: '/orders/{id}/coupon',
    summary: 'Validate and apply a coupon to an unpaid order',
    description: 'Wrong codes are limited per address and per order (429 `rate_limited` with Retry-After).',
    tags: ['orders'],
    middleware: [withCheckoutAccess(deps), withRateLimit(deps, 'coupon', orderIdOf)] as const,
    request: { params: idParams, headers: checkoutHeaders, body: { content: json(applyCouponSchema), required: true } },
    responses: {
      200: {
        description: 'Coupon applied with the new quote, or `{ valid: false, code: "invalid_coupon" }` (unknown, expired, switched off or no redemptions left)',
        content: json(couponAnswerSchema),
      },
      404: problem('`not_found`'),
      409: problem('`order_paid`, `order_expired`, `payment_in_progress`'),
      429: problem('`rate_limited`: wait `retryAfter` seconds (also in the Retry-After header)'),
    },
  });

const deleteCoupon = (deps: AppDeps) =>
  createRoute({
    method: 'delete',
    path: '/orders/{id}/coupon',
    summary: 'Remove the coupon of an unpaid order',
    tags: ['orders'],
    middleware: [withCheckoutAccess(deps)] as const,
    request: { params: idParams, headers: checkoutHeaders },
    responses: {
      200: { description: 'The quote without coupon', content: json(z.object({ quote: quoteSchema })) },
      404: problem('`not_found`'),
      409: problem('`order_paid`, `order_expired`, `payment_in_progress`'),
    },
  });

const postClaim = (deps: AppDeps) =>
  createRoute({
    method: 'post',
    path: '/orders/{id}/claim',
    summary: 'Attach a paid guest order to the signed-in account with the receipt’s claim link',
    description:
      'The `claimToken` of the link in the receipt mail proves its holder reads the order’s email (decision 017). It works once and expires; the company then exists for the account (status Start). Claiming again with the same account is harmless.',
    tags: ['orders'],
    security: [{ cookieAuth: [] }],
    middleware: [withSession(deps)] as const,
    request: { params: idParams, body: { content: json(claimOrderSchema), required: true } },
    responses: {
      200: { description: 'The order is the account’s', content: json(claimResultSchema) },
      401: problem('`unauthorized`'),
      404: problem('`not_found` (unknown order)'),
      422: problem('`invalid_claim_link`: wrong, expired or already used link'),
    },
  });

/** Orders: placing one, reading it, coupons, and claiming it for an account. */
export function ordersRouter(deps: AppDeps, checkout: Checkout) {
  const db = deps.database.db;
  // Demo coupons exist outside production, created on first use (never overwriting an edited row).
  let demoCouponsReady: Promise<void> | null = null;
  const ensureDemoCoupons = () => {
    if (deps.env.NODE_ENV === 'production') return Promise.resolve();
    demoCouponsReady ??= insertCoupons(db, demoCoupons).catch((error: unknown) => {
      // A failed insert is tried again on the next use instead of being remembered.
      demoCouponsReady = null;
      throw error;
    });
    return demoCouponsReady;
  };

  /** The coupon of `code` when it can be used now, else null. */
  async function findUsableCoupon(code: string): Promise<{ code: string; effect: CouponEffect; percentOff: number | null; amountOff: number | null } | null> {
    await ensureDemoCoupons();
    const coupon = await findCoupon(db, code);
    if (!coupon || !couponUsable(coupon, deps.now())) return null;
    return { code: coupon.code, effect: couponEffect(coupon), percentOff: coupon.percentOff, amountOff: coupon.amountOff };
  }

  async function usableCoupon(code: string) {
    const coupon = await findUsableCoupon(code);
    if (!coupon) throw new ProblemError(422, 'invalid_coupon');
    return coupon;
  }

  /**
   * Runs a change of an unpaid order's coupon under the order's lock. A 3-D Secure challenge
   * left open is abandoned first (its amount would no longer be the order's).
   */
  async function changeCoupon(id: string, c: Context, change: (tx: Db, order: OrderRow) => Promise<Quote>): Promise<Quote> {
    const token = c.req.header(checkoutTokenHeader);
    const user = c.get('user') as SessionUser | undefined;
    for (let round = 0; round < 3; round += 1) {
      const step = await db.transaction(async (tx): Promise<{ kind: 'done'; quote: Quote } | { kind: 'abandon'; payment: PaymentRow }> => {
        const locked = await lockOrder(tx, id);
        if (!locked || !mayAccessOrder(locked, token, user)) throw new ProblemError(404, 'not_found');
        const order = await expireIfDue(tx, locked, deps.now());
        if (order.status === 'paid') throw new ProblemError(409, 'order_paid');
        if (order.status === 'expired') throw new ProblemError(409, 'order_expired');
        const live = await findLivePayment(tx, id);
        if (live?.status === 'succeeded') throw new ProblemError(409, 'order_paid');
        if (live?.status === 'processing') throw new ProblemError(409, 'payment_in_progress');
        if (live?.status === 'requires_action') return { kind: 'abandon', payment: live };
        return { kind: 'done', quote: await change(tx, order) };
      });
      if (step.kind === 'done') return step.quote;
      await checkout.abandonChallenge(step.payment);
    }
    throw new ProblemError(409, 'payment_in_progress');
  }

  const requote = (order: OrderRow, effect: CouponEffect | null) => {
    // An existing company's order (renewal, dissolution, services) keeps its lines; only the discount changes.
    if (order.paymentType !== 'plan') {
      const discount = couponDiscount(order.quote.subtotal, effect);
      return { ...order.quote, discount, total: order.quote.subtotal - discount };
    }
    const price = computePrice(
      planCatalog,
      { companyType: flowCompanyType[order.flow], plan: order.plan, billing: order.billing, services: order.services },
      effect,
    );
    // The catalog changed under a placed order: its services or plan are gone.
    if (!price.ok) throw new ProblemError(409, 'conflict', price.errors);
    return price.quote;
  };

  return new OpenAPIHono<AppEnv>()
    .openapi(
      postOrder(deps),
      async (c) => {
        const input = c.req.valid('json');
        const now = deps.now();
        const coupon = input.couponCode ? await usableCoupon(input.couponCode) : null;
        const price = computePrice(
          planCatalog,
          { companyType: flowCompanyType[input.flow], plan: input.plan, billing: input.billing, services: input.services },
          coupon?.effect,
        );
        if (!price.ok) throw new ProblemError(400, 'validation', price.errors);
        if (price.quote.total !== input.expectedAmount) return priceMismatch(c, price.quote.total);
        const created = await placeOrder(db, {
          flow: input.flow,
          plan: input.plan,
          billing: input.billing,
          services: input.services,
          wizard: storedWizard(input),
          email: input.wizard.owner.email,
          language: input.language,
          couponCode: coupon?.code ?? null,
          quote: price.quote,
          userId: (c.get('user') as SessionUser | undefined)?.id ?? null,
          companyDraftId: input.companyDraftId ?? null,
          attribution: input.attribution ?? null,
          now,
        });
        return c.json(created, 201);
      },
      (result): undefined => {
        if (result.success) {
          const refusal = unstorableInput(result.data);
          if (refusal) throw refusal;
          return undefined;
        }
        const errors = fieldErrors(result.error);
        // SPEC §1: a resident of a country without digital banking is refused with its own code, not a generic validation error.
        const sanctioned = Object.values(errors).some(
          (messages) => messages.includes('validation.bankingUnavailableCountry') || messages.includes('validation.bankingUnavailableService'),
        );
        throw sanctioned ? new ProblemError(422, 'banking_unavailable_country', errors) : new ProblemError(400, 'validation', errors);
      },
    )
    .openapi(getOrder(deps), async (c) => {
      const { id } = c.req.valid('param');
      let order = await findOrder(db, id);
      if (!order || !mayAccessOrder(order, c.req.valid('header')[checkoutTokenHeader], c.get('user'))) {
        throw new ProblemError(404, 'not_found');
      }
      if (order.status === 'pending' && order.expiresAt.getTime() <= deps.now().getTime()) {
        order = await db.transaction(async (tx) => expireIfDue(tx, (await lockOrder(tx, id))!, deps.now()));
      }
      // The payer's browser (the checkout token) of a paid, unclaimed order learns what the
      // payment answered it: log in, or create the account. Paying is the price of asking.
      const token = c.req.valid('header')[checkoutTokenHeader];
      const userExists = order.status === 'paid' && order.userId === null && token !== undefined ? await userExistsWithEmail(db, order.email) : null;
      return c.json(orderView(order, await findLivePayment(db, id), userExists), 200);
    })
    .openapi(postCoupon(deps), async (c) => {
      const { id } = c.req.valid('param');
      // The order first: a code is judged only for someone who may change this order, so an
      // unknown order id answers 404 whatever the code, and no one learns which codes exist.
      const order = await findOrder(db, id);
      if (!order || !mayAccessOrder(order, c.req.valid('header')[checkoutTokenHeader], c.get('user'))) {
        throw new ProblemError(404, 'not_found');
      }
      const coupon = await findUsableCoupon(c.req.valid('json').code);
      if (!coupon) {
        await c.var.rateLimit.failed();
        return c.json({ valid: false as const, code: 'invalid_coupon' as const }, 200);
      }
      const quote = await changeCoupon(id, c, async (tx, order) => {
        const next = requote(order, coupon.effect);
        await setOrderCoupon(tx, order.id, coupon.code, next, deps.now());
        return next;
      });
      return c.json({ valid: true as const, coupon: { code: coupon.code, percentOff: coupon.percentOff, amountOff: coupon.amountOff }, quote }, 200);
    })
    .openapi(deleteCoupon(deps), async (c) => {
      const { id } = c.req.valid('param');
      const quote = await changeCoupon(id, c, async (tx, order) => {
        const next = requote(order, null);
        await setOrderCoupon(tx, order.id, null, next, deps.now());
        return next;
      });
      return c.json({ quote }, 200);
    })
    .openapi(postClaim(deps), async (c) => {
      const { id } = c.req.valid('param');
      const outcome = await claimOrderWithLink(db, { orderId: id, claimToken: c.req.valid('json').claimToken, userId: c.var.user.id, now: deps.now() });
      if (!outcome.ok) {
        throw outcome.reason === 'not_found' ? new ProblemError(404, 'not_found') : new ProblemError(422, 'invalid_claim_link');
      }
      // The link reached the order's mailbox: if that is the account's own address, it is proven too.
      if (c.var.user.email === (await findOrder(db, id))?.email) await emailProven(deps, c.var.user);
      return c.json(outcome.result, 200);
    });
}
