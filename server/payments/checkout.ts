import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PayOrderInput, PayResult } from '@domain/checkout';
import type { PaymentDeclineCode } from '@domain/payment-declines';
import { longDate } from '@domain/locale-formats';
import { isBankingAvailable } from '@domain/countries';
import { formatUsd } from '@domain/plans';
import type { ProblemCode } from '@domain/problem';
import { sendMailInBackground } from '../auth/mails';
import type { AppDeps, SessionUser } from '../context';
import { forceCouponRedemption, reserveCouponRedemption } from '../db/queries/coupons';
import { expireIfDue, findOrder, lockOrder, claimLinkDays, markOrderPaid, userExistsWithEmail, type OrderRow } from '../db/queries/orders';
import {
  countFailedPayments,
  findLivePayment,
  findPayment,
  findPaymentByKey,
  insertPayment,
  releasePayment,
  settlePayment,
  storePaymentResponse,
  takeStalePayment,
  type PaymentRow,
} from '../db/queries/payments';
import type { StoredResponse } from '../db/schema/payments';
import { logError } from '../lib/log-error';
import { problemBody, ProblemError } from '../lib/problem';
import { mayAccessOrder } from '../middleware/with-checkout-access';
import { renderMail } from '../providers/mail/render-mail';
import { PaymentProviderError, UnsupportedPaymentMethodError, type PaymentOutcome, type PaymentsProvider } from '../providers/payments/payments-provider';
import { toProviderMethod } from './provider-method';

/** An attempt `processing` with no answer for this long is taken over by a retry with the same key. */
const staleAttemptMs = 30_000;
/** How long a duplicate request (double click, retry) waits for the first one's answer before 409. */
const duplicateWaitMs = 10_000;
const duplicatePollMs = 50;
/** Declined attempts an order allows; a customer with a real card rarely needs more than a few. */
export const maxFailedAttempts = 10;

/** The support code a customer quotes for an unexpected payment error (SPEC §8): the attempt's id, shortened. */
export const supportCodeOf = (paymentId: string) => `PAY-${paymentId.slice(0, 8).toUpperCase()}`;

function paymentProblem(status: number, code: ProblemCode, extra: { declineCode?: string; supportCode?: string } = {}): StoredResponse {
  return { status, body: { ...problemBody(status, code), ...extra } };
}

/** What the checkout answers for a provider outcome; failures are 402 problems with the decline reason. */
function declinedResponse(payment: PaymentRow, code: PaymentDeclineCode | 'payment_failed', declineCode: string): StoredResponse {
  return paymentProblem(402, code, { declineCode, supportCode: supportCodeOf(payment.id) });
}

type Access = { token: string | undefined; user: SessionUser | undefined };

/**
 * The checkout: pay with an idempotency key, 3-D Secure confirmation, and abandoning a
 * challenge that a new attempt replaces. Money moves only through `charge`, and only for
 * an attempt row that the database let exist (one per key, one live per order).
 */
export function createCheckout(deps: AppDeps, provider: PaymentsProvider) {
  const db = deps.database.db;

  const requestHash = (orderId: string, body: PayOrderInput) =>
    createHmac('sha256', deps.env.SESSION_SECRET)
      .update(JSON.stringify([orderId, body]))
      .digest('base64url');

  /** The receipt, in the language the customer ordered in, to the email of the order's contact. */
  function sendReceipt(order: OrderRow, paidAt: Date, claimToken: string | null) {
    const owner = (order.wizard as { owner: { firstName: string } }).owner;
    const money = (cents: number) => formatUsd(cents, order.language);
    const date = longDate(paidAt, order.language);
    sendMailInBackground(
      deps,
      'orderReceipt',
      renderMail('orderReceipt', {
        to: order.email,
        language: order.language,
        appUrl: deps.env.APP_URL,
        values: {
          firstName: owner.firstName,
          orderNumber: order.orderNumber,
          date,
          billing: order.billing,
          lines: order.quote.lines.map((line) => ({ kind: line.kind, id: line.id, amount: money(line.amount) })),
          discount: order.couponCode && order.quote.discount > 0 ? { code: order.couponCode, amount: money(order.quote.discount) } : null,
          total: money(order.quote.total),
          claim: claimToken ? { link: `${order.id}.${claimToken}`, days: claimLinkDays } : null,
        },
      }),
    );
  }

  /**
   * Records how an attempt ended, once (`from` guards against a concurrent settler), and
   * returns the answer for the client. A success marks the order paid, creates the company
   * if an account already owns the order, and sends the receipt.
   */
  async function settle(payment: PaymentRow, from: PaymentRow['status'][], outcome: PaymentOutcome | { status: 'free' }): Promise<StoredResponse> {
    const now = deps.now();
    if (outcome.status === 'processing') {
      // The network has not decided yet: keep the attempt open; a retry with the key asks again.
      await db.transaction((tx) => settlePayment(tx, payment, from, { status: 'processing', providerPaymentId: outcome.id }, now));
      throw new ProblemError(409, 'payment_in_progress');
    }
    const result = await db.transaction(async (tx) => {
      const order = (await lockOrder(tx, payment.orderId))!;
      if (outcome.status === 'succeeded' || outcome.status === 'free') {
        const card = outcome.status === 'succeeded' ? outcome.card : null;
        const settled = await settlePayment(
          tx,
          payment,
          from,
          {
            status: 'succeeded',
            providerPaymentId: outcome.status === 'succeeded' ? outcome.id : null,
            cardBrand: card?.brand ?? null,
            cardLast4: card?.last4 ?? null,
            clientSecret: null,
          },
          now,
        );
        if (!settled) return { response: null, paid: null };
        // A success whose reservation was released (challenge completed after expiry) still used the coupon.
        if (order.couponCode && settled.couponCode === null) await forceCouponRedemption(tx, order.couponCode);
        const { companyId, claimToken } = await markOrderPaid(tx, order, now);
        const body: PayResult = {
          status: 'succeeded',
          orderId: order.id,
          orderNumber: order.orderNumber,
          paymentId: payment.id,
          userExists: await userExistsWithEmail(tx, order.email),
          companyId,
        };
        const response = { status: 200, body };
        await storePaymentResponse(tx, payment.id, response, now);
        return { response, paid: { order, claimToken } };
      }
      if (outcome.status === 'requires_action') {
        const body: PayResult = {
          status: 'requires_action',
          orderId: order.id,
          paymentId: payment.id,
          action: { type: 'three_d_secure', provider: provider.name, clientSecret: outcome.clientSecret },
        };
        const response = { status: 200, body };
        const settled = await settlePayment(
          tx,
          payment,
          from,
          { status: 'requires_action', providerPaymentId: outcome.id, clientSecret: outcome.clientSecret, response },
          now,
        );
        return { response: settled ? response : null, paid: null };
      }
      const response =
        outcome.status === 'failed' ? declinedResponse(payment, outcome.code, outcome.declineCode) : declinedResponse(payment, 'payment_failed', 'canceled');
      const settled = await settlePayment(
        tx,
        payment,
        from,
        {
          status: outcome.status === 'failed' ? 'failed' : 'canceled',
          providerPaymentId: outcome.id ?? payment.providerPaymentId,
          declineCode: outcome.status === 'failed' ? outcome.declineCode : null,
          clientSecret: null,
          response,
        },
        now,
      );
      return { response: settled ? response : null, paid: null };
    });
    if (result.paid) sendReceipt(result.paid.order, now, result.paid.claimToken);
    if (result.response) return result.response;
    // Someone else settled this attempt a moment ago: answer with what they recorded.
    const current = (await findPayment(db, payment.orderId, payment.id))!;
    if (current.response) return current.response;
    throw new ProblemError(409, 'payment_in_progress');
  }

  /** Asks the provider to charge (or, for an attempt it already knows, where the charge stands) and settles. */
  async function charge(payment: PaymentRow, order: OrderRow, body: PayOrderInput): Promise<StoredResponse> {
    if (payment.amount === 0) return settle(payment, ['processing'], { status: 'free' });
    let outcome: PaymentOutcome;
    try {
      outcome = payment.providerPaymentId
        ? await provider.retrieve(payment.providerPaymentId)
        : await provider.createPayment({
            amount: payment.amount,
            currency: 'usd',
            // One provider key per attempt row: a resumed attempt cannot become a second charge.
            idempotencyKey: `alta-payment-${payment.id}`,
            paymentMethod: toProviderMethod(body.paymentMethod),
            description: `Alta order ${order.orderNumber}`,
            metadata: { orderId: order.id, orderNumber: order.orderNumber, paymentId: payment.id },
          });
    } catch (error) {
      if (error instanceof UnsupportedPaymentMethodError) {
        const response = paymentProblem(400, 'payment_method_unsupported');
        await db.transaction((tx) =>
          settlePayment(tx, payment, ['processing'], { status: 'failed', declineCode: 'payment_method_unsupported', response }, deps.now()),
        );
        return response;
      }
      // Unknown at the provider: the attempt stays open and the next retry resumes it with the same key.
      await releasePayment(db, payment.id);
      logError('payment provider error', { paymentId: payment.id, ...(error instanceof PaymentProviderError ? { detail: error.message } : {}) }, error);
      // Not stored: a retry with the same key must resume the attempt, not replay this answer.
      return paymentProblem(502, 'payment_failed', { supportCode: supportCodeOf(payment.id) });
    }
    return settle(payment, ['processing'], outcome);
  }

  /**
   * A challenge the customer walked away from: cancelled at the provider before a new
   * attempt may start. If it succeeded meanwhile, that success is recorded instead.
   */
  async function abandonChallenge(payment: PaymentRow): Promise<void> {
    const outcome = await provider.cancel(payment.providerPaymentId!);
    await settle(payment, ['requires_action'], outcome.status === 'requires_action' ? { status: 'canceled', id: outcome.id } : outcome);
  }

  /** Waits for the first request with this key to answer (a double click, a retry, a second tab with the same key). */
  async function awaitAnswer(orderId: string, idempotencyKey: string): Promise<StoredResponse | 'stale' | null> {
    const deadline = Date.now() + duplicateWaitMs;
    while (Date.now() < deadline) {
      const current = await findPaymentByKey(db, orderId, idempotencyKey);
      if (current?.response) return current.response;
      if (current && current.updatedAt.getTime() <= deps.now().getTime() - staleAttemptMs) return 'stale';
      await sleep(duplicatePollMs);
    }
    return null;
  }

  type Step =
    | { kind: 'answer'; response: StoredResponse }
    | { kind: 'in_flight'; payment: PaymentRow }
    | { kind: 'abandon'; payment: PaymentRow }
    | { kind: 'charge'; payment: PaymentRow; order: OrderRow };

  /** POST /checkout/:orderId/pay */
  async function pay(orderId: string, access: Access, idempotencyKey: string, body: PayOrderInput): Promise<StoredResponse> {
    const hash = requestHash(orderId, body);
    for (let round = 0; round < 4; round += 1) {
      const now = deps.now();
      const step = await db.transaction(async (tx): Promise<Step> => {
        const locked = await lockOrder(tx, orderId);
        if (!locked || !mayAccessOrder(locked, access.token, access.user)) throw new ProblemError(404, 'not_found');
        const existing = await findPaymentByKey(tx, orderId, idempotencyKey);
        if (existing) {
          if (existing.requestHash !== hash) throw new ProblemError(422, 'idempotency_key_reused');
          return existing.response ? { kind: 'answer', response: existing.response } : { kind: 'in_flight', payment: existing };
        }
        const order = await expireIfDue(tx, locked, now);
        if (order.status === 'paid') throw new ProblemError(409, 'order_paid');
        if (order.status === 'expired') throw new ProblemError(409, 'order_expired');
        if (body.amount !== order.total) {
          // The customer was shown another total (tampering, or a stale page): nothing is charged, the right amount is told.
          return { kind: 'answer', response: { status: 409, body: { ...problemBody(409, 'price_mismatch'), amount: order.total } } };
        }
        // SPEC §1: residents of these countries cannot open digital banking; the payer's country counts too.
        if (order.flow === 'crossBorderCrypto' && !isBankingAvailable(body.country)) throw new ProblemError(422, 'banking_unavailable_country');
        // Someone trying card after card on one order is testing stolen cards, not paying for a company.
        if ((await countFailedPayments(tx, orderId)) >= maxFailedAttempts) throw new ProblemError(429, 'rate_limited');
        const live = await findLivePayment(tx, orderId);
        if (live?.status === 'succeeded') throw new ProblemError(409, 'order_paid');
        if (live?.status === 'processing') throw new ProblemError(409, 'payment_in_progress');
        if (live?.status === 'requires_action') return { kind: 'abandon', payment: live };
        if (order.couponCode && !(await reserveCouponRedemption(tx, order.couponCode, now))) throw new ProblemError(422, 'invalid_coupon');
        const payment = await insertPayment(tx, {
          orderId,
          idempotencyKey,
          requestHash: hash,
          provider: provider.name,
          amount: order.total,
          couponCode: order.couponCode,
          now,
        });
        // The order row is locked, so only a sibling instance racing on another database session gets here.
        if (!payment) throw new ProblemError(409, 'payment_in_progress');
        return { kind: 'charge', payment, order };
      });

      switch (step.kind) {
        case 'answer':
          return step.response;
        case 'charge':
          return charge(step.payment, step.order, body);
        case 'abandon':
          await abandonChallenge(step.payment);
          continue;
        case 'in_flight': {
          const answer = await awaitAnswer(orderId, idempotencyKey);
          if (answer === null) throw new ProblemError(409, 'payment_in_progress');
          if (answer !== 'stale') return answer;
          const taken = await takeStalePayment(db, step.payment.id, new Date(deps.now().getTime() - staleAttemptMs), deps.now());
          if (!taken) continue;
          const order = (await findOrder(db, orderId))!;
          return charge(taken, order, body);
        }
      }
    }
    throw new ProblemError(409, 'payment_in_progress');
  }

  /** POST /checkout/:orderId/confirm, after the 3-D Secure challenge. */
  async function confirm(
    orderId: string,
    access: Access,
    input: { paymentId: string; challengeResult?: 'completed' | 'failed' | undefined },
  ): Promise<StoredResponse> {
    const { order, payment } = await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, orderId);
      if (!locked || !mayAccessOrder(locked, access.token, access.user)) throw new ProblemError(404, 'not_found');
      const found = await findPayment(tx, orderId, input.paymentId);
      if (!found) throw new ProblemError(404, 'not_found');
      return { order: await expireIfDue(tx, locked, deps.now()), payment: (await findPayment(tx, orderId, input.paymentId))! };
    });
    if (payment.status === 'succeeded' || payment.status === 'failed') return payment.response!;
    if (payment.status === 'processing' || !payment.providerPaymentId) throw new ProblemError(409, 'payment_in_progress');

    if (payment.status === 'canceled') {
      // Canceled on our side (order expired, or replaced by a new attempt): make sure the provider agrees.
      const outcome = await provider.cancel(payment.providerPaymentId);
      if (outcome.status === 'succeeded') return settle(payment, ['canceled'], outcome);
      throw new ProblemError(409, order.status === 'expired' ? 'order_expired' : 'payment_failed');
    }

    const outcome = await provider.confirmAction({
      id: payment.providerPaymentId,
      ...(input.challengeResult ? { challengeResult: input.challengeResult } : {}),
    });
    if (outcome.status === 'requires_action') return payment.response!;
    return settle(payment, ['requires_action', 'canceled'], outcome);
  }

  return { pay, confirm, abandonChallenge };
}

export type Checkout = ReturnType<typeof createCheckout>;
