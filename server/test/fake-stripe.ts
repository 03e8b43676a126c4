import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

const ApiVersion = Stripe.API_VERSION;

/**
 * A local stand-in for the Stripe API (there is no internet here), answering in Stripe's own
 * shapes (stripe-node's `PaymentIntent`, `SetupIntent`, `Customer`, `PaymentMethod`, `Event`
 * and `{ error }` bodies with Stripe's HTTP statuses). It speaks the wire format the `stripe`
 * package sends (form-encoded bodies, bearer key, Idempotency-Key header) and keeps Stripe's
 * rules: an idempotency key replays its first answer and refuses other parameters; a SetupIntent
 * confirmed for a customer attaches its card to that customer; an off-session charge needs the
 * card attached to the customer it names, and a card that always asks for 3-D Secure fails
 * off-session with `authentication_required`; detaching an unattached card is refused.
 *
 * Stripe's test payment methods decide the outcome, as in test mode:
 * `pm_card_visa` (4242) succeeds, `pm_card_threeDSecure2Required` (3220) asks for 3-D Secure
 * on every payment (so off-session it fails), `pm_card_chargeCustomerFail` (0341) is saved but
 * declined when charged, and `pm_card_chargeDeclined…` are declined at once.
 */

type Intent = Record<string, unknown> & {
  id: string;
  status: string;
  amount: number;
  payment_method: string;
  customer: string | null;
  next_action: unknown;
  last_payment_error: unknown;
};
type Setup = Record<string, unknown> & {
  id: string;
  status: string;
  payment_method: string;
  customer: string | null;
  next_action: unknown;
  last_setup_error: unknown;
};

const cards: Record<string, { brand: string; last4: string; funding: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', funding: 'credit' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', funding: 'credit' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', funding: 'credit' },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', funding: 'credit' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', funding: 'credit' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', funding: 'credit' },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', funding: 'credit' },
};

/** Declined at once, on payments and setups alike (Stripe's decline test cards). */
const declines: Record<string, { code: string; decline_code: string }> = {
  pm_card_chargeDeclined: { code: 'card_declined', decline_code: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: { code: 'card_declined', decline_code: 'insufficient_funds' },
  pm_card_chargeDeclinedExpiredCard: { code: 'expired_card', decline_code: 'expired_card' },
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const created = () => Math.floor(Date.now() / 1000);

/** The form-encoded `metadata[key]=value` pairs as an object. */
function metadataOf(params: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of params) {
    const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
    if (name) metadata[name] = value;
  }
  return metadata;
}

export class FakeStripe {
  readonly secretKey = 'sk_test_alta';
  intents = new Map<string, Intent>();
  setups = new Map<string, Setup>();
  customers = new Map<string, Record<string, unknown>>();
  /** Which customer each payment method is attached to (absent: never attached or detached). */
  attachedTo = new Map<string, string>();
  idempotency = new Map<string, { body: string; status: number; payload: unknown }>();
  requests: { method: string; path: string; idempotencyKey: string | undefined; authorization: string | undefined; params: URLSearchParams }[] = [];
  failNext = false;
  server: Server = createServer((request, response) => void this.handle(request, response));

  listen() {
    return new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  get port() {
    return (this.server.address() as AddressInfo).port;
  }

  /** Options for `createStripePayments` pointing at this fake. */
  get options() {
    return { secretKey: this.secretKey, host: '127.0.0.1', port: this.port, protocol: 'http' as const, maxNetworkRetries: 0 };
  }

  /** What Stripe.js `handleNextAction` does in the browser: the customer passes or fails the challenge. */
  finishChallenge(intentId: string, passed: boolean) {
    const setup = this.setups.get(intentId);
    if (setup) {
      setup.next_action = null;
      if (passed) {
        setup.status = 'succeeded';
        if (setup.customer) this.attachedTo.set(setup.payment_method, setup.customer);
      } else Object.assign(setup, { status: 'requires_payment_method', last_setup_error: this.cardError('setup_intent_authentication_failure', null) });
      return;
    }
    const intent = this.intents.get(intentId)!;
    intent.next_action = null;
    if (passed) Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: id('ch') });
    else Object.assign(intent, { status: 'requires_payment_method', last_payment_error: this.cardError('payment_intent_authentication_failure', null) });
  }

  /**
   * A webhook event as Stripe sends it: the object as it is now, never expanded (a
   * PaymentIntent's `payment_method` is an id). Sign it with `stripe.webhooks.generateTestHeaderString`.
   */
  event(type: string, object: Record<string, unknown>): { id: string; payload: string } {
    const eventId = id('evt');
    const payload = {
      id: eventId,
      object: 'event',
      api_version: ApiVersion,
      created: created(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    return { id: eventId, payload: JSON.stringify(payload) };
  }

  /** A PaymentMethod object (`expand[]=payment_method`, or a `payment_method.*` event). */
  paymentMethod(methodId: string) {
    const card = cards[methodId] ?? { brand: 'visa', last4: '0000', funding: 'credit' };
    return {
      id: methodId,
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: {
        address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
        email: null,
        name: null,
        phone: null,
      },
      card: {
        brand: card.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: card.brand,
        exp_month: 12,
        exp_year: 2034,
        fingerprint: `fp${card.last4}`,
        funding: card.funding,
        last4: card.last4,
        networks: { available: [card.brand], preferred: null },
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: created(),
      customer: this.attachedTo.get(methodId) ?? null,
      livemode: false,
      metadata: {},
      type: 'card',
    };
  }

  private cardError(code: string, declineCode: string | null) {
    return {
      type: 'card_error',
      code,
      decline_code: declineCode ?? undefined,
      doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`,
      message: 'Your card was declined.',
    };
  }

  private send(response: ServerResponse, status: number, payload: unknown) {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}`, 'stripe-version': ApiVersion });
    response.end(JSON.stringify(payload));
  }

  private invalid(message: string, code?: string, param?: string) {
    return { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}), ...(param ? { param } : {}) } };
  }

  private view<T extends { payment_method: string }>(object: T, expand: boolean) {
    return expand ? { ...object, payment_method: this.paymentMethod(object.payment_method) } : object;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    let body = '';
    for await (const chunk of request) body += chunk;
    const params = new URLSearchParams(body);
    const url = new URL(request.url!, 'http://localhost');
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: request.method!, path: url.pathname, idempotencyKey, authorization: request.headers.authorization, params });
    if (this.failNext) {
      this.failNext = false;
      return this.send(response, 500, { error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } });
    }
    if (request.headers.authorization !== `Bearer ${this.secretKey}`) return this.send(response, 401, this.invalid('Invalid API Key provided'));
    if (request.method === 'POST' && idempotencyKey) {
      const seen = this.idempotency.get(`${url.pathname} ${idempotencyKey}`);
      if (seen && seen.body !== body) {
        return this.send(response, 400, {
          error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' },
        });
      }
      if (seen) return this.send(response, seen.status, seen.payload);
    }
    const expand = [...params.getAll('expand[0]'), ...url.searchParams.getAll('expand[0]')].includes('payment_method');
    const [status, payload] = this.route(request.method!, url.pathname, params, expand);
    if (request.method === 'POST' && idempotencyKey) this.idempotency.set(`${url.pathname} ${idempotencyKey}`, { body, status, payload });
    return this.send(response, status, payload);
  }

  private route(method: string, path: string, params: URLSearchParams, expand: boolean): [number, unknown] {
    if (method === 'POST' && path === '/v1/customers') return [200, this.createCustomer(params)];
    if (method === 'POST' && path === '/v1/payment_intents') return this.createIntent(params, expand);
    if (method === 'POST' && path === '/v1/setup_intents') return this.createSetup(params, expand);
    const intent = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
    if (intent) {
      const found = this.intents.get(intent[1]!);
      if (!found) return [404, this.invalid(`No such payment_intent: '${intent[1]}'`, 'resource_missing', 'intent')];
      if (method === 'GET') return [200, this.view(found, expand)];
      if (found.status === 'succeeded') {
        return [400, this.invalid('You cannot cancel this PaymentIntent because it has a status of succeeded.', 'payment_intent_unexpected_state')];
      }
      found.status = 'canceled';
      return [200, found];
    }
    const setup = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    if (setup && method === 'GET') {
      const found = this.setups.get(setup[1]!);
      return found ? [200, this.view(found, expand)] : [404, this.invalid(`No such setupintent: '${setup[1]}'`, 'resource_missing', 'intent')];
    }
    const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
    if (detach && method === 'POST') {
      const methodId = detach[1]!;
      if (!cards[methodId]) return [404, this.invalid(`No such PaymentMethod: '${methodId}'`, 'resource_missing', 'payment_method')];
      if (!this.attachedTo.has(methodId))
        return [400, this.invalid('The payment method you provided is not attached to a customer so detachment is impossible.')];
      this.attachedTo.delete(methodId);
      return [200, this.paymentMethod(methodId)];
    }
    return [404, this.invalid(`Unrecognized request URL (${method}: ${path}).`)];
  }

  private createCustomer(params: URLSearchParams) {
    const customer = {
      id: id('cus'),
      object: 'customer',
      address: null,
      balance: 0,
      created: created(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: null,
      email: params.get('email'),
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: metadataOf(params),
      name: null,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private createIntent(params: URLSearchParams, expand: boolean): [number, unknown] {
    const paymentMethod = params.get('payment_method')!;
    const customer = params.get('customer');
    const offSession = params.get('off_session') === 'true';
    if (offSession && params.get('confirm') !== 'true')
      return [400, this.invalid('off_session can only be set when confirm is true.', 'parameter_invalid_empty', 'off_session')];
    if (offSession && (!customer || !this.customers.has(customer)))
      return [400, this.invalid(`No such customer: '${customer}'`, 'resource_missing', 'customer')];
    if (customer && this.attachedTo.get(paymentMethod) !== customer) {
      return [
        400,
        this.invalid(
          'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again.',
        ),
      ];
    }
    const intentId = id('pi');
    const intent: Intent = {
      id: intentId,
      object: 'payment_intent',
      amount: Number(params.get('amount')),
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods:
        params.get('automatic_payment_methods[enabled]') === 'true'
          ? { allow_redirects: params.get('automatic_payment_methods[allow_redirects]') ?? 'always', enabled: true }
          : null,
      canceled_at: null,
      capture_method: 'automatic',
      client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
      confirmation_method: 'automatic',
      created: created(),
      currency: params.get('currency')!,
      customer,
      description: params.get('description'),
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: metadataOf(params),
      next_action: null,
      payment_method: paymentMethod,
      payment_method_types: ['card'],
      setup_future_usage: null,
      status: 'requires_payment_method',
    };
    this.intents.set(intentId, intent);
    const decline =
      declines[paymentMethod] ??
      (offSession && paymentMethod === 'pm_card_chargeCustomerFail' ? { code: 'card_declined', decline_code: 'generic_decline' } : undefined);
    const needsAuthentication = paymentMethod === 'pm_card_threeDSecure2Required';
    if (decline || (needsAuthentication && offSession)) {
      // Off-session, no one can answer 3-D Secure: Stripe fails the attempt with authentication_required.
      const error = decline ? this.cardError(decline.code, decline.decline_code) : this.cardError('authentication_required', 'authentication_required');
      Object.assign(intent, { last_payment_error: error, latest_charge: id('ch') });
      return [
        402,
        { error: { ...error, charge: intent.latest_charge, payment_intent: this.view(intent, expand), payment_method: this.paymentMethod(paymentMethod) } },
      ];
    }
    if (needsAuthentication) {
      Object.assign(intent, {
        status: 'requires_action',
        next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: 'https://hooks.stripe.com/3d_secure_2/hosted' } },
      });
      return [200, this.view(intent, expand)];
    }
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: id('ch') });
    return [200, this.view(intent, expand)];
  }

  private createSetup(params: URLSearchParams, expand: boolean): [number, unknown] {
    const paymentMethod = params.get('payment_method')!;
    const customer = params.get('customer');
    if (customer && !this.customers.has(customer)) return [400, this.invalid(`No such customer: '${customer}'`, 'resource_missing', 'customer')];
    const setupId = id('seti');
    const setup: Setup = {
      id: setupId,
      object: 'setup_intent',
      application: null,
      automatic_payment_methods:
        params.get('automatic_payment_methods[enabled]') === 'true'
          ? { allow_redirects: params.get('automatic_payment_methods[allow_redirects]') ?? 'always', enabled: true }
          : null,
      cancellation_reason: null,
      client_secret: `${setupId}_secret_${randomBytes(8).toString('hex')}`,
      created: created(),
      customer,
      description: null,
      last_setup_error: null,
      latest_attempt: id('setatt'),
      livemode: false,
      metadata: metadataOf(params),
      next_action: null,
      payment_method: paymentMethod,
      payment_method_types: ['card'],
      status: 'requires_payment_method',
      usage: params.get('usage') ?? 'off_session',
    };
    this.setups.set(setupId, setup);
    const decline = declines[paymentMethod];
    if (decline) {
      const error = this.cardError(decline.code, decline.decline_code);
      setup.last_setup_error = error;
      return [402, { error: { ...error, setup_intent: this.view(setup, expand), payment_method: this.paymentMethod(paymentMethod) } }];
    }
    if (paymentMethod === 'pm_card_threeDSecure2Required') {
      Object.assign(setup, {
        status: 'requires_action',
        next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: 'https://hooks.stripe.com/3d_secure_2/hosted' } },
      });
      return [200, this.view(setup, expand)];
    }
    setup.status = 'succeeded';
    if (customer) this.attachedTo.set(paymentMethod, customer);
    return [200, this.view(setup, expand)];
  }
}
