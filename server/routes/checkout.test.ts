import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCoupons } from '../db/queries/coupons';
import { coupons, orders } from '../db/schema/orders';
import { payments, sandboxPaymentIntents } from '../db/schema/payments';
import { answeredWith, createTestApp, outcome, type TestApp } from '../test/harness';
import { PaymentProviderError, type PaymentsProvider } from '../providers/payments/payments-provider';
import { createSandboxPayments } from '../providers/payments/sandbox-payments';
import { cardMethod, confirmRequest, payRequest, placeOrder, signedInUser, type PlacedOrder } from '../test/orders-fixtures';
import { createCheckout } from '../payments/checkout';

const day = 24 * 60 * 60 * 1000;

describe('checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  /** Charges the sandbox took for an order: what "charged twice" would show. */
  const chargesOf = async (order: PlacedOrder) =>
    (await t.database.db.select().from(sandboxPaymentIntents)).filter((intent) => intent.metadata.orderId === order.orderId && intent.status === 'succeeded');
  const orderRow = async (order: PlacedOrder) => (await t.database.db.select().from(orders).where(eq(orders.id, order.orderId)))[0]!;

  describe('paying', () => {
    it('charges 4242 once, marks the order paid and says no account exists yet', async () => {
      const order = await placeOrder(t, { email: 'first@example.com' });
      const response = await payRequest(t, order);
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toMatchObject({ status: 'succeeded', orderId: order.orderId, orderNumber: order.orderNumber, userExists: false, companyId: null });
      expect((await orderRow(order)).status).toBe('paid');
      expect(await chargesOf(order)).toHaveLength(1);
      expect((await chargesOf(order))[0]!.amount).toBe(order.amount);
    });

    it('sends the receipt in the language of the order', async () => {
      const order = await placeOrder(t, { email: 'receipt@example.com' });
      await payRequest(t, order);
      const mail = t.mails.find((candidate) => candidate.to === 'receipt@example.com')!;
      expect(mail.language).toBe('es');
      expect(mail.subject).toContain(order.orderNumber);
      expect(mail.text).toContain('Agente registrado (1 año)');
      expect(mail.text).toContain('Total pagado: $648');
      expect(mail.text).toContain('no se puede cancelar ni reembolsar');
    });

    it('tells an existing account apart from a new one', async () => {
      await signedInUser(t, 'existing@example.com');
      const order = await placeOrder(t, { email: 'existing@example.com' });
      expect(await (await payRequest(t, order)).json()).toMatchObject({ status: 'succeeded', userExists: true });
    });

    it.each([
      ['4000000000000002', 'card_declined', 'generic_decline'],
      ['4000000000009995', 'insufficient_funds', 'insufficient_funds'],
      ['4000000000000069', 'expired_card', 'expired_card'],
      ['4000000000000127', 'incorrect_cvc', 'incorrect_cvc'],
      ['4242424242424241', 'incorrect_number', 'incorrect_number'],
    ])('declines %s with %s and a support code, leaving the order payable', async (cardNumber, code, declineCode) => {
      const order = await placeOrder(t);
      const response = await payRequest(t, order, { cardNumber });
      // 402, as Stripe answers a decline.
      expect(response.status).toBe(402);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      const problem = await response.json();
      expect(problem).toMatchObject({ status: 402, code, declineCode });
      expect(problem.supportCode).toMatch(/^PAY-[0-9A-F]{8}$/);
      expect((await orderRow(order)).status).toBe('pending');
      expect(await outcome(await payRequest(t, order))).toBe('succeeded');
      expect(await chargesOf(order)).toHaveLength(1);
    });

    it('stops an order after ten declined attempts (card testing)', async () => {
      const order = await placeOrder(t);
      for (let attempt = 0; attempt < 10; attempt += 1)
        expect(await answeredWith(await payRequest(t, order, { cardNumber: '4000000000000002' }))).toBe('402 card_declined');
      const stopped = await payRequest(t, order);
      expect(await answeredWith(stopped)).toBe('429 rate_limited');
      expect(await chargesOf(order)).toHaveLength(0);
    });

    it('refuses an expiry in the past as expired_card', async () => {
      const order = await placeOrder(t);
      const response = await payRequest(t, order, { paymentMethod: cardMethod('4242424242424242', { expiry: '01/20' }) });
      expect(await response.json()).toMatchObject({ code: 'expired_card' });
    });

    it('refuses a Stripe payment method on the sandbox without charging', async () => {
      const order = await placeOrder(t);
      const response = await payRequest(t, order, { paymentMethod: { type: 'stripe', paymentMethodId: 'pm_card_visa' } });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'payment_method_unsupported' });
      expect(await outcome(await payRequest(t, order))).toBe('succeeded');
    });

    it('refuses an invalid card form with field errors', async () => {
      const order = await placeOrder(t);
      const response = await payRequest(t, order, { paymentMethod: cardMethod('4242', { holderName: 'M', cvc: '1', postalCode: '' }) });
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toMatchObject({
        'paymentMethod.cardNumber': ['validation.cardNumber'],
        'paymentMethod.holderName': ['validation.min2'],
        'paymentMethod.cvc': ['validation.cvc'],
        'paymentMethod.postalCode': ['validation.required'],
      });
    });
  });

  describe('price tampering', () => {
    it('refuses a pay amount other than the order total, without charging', async () => {
      const order = await placeOrder(t);
      for (const amount of [1, order.amount - 1, order.amount + 1, 0]) {
        const response = await payRequest(t, order, { amount });
        expect(await response.json()).toMatchObject({ status: 409, code: 'price_mismatch', amount: order.amount });
      }
      expect(await chargesOf(order)).toHaveLength(0);
      expect((await orderRow(order)).status).toBe('pending');
    });

    it('charges what the database says even if the order row was quoted with a coupon meanwhile', async () => {
      const order = await placeOrder(t);
      const coupon = await t.request(`/api/v1/orders/${order.orderId}/coupon`, {
        method: 'POST',
        headers: { 'x-checkout-token': order.checkoutToken },
        json: { code: 'ALTA10' },
      });
      const { quote } = await coupon.json();
      expect(await answeredWith(await payRequest(t, order))).toBe('409 price_mismatch');
      const paid = await payRequest(t, order, { amount: quote.total });
      expect(paid.status).toBe(200);
      expect((await chargesOf(order))[0]!.amount).toBe(quote.total);
    });
  });

  describe('idempotency', () => {
    it('answers a retry with the same key and body with the first answer, charging once', async () => {
      const order = await placeOrder(t);
      const key = crypto.randomUUID();
      const first = await (await payRequest(t, order, { key })).json();
      const again = await payRequest(t, order, { key });
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual(first);
      expect(await chargesOf(order)).toHaveLength(1);
    });

    it('replays a decline for the same key too', async () => {
      const order = await placeOrder(t);
      const key = crypto.randomUUID();
      const first = await payRequest(t, order, { key, cardNumber: '4000000000000002' });
      const again = await payRequest(t, order, { key, cardNumber: '4000000000000002' });
      expect([await answeredWith(first), await answeredWith(again)]).toEqual(['402 card_declined', '402 card_declined']);
      expect(await again.json()).toEqual(await first.json());
    });

    it('refuses the same key with a different body', async () => {
      const order = await placeOrder(t);
      const key = crypto.randomUUID();
      await payRequest(t, order, { key, cardNumber: '4000000000000002' });
      const response = await payRequest(t, order, { key, cardNumber: '4242424242424242' });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ code: 'idempotency_key_reused' });
    });

    it('requires an Idempotency-Key header', async () => {
      const order = await placeOrder(t);
      const response = await t.request(`/api/v1/checkout/${order.orderId}/pay`, {
        method: 'POST',
        headers: { 'x-checkout-token': order.checkoutToken },
        json: { amount: order.amount, country: 'AR', paymentMethod: cardMethod('4242424242424242') },
      });
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toHaveProperty('idempotency-key');
    });

    it('charges exactly once under concurrent duplicate submits (double click, retries)', async () => {
      const order = await placeOrder(t);
      const key = crypto.randomUUID();
      const responses = await Promise.all(Array.from({ length: 8 }, () => payRequest(t, order, { key })));
      const bodies = await Promise.all(responses.map((response) => response.json()));
      expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
      expect(new Set(bodies.map((body) => body.paymentId)).size).toBe(1);
      expect(await chargesOf(order)).toHaveLength(1);
      expect(await t.database.db.select().from(payments).where(eq(payments.orderId, order.orderId))).toHaveLength(1);
    });

    it('charges exactly once when two tabs pay with different keys at the same time', async () => {
      const order = await placeOrder(t);
      const responses = await Promise.all(Array.from({ length: 6 }, () => payRequest(t, order)));
      const outcomes = await Promise.all(responses.map(outcome));
      expect(outcomes.filter((status) => status === 'succeeded')).toHaveLength(1);
      for (const response of responses) {
        if ((await outcome(response)) !== 'succeeded') expect(['409 order_paid', '409 payment_in_progress']).toContain(await answeredWith(response));
      }
      expect(await chargesOf(order)).toHaveLength(1);
    });
  });

  describe('3-D Secure', () => {
    it.each(['4000002760003184', '4000000000003220'])('asks %s for a challenge and completes the payment when it passes', async (cardNumber) => {
      const order = await placeOrder(t);
      const response = await payRequest(t, order, { cardNumber });
      const body = await response.json();
      expect(body).toMatchObject({
        status: 'requires_action',
        orderId: order.orderId,
        action: { type: 'three_d_secure', provider: 'sandbox', clientSecret: null },
      });
      expect(await chargesOf(order)).toHaveLength(0);

      const view = await (await t.request(`/api/v1/orders/${order.orderId}`, { headers: { 'x-checkout-token': order.checkoutToken } })).json();
      expect(view.pendingPayment).toEqual({ paymentId: body.paymentId, action: body.action });

      const confirmed = await confirmRequest(t, order, body.paymentId, 'completed');
      expect(confirmed.status).toBe(200);
      expect(await confirmed.json()).toMatchObject({ status: 'succeeded', paymentId: body.paymentId, userExists: false });
      expect((await orderRow(order)).status).toBe('paid');
      expect(await chargesOf(order)).toHaveLength(1);
      // Confirming twice, or retrying the pay call, tells the same success and charges nothing more.
      expect((await (await confirmRequest(t, order, body.paymentId, 'completed')).json()).status).toBe('succeeded');
      expect(await answeredWith(await payRequest(t, order, { cardNumber }))).toBe('409 order_paid');
      expect(await chargesOf(order)).toHaveLength(1);
    });

    it('keeps the challenge pending until the user answers it', async () => {
      const order = await placeOrder(t);
      const { paymentId } = await (await payRequest(t, order, { cardNumber: '4000002760003184' })).json();
      expect(await (await confirmRequest(t, order, paymentId)).json()).toMatchObject({ status: 'requires_action' });
    });

    it('fails the payment when the challenge fails, and the order can be paid again', async () => {
      const order = await placeOrder(t);
      const { paymentId } = await (await payRequest(t, order, { cardNumber: '4000002760003184' })).json();
      const failed = await confirmRequest(t, order, paymentId, 'failed');
      expect(await failed.json()).toMatchObject({ status: 402, code: 'authentication_failed', declineCode: 'payment_intent_authentication_failure' });
      expect((await orderRow(order)).status).toBe('pending');
      expect(await outcome(await payRequest(t, order))).toBe('succeeded');
      expect(await chargesOf(order)).toHaveLength(1);
    });

    it('cancels an abandoned challenge when a new attempt starts, so it can never charge', async () => {
      const order = await placeOrder(t);
      const { paymentId } = await (await payRequest(t, order, { cardNumber: '4000002760003184' })).json();
      expect(await outcome(await payRequest(t, order))).toBe('succeeded');
      const late = await confirmRequest(t, order, paymentId, 'completed');
      expect(late.status).toBe(409);
      expect(await chargesOf(order)).toHaveLength(1);
    });

    it('refuses a confirmation for another order’s payment', async () => {
      const order = await placeOrder(t);
      const other = await placeOrder(t);
      const { paymentId } = await (await payRequest(t, other, { cardNumber: '4000002760003184' })).json();
      expect((await confirmRequest(t, order, paymentId, 'completed')).status).toBe(404);
    });
  });

  describe('a paid order is final (SPEC §1: no cancellation, no refund)', () => {
    let order: PlacedOrder;
    beforeAll(async () => {
      order = await placeOrder(t);
      await payRequest(t, order);
    });
    const withToken = { 'x-checkout-token': '' };

    it('cannot be paid again', async () => {
      expect(await answeredWith(await payRequest(t, order))).toBe('409 order_paid');
    });

    it('cannot change its coupon', async () => {
      withToken['x-checkout-token'] = order.checkoutToken;
      const add = await t.request(`/api/v1/orders/${order.orderId}/coupon`, { method: 'POST', headers: withToken, json: { code: 'ALTA10' } });
      expect(await answeredWith(add)).toBe('409 order_paid');
      const remove = await t.request(`/api/v1/orders/${order.orderId}/coupon`, { method: 'DELETE', headers: withToken });
      expect(await remove.json()).toMatchObject({ code: 'order_paid' });
    });

    it('has no cancel or refund endpoint', async () => {
      for (const [method, path] of [
        ['DELETE', `/api/v1/orders/${order.orderId}`],
        ['POST', `/api/v1/orders/${order.orderId}/cancel`],
        ['POST', `/api/v1/orders/${order.orderId}/refund`],
        ['PUT', `/api/v1/orders/${order.orderId}`],
        ['PATCH', `/api/v1/orders/${order.orderId}`],
        ['POST', `/api/v1/checkout/${order.orderId}/refund`],
      ] as const) {
        const response = await t.request(path, { method, headers: { 'x-checkout-token': order.checkoutToken }, json: {} });
        expect(response.headers.get('content-type')).toBe('application/problem+json');
        expect([404, 405]).toContain(response.status);
      }
      expect((await orderRow(order)).status).toBe('paid');
    });

    it('is protected by the database too', async () => {
      await expect(t.database.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, order.orderId))).rejects.toThrow();
      await expect(t.database.db.update(orders).set({ total: 1 }).where(eq(orders.id, order.orderId))).rejects.toThrow();
      await expect(t.database.db.delete(orders).where(eq(orders.id, order.orderId))).rejects.toThrow();
      await expect(t.database.db.update(payments).set({ status: 'canceled' }).where(eq(payments.orderId, order.orderId))).rejects.toThrow();
    });
  });

  describe('expiry', () => {
    it('expires an unpaid order after 24 hours', async () => {
      const order = await placeOrder(t);
      t.clock.advance(day + 1000);
      const view = await (await t.request(`/api/v1/orders/${order.orderId}`, { headers: { 'x-checkout-token': order.checkoutToken } })).json();
      expect(view.status).toBe('expired');
      expect(await answeredWith(await payRequest(t, order))).toBe('409 order_expired');
      expect(await chargesOf(order)).toHaveLength(0);
    });

    it('cancels a challenge left open past the expiry', async () => {
      const order = await placeOrder(t);
      const { paymentId } = await (await payRequest(t, order, { cardNumber: '4000002760003184' })).json();
      t.clock.advance(day + 1000);
      const late = await confirmRequest(t, order, paymentId, 'completed');
      expect(late.status).toBe(409);
      expect(await late.json()).toMatchObject({ code: 'order_expired' });
      expect(await chargesOf(order)).toHaveLength(0);
      expect((await orderRow(order)).status).toBe('expired');
    });
  });

  describe('access', () => {
    it('answers 404 to a wrong token and 401 without token or session', async () => {
      const order = await placeOrder(t);
      expect((await payRequest(t, order, { token: 'not-the-token' })).status).toBe(404);
      expect((await payRequest(t, order, { token: null })).status).toBe(401);
      expect(await chargesOf(order)).toHaveLength(0);
    });

    it("answers 404 to another account's session", async () => {
      const order = await placeOrder(t);
      const stranger = await signedInUser(t, 'stranger-checkout@example.com');
      expect((await payRequest(t, order, { token: null, cookies: stranger.cookies })).status).toBe(404);
    });
  });

  describe('provider failures', () => {
    it('resumes an attempt whose answer was lost with the same provider key: one charge', async () => {
      const sandbox = createSandboxPayments({ db: t.database.db, now: () => t.clock.now });
      const providerKeys: string[] = [];
      let loseNextAnswer = true;
      // The charge goes through at the provider, then the connection drops before Alta hears back.
      const flaky: PaymentsProvider = {
        ...sandbox,
        async createPayment(input) {
          providerKeys.push(input.idempotencyKey);
          const outcome = await sandbox.createPayment(input);
          if (loseNextAnswer) {
            loseNextAnswer = false;
            throw new PaymentProviderError('socket hang up');
          }
          return outcome;
        },
      };
      const checkout = createCheckout({ env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now }, flaky);
      const order = await placeOrder(t);
      const body = { amount: order.amount, country: 'AR', paymentMethod: cardMethod('4242424242424242') } as Parameters<typeof checkout.pay>[3];
      const caller = { token: order.checkoutToken, user: undefined };
      const key = crypto.randomUUID();
      const lost = await checkout.pay(order.orderId, caller, key, body);
      expect(lost.status).toBe(502);
      expect(lost.body).toMatchObject({ code: 'payment_failed', supportCode: expect.stringMatching(/^PAY-/) });
      const resumed = await checkout.pay(order.orderId, caller, key, body);
      expect(resumed).toMatchObject({ status: 200, body: { status: 'succeeded' } });
      expect(new Set(providerKeys).size).toBe(1);
      expect(await chargesOf(order)).toHaveLength(1);
    });
  });

  describe('coupons at payment', () => {
    const applyCoupon = (order: PlacedOrder, code: string) =>
      t.request(`/api/v1/orders/${order.orderId}/coupon`, { method: 'POST', headers: { 'x-checkout-token': order.checkoutToken }, json: { code } });
    const redemptions = async (code: string) => (await t.database.db.select().from(coupons).where(eq(coupons.code, code)))[0]!.redemptionCount;

    it('counts a redemption only when the payment succeeds', async () => {
      await insertCoupons(t.database.db, [{ code: 'COUNTED', percentOff: 20 }]);
      const order = await placeOrder(t);
      const { quote } = await (await applyCoupon(order, 'COUNTED')).json();
      expect(await redemptions('COUNTED')).toBe(0);
      expect(await answeredWith(await payRequest(t, order, { amount: quote.total, cardNumber: '4000000000000002' }))).toBe('402 card_declined');
      expect(await redemptions('COUNTED')).toBe(0);
      expect(await outcome(await payRequest(t, order, { amount: quote.total }))).toBe('succeeded');
      expect(await redemptions('COUNTED')).toBe(1);
    });

    it('refuses the payment when the last redemption went to someone else', async () => {
      await insertCoupons(t.database.db, [{ code: 'LASTONE', amountOff: 1_000, maxRedemptions: 1 }]);
      const first = await placeOrder(t);
      const second = await placeOrder(t);
      const { quote } = await (await applyCoupon(first, 'LASTONE')).json();
      expect((await applyCoupon(second, 'LASTONE')).status).toBe(200);
      expect(await outcome(await payRequest(t, first, { amount: quote.total }))).toBe('succeeded');
      expect(await answeredWith(await payRequest(t, second, { amount: quote.total }))).toBe('422 invalid_coupon');
      expect(await chargesOf(second)).toHaveLength(0);
      expect(await (await applyCoupon(second, 'LASTONE')).json()).toEqual({ valid: false, code: 'invalid_coupon' });
    });

    it('gives the last redemptions to exactly as many concurrent payments as are left', async () => {
      await insertCoupons(t.database.db, [{ code: 'RACE2', percentOff: 10, maxRedemptions: 2 }]);
      const placed = await Promise.all(Array.from({ length: 6 }, () => placeOrder(t)));
      const totals = await Promise.all(placed.map(async (order) => (await (await applyCoupon(order, 'RACE2')).json()).quote.total as number));
      const responses = await Promise.all(placed.map((order, index) => payRequest(t, order, { amount: totals[index] })));
      const outcomes = (
        await Promise.all(responses.map(async (response) => ((await outcome(response)) === 'succeeded' ? 'succeeded' : answeredWith(response))))
      ).sort();
      expect(outcomes).toEqual(['422 invalid_coupon', '422 invalid_coupon', '422 invalid_coupon', '422 invalid_coupon', 'succeeded', 'succeeded']);
      expect(await redemptions('RACE2')).toBe(2);
      const charged = (await Promise.all(placed.map(chargesOf))).flat();
      expect(charged).toHaveLength(2);
    });
  });
});
