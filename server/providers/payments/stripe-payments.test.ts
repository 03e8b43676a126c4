import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdempotencyConflictError, PaymentProviderError, UnsupportedPaymentMethodError, type CreatePaymentInput } from './payments-provider';
import { createStripePayments } from './stripe-payments';

/**
 * A local stand-in for the Stripe API (there is no internet here): PaymentIntents with
 * Stripe's test payment methods, card errors, 3-D Secure `requires_action`, cancel, and
 * idempotency keys with Stripe's rules. It speaks the same wire format the `stripe`
 * package sends (form-encoded bodies, bearer key, Idempotency-Key header).
 */
interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  payment_method: string;
  metadata: Record<string, string>;
  next_action: unknown;
  last_payment_error: unknown;
}

class FakeStripe {
  intents = new Map<string, FakeIntent>();
  idempotency = new Map<string, { body: string; status: number; payload: unknown }>();
  requests: { method: string; path: string; idempotencyKey: string | undefined; authorization: string | undefined }[] = [];
  failNext = false;
  server: Server = createServer((request, response) => void this.handle(request, response));

  get port() {
    return (this.server.address() as AddressInfo).port;
  }

  /** What Stripe.js `handleNextAction` does in the browser: the customer passes or fails the challenge. */
  finishChallenge(id: string, passed: boolean) {
    const intent = this.intents.get(id)!;
    intent.next_action = null;
    if (passed) Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
    else Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'payment_intent_authentication_failure' } });
  }

  private send(response: ServerResponse, status: number, payload: unknown) {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
    response.end(JSON.stringify(payload));
  }

  private view(intent: FakeIntent, expand: boolean) {
    if (!expand) return intent;
    const last4 = { pm_card_visa: '4242', pm_card_threeDSecure2Required: '3220' }[intent.payment_method] ?? '0002';
    return { ...intent, payment_method: { id: intent.payment_method, object: 'payment_method', card: { brand: 'visa', last4 } } };
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    let body = '';
    for await (const chunk of request) body += chunk;
    const params = new URLSearchParams(body);
    const url = new URL(request.url!, 'http://localhost');
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: request.method!, path: url.pathname, idempotencyKey, authorization: request.headers.authorization });
    if (this.failNext) {
      this.failNext = false;
      return this.send(response, 500, { error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } });
    }
    if (request.headers.authorization !== 'Bearer sk_test_alta') {
      return this.send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const expand = params.getAll('expand[0]').includes('payment_method') || url.searchParams.getAll('expand[0]').includes('payment_method');

    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      if (idempotencyKey) {
        const seen = this.idempotency.get(idempotencyKey);
        if (seen && seen.body !== body) {
          return this.send(response, 400, {
            error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' },
          });
        }
        if (seen) return this.send(response, seen.status, seen.payload);
      }
      const [status, payload] = this.create(params, expand);
      if (idempotencyKey) this.idempotency.set(idempotencyKey, { body, status, payload });
      return this.send(response, status, payload);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    const intent = match ? this.intents.get(match[1]!) : undefined;
    if (!intent) return this.send(response, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
    if (request.method === 'GET') return this.send(response, 200, this.view(intent, expand));
    if (request.method === 'POST' && match![2]) {
      if (intent.status === 'succeeded') {
        return this.send(response, 400, {
          error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.' },
        });
      }
      intent.status = 'canceled';
      return this.send(response, 200, intent);
    }
    return this.send(response, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
  }

  private create(params: URLSearchParams, expand: boolean): [number, unknown] {
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const paymentMethod = params.get('payment_method')!;
    const metadata: Record<string, string> = {};
    for (const [key, value] of params) {
      const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
      if (name) metadata[name] = value;
    }
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: Number(params.get('amount')),
      amount_received: 0,
      currency: params.get('currency')!,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      payment_method: paymentMethod,
      metadata,
      next_action: null,
      last_payment_error: null,
    };
    this.intents.set(id, intent);
    const decline = { pm_card_chargeDeclined: 'generic_decline', pm_card_chargeDeclinedInsufficientFunds: 'insufficient_funds', pm_card_chargeDeclinedExpiredCard: 'expired_card' }[
      paymentMethod
    ];
    if (decline) {
      const error = { type: 'card_error', code: decline === 'expired_card' ? 'expired_card' : 'card_declined', decline_code: decline, message: 'Your card was declined.' };
      intent.last_payment_error = error;
      return [402, { error: { ...error, payment_intent: intent } }];
    }
    if (paymentMethod === 'pm_card_threeDSecure2Required') {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} };
      return [200, this.view(intent, expand)];
    }
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
    return [200, this.view(intent, expand)];
  }
}

const input = (paymentMethodId: string, overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  amount: 49_900,
  currency: 'usd',
  idempotencyKey: `alta-payment-${randomBytes(8).toString('hex')}`,
  paymentMethod: { type: 'stripe', paymentMethodId },
  description: 'Alta order ALT-001001',
  metadata: { orderId: 'order-1', orderNumber: 'ALT-001001' },
  ...overrides,
});

describe('Stripe adapter against a local fake of the Stripe API', () => {
  const fake = new FakeStripe();
  let stripe: ReturnType<typeof createStripePayments>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    stripe = createStripePayments({ secretKey: 'sk_test_alta', host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  it('creates and confirms a PaymentIntent with the idempotency key and metadata', async () => {
    const payment = input('pm_card_visa');
    const outcome = await stripe.createPayment(payment);
    expect(outcome).toMatchObject({ status: 'succeeded', amount: 49_900, card: { brand: 'visa', last4: '4242' } });
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: payment.idempotencyKey, authorization: 'Bearer sk_test_alta' });
    const intent = fake.intents.get(outcome.status === 'succeeded' ? outcome.id : '')!;
    expect(intent.metadata).toEqual({ orderId: 'order-1', orderNumber: 'ALT-001001' });
  });

  it('maps card errors to decline reasons, with the intent id', async () => {
    expect(await stripe.createPayment(input('pm_card_chargeDeclined'))).toMatchObject({ status: 'failed', code: 'card_declined', declineCode: 'generic_decline' });
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
          paymentMethod: { type: 'card', card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', holderName: 'Ana Lima', postalCode: '01000' } },
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
