import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from '../../test/fake-stripe';
import { IdempotencyConflictError, PaymentProviderError, UnsupportedPaymentMethodError, type CreatePaymentInput } from './payments-provider';
import { createStripePayments } from './stripe-payments';

const input = (paymentMethodId: string, overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  amount: 49_900,
  currency: 'usd',
  idempotencyKey: `alta-payment-${randomBytes(8).toString('hex')}`,
  paymentMethod: { type: 'stripe', paymentMethodId },
  description: 'Alta order ALT-001001',
  metadata: { orderId: 'order-1', orderNumber: 'ALT-001001' },
  ...overrides,
});

const fake = new FakeStripe();
let stripe: ReturnType<typeof createStripePayments>;
beforeAll(async () => {
  await fake.listen();
  stripe = createStripePayments(fake.options);
});
afterAll(() => fake.close());

describe('Stripe adapter: payments', () => {
  it('creates and confirms a PaymentIntent with the idempotency key and metadata', async () => {
    const payment = input('pm_card_visa');
    const outcome = await stripe.createPayment(payment);
    expect(outcome).toMatchObject({ status: 'succeeded', amount: 49_900, card: { brand: 'visa', last4: '4242' } });
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: payment.idempotencyKey,
      authorization: 'Bearer sk_test_alta',
    });
    const intent = fake.intents.get(outcome.status === 'succeeded' ? outcome.id : '')!;
    expect(intent.metadata).toEqual({ orderId: 'order-1', orderNumber: 'ALT-001001' });
  });

  it('maps card errors to decline reasons, with the intent id', async () => {
    expect(await stripe.createPayment(input('pm_card_chargeDeclined'))).toMatchObject({
      status: 'failed',
      code: 'card_declined',
      declineCode: 'generic_decline',
    });
    const funds = await stripe.createPayment(input('pm_card_chargeDeclinedInsufficientFunds'));
    expect(funds).toMatchObject({ status: 'failed', code: 'insufficient_funds' });
    expect(funds.status === 'failed' && funds.id).toMatch(/^pi_/);
    expect(await stripe.createPayment(input('pm_card_chargeDeclinedExpiredCard'))).toMatchObject({ status: 'failed', code: 'expired_card' });
  });

  it('answers requires_action with the client secret, then reads the challenge result', async () => {
    const started = await stripe.createPayment(input('pm_card_threeDSecure2Required'));
    expect(started.status).toBe('requires_action');
    if (started.status !== 'requires_action') return;
    expect(started.clientSecret).toMatch(new RegExp(`^${started.id}_secret_`));
    expect(await stripe.confirmAction({ id: started.id })).toMatchObject({ status: 'requires_action' });
    fake.finishChallenge(started.id, true);
    expect(await stripe.confirmAction({ id: started.id })).toMatchObject({ status: 'succeeded', card: { last4: '3220' } });
  });

  it('reports a failed challenge as authentication_failed', async () => {
    const started = await stripe.createPayment(input('pm_card_threeDSecure2Required'));
    const id = started.status === 'requires_action' ? started.id : '';
    fake.finishChallenge(id, false);
    expect(await stripe.confirmAction({ id })).toMatchObject({ status: 'failed', code: 'authentication_failed' });
  });

  it('replays the same key without a second intent, and refuses the key with other parameters', async () => {
    const payment = input('pm_card_visa');
    const before = fake.intents.size;
    const first = await stripe.createPayment(payment);
    expect(await stripe.createPayment(payment)).toEqual(first);
    expect(fake.intents.size).toBe(before + 1);
    await expect(stripe.createPayment({ ...payment, amount: 1_000 })).rejects.toBeInstanceOf(IdempotencyConflictError);
  });

  it('cancels an open challenge; a succeeded payment stays succeeded', async () => {
    const started = await stripe.createPayment(input('pm_card_threeDSecure2Required'));
    const id = started.status === 'requires_action' ? started.id : '';
    expect(await stripe.cancel(id)).toEqual({ status: 'canceled', id });
    const paid = await stripe.createPayment(input('pm_card_visa'));
    expect(await stripe.cancel(paid.status === 'succeeded' ? paid.id : '')).toMatchObject({ status: 'succeeded' });
  });

  it('never sends raw card numbers to Stripe', async () => {
    const count = fake.requests.length;
    await expect(
      stripe.createPayment(
        input('pm_card_visa', {
          paymentMethod: {
            type: 'card',
            card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', holderName: 'Ana Lima', postalCode: '01000' },
          },
        }),
      ),
    ).rejects.toBeInstanceOf(UnsupportedPaymentMethodError);
    expect(fake.requests.length).toBe(count);
  });

  it('turns an outage into a provider error (the checkout retries with the same key)', async () => {
    fake.failNext = true;
    await expect(stripe.createPayment(input('pm_card_visa'))).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('Stripe adapter: customers, saved cards and off-session charges', () => {
  const customer = (userId = randomBytes(4).toString('hex')) =>
    stripe.createCustomer({ email: `${userId}@example.com`, userId, idempotencyKey: `customer:${userId}` });
  const setup = (customerId: string, paymentMethodId: string) =>
    stripe.createSetup({ customerId, paymentMethod: { type: 'stripe', paymentMethodId }, idempotencyKey: `card-setup:${randomBytes(6).toString('hex')}` });
  const offSession = (customerId: string, paymentMethodId: string, overrides: Partial<CreatePaymentInput> = {}) =>
    stripe.createPayment(
      input(paymentMethodId, {
        paymentMethod: { type: 'saved', customerId, paymentMethodId },
        description: 'Alta subscription — Andes Labs LLC',
        ...overrides,
      }),
    );

  it('creates one customer per idempotency key, with the user in its metadata', async () => {
    const first = await customer('user-1');
    expect(first).toMatch(/^cus_/);
    expect(await customer('user-1')).toBe(first);
    expect([...fake.customers.values()].filter((found) => found.email === 'user-1@example.com')).toHaveLength(1);
    expect(fake.customers.get(first)).toMatchObject({ object: 'customer', email: 'user-1@example.com', metadata: { userId: 'user-1' } });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/customers', idempotencyKey: 'customer:user-1' });
  });

  it('saves a card through a SetupIntent for off-session use: the card comes back with its expiry', async () => {
    const customerId = await customer();
    const saved = await setup(customerId, 'pm_card_visa');
    expect(saved).toEqual({
      status: 'succeeded',
      id: expect.stringMatching(/^seti_/),
      card: { id: 'pm_card_visa', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
    });
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/v1/setup_intents');
    expect(Object.fromEntries(sent.params)).toMatchObject({
      customer: customerId,
      payment_method: 'pm_card_visa',
      usage: 'off_session',
      confirm: 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
    });
    expect(fake.attachedTo.get('pm_card_visa')).toBe(customerId);
  });

  it('runs 3-D Secure on a setup (client secret), then reads the challenge result', async () => {
    const customerId = await customer();
    const started = await setup(customerId, 'pm_card_threeDSecure2Required');
    expect(started).toMatchObject({ status: 'requires_action', clientSecret: expect.stringMatching(/^seti_.+_secret_/) });
    const setupId = started.status === 'requires_action' ? started.id : '';
    expect(await stripe.confirmSetup({ id: setupId })).toMatchObject({ status: 'requires_action' });
    fake.finishChallenge(setupId, true);
    expect(await stripe.confirmSetup({ id: setupId })).toMatchObject({ status: 'succeeded', card: { last4: '3220' } });

    const failed = await setup(customerId, 'pm_card_threeDSecure2Required');
    fake.finishChallenge(failed.status === 'requires_action' ? failed.id : '', false);
    expect(await stripe.confirmSetup({ id: failed.status === 'requires_action' ? failed.id : '' })).toMatchObject({
      status: 'failed',
      code: 'authentication_failed',
      declineCode: 'setup_intent_authentication_failure',
    });
  });

  it('reports a card declined while saving it, with the SetupIntent id', async () => {
    const declined = await setup(await customer(), 'pm_card_chargeDeclinedInsufficientFunds');
    expect(declined).toMatchObject({ status: 'failed', code: 'insufficient_funds', id: expect.stringMatching(/^seti_/) });
  });

  it('charges a saved card off-session: customer, off_session and confirm sent, the key replayed without a second charge', async () => {
    const customerId = await customer();
    await setup(customerId, 'pm_card_mastercard');
    const payment = { idempotencyKey: `subscription-charge:${randomBytes(6).toString('hex')}:2026-12-07T00:00:00.000Z:1`, amount: 4_900 };
    const charged = await offSession(customerId, 'pm_card_mastercard', payment);
    expect(charged).toMatchObject({ status: 'succeeded', amount: 4_900, card: { brand: 'mastercard', last4: '4444' } });
    expect(Object.fromEntries(fake.requests.at(-1)!.params)).toMatchObject({
      customer: customerId,
      payment_method: 'pm_card_mastercard',
      off_session: 'true',
      confirm: 'true',
    });
    const count = fake.intents.size;
    expect(await offSession(customerId, 'pm_card_mastercard', payment)).toEqual(charged);
    expect(fake.intents.size).toBe(count);
  });

  it('fails an off-session charge that needs 3-D Secure as authentication_failed, and a declined renewal as declined', async () => {
    const customerId = await customer();
    const challenged = await setup(customerId, 'pm_card_threeDSecure2Required');
    fake.finishChallenge(challenged.status === 'requires_action' ? challenged.id : '', true);
    const needsCustomer = await offSession(customerId, 'pm_card_threeDSecure2Required');
    expect(needsCustomer).toMatchObject({
      status: 'failed',
      code: 'authentication_failed',
      declineCode: 'authentication_required',
      id: expect.stringMatching(/^pi_/),
    });

    await setup(customerId, 'pm_card_chargeCustomerFail');
    expect(await offSession(customerId, 'pm_card_chargeCustomerFail')).toMatchObject({
      status: 'failed',
      code: 'card_declined',
      declineCode: 'generic_decline',
    });
  });

  it('refuses to charge a card that is not the customer’s (a provider error, nothing charged)', async () => {
    const owner = await customer();
    const other = await customer();
    await setup(owner, 'pm_card_visa');
    await expect(offSession(other, 'pm_card_visa')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('detaches a saved card so it can no longer be charged; detaching it again is not an error', async () => {
    const customerId = await customer();
    await setup(customerId, 'pm_card_visa');
    await stripe.detachPaymentMethod('pm_card_visa');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/payment_methods/pm_card_visa/detach' });
    expect(fake.attachedTo.has('pm_card_visa')).toBe(false);
    await expect(stripe.detachPaymentMethod('pm_card_visa')).resolves.toBeUndefined();
    await expect(offSession(customerId, 'pm_card_visa')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('turns an outage while saving a card or detaching it into a provider error', async () => {
    const customerId = await customer();
    fake.failNext = true;
    await expect(setup(customerId, 'pm_card_visa')).rejects.toBeInstanceOf(PaymentProviderError);
    fake.failNext = true;
    await expect(stripe.detachPaymentMethod('pm_card_visa')).rejects.toBeInstanceOf(PaymentProviderError);
    fake.failNext = true;
    await expect(customer()).rejects.toBeInstanceOf(PaymentProviderError);
  });
});
