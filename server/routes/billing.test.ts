import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPeriod } from '@domain/billing';
import { ensureAdmin } from '../seed';
import type { AppDeps } from '../context';
import { companies } from '../db/schema/companies';
import { invoices, paymentCards, subscriptionCharges, subscriptions } from '../db/schema/billing';
import { sandboxPaymentIntents } from '../db/schema/payments';
import { users } from '../db/schema/users';
import { saveCard } from '../db/queries/billing-cards';
import { createStripePayments } from '../providers/payments/stripe-payments';
import { insertTestCompany } from '../sync/test-fixtures';
import { signIn } from '../test/accounts';
import { FakeStripe } from '../test/fake-stripe';
import { answeredWith, cookiesFrom, createTestApp, type TestApp } from '../test/harness';
import { cardMethod, payRequest, placeOrder, signedInUser } from '../test/orders-fixtures';

const now = new Date('2026-11-22T00:00:00Z');
/** Half-way through a 30-day month: proration fractions are exactly one half. */
const periodStart = new Date('2026-11-07T00:00:00Z');

type Plan = 'standard' | 'professional' | 'enterprise';

async function subscriptionOf(t: TestApp, userId: string, plan: Plan = 'standard', billing: 'monthly' | 'annual' = 'monthly') {
  const companyId = await insertTestCompany(t.database.db, userId);
  await t.database.db.update(companies).set({ plan, billing }).where(eq(companies.id, companyId));
  const [row] = await t.database.db
    .insert(subscriptions)
    .values({
      companyId,
      userId,
      plan,
      billing,
      currentPeriodStart: periodStart,
      currentPeriodEnd: addPeriod(periodStart, billing),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

describe('subscriptions, saved cards and invoices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    t.clock.now = now;
  });
  afterAll(() => t.close());

  const call = (cookies: string, method: string, path: string, json?: unknown, key?: string) =>
    t.request(`/api/v1${path}`, { method, cookies, ...(json !== undefined ? { json } : {}), ...(key ? { headers: { 'idempotency-key': key } } : {}) });
  const addCard = (cookies: string, cardNumber: string, key = crypto.randomUUID()) =>
    call(cookies, 'POST', '/payment-methods', { paymentMethod: cardMethod(cardNumber) }, key);
  const cardsOf = async (cookies: string) =>
    (await (await call(cookies, 'GET', '/payment-methods')).json()).cards as { id: string; last4: string; isDefault: boolean }[];

  it('gives a paid company its subscription and its order an invoice with a PDF, both the owner’s only', async () => {
    const owner = await signedInUser(t, 'billing-owner@example.com');
    const order = await placeOrder(t, { cookies: owner.cookies, plan: 'professional', billing: 'annual', email: 'billing-owner@example.com' });
    const paid = await payRequest(t, order, { cookies: owner.cookies });
    expect(await paid.json()).toMatchObject({ status: 'succeeded' });

    const list = await (await call(owner.cookies, 'GET', '/subscriptions')).json();
    expect(list.subscriptions).toHaveLength(1);
    expect(list.subscriptions[0]).toMatchObject({
      plan: 'professional',
      billing: 'annual',
      status: 'active',
      currentPeriodStart: now.toISOString(),
      currentPeriodEnd: '2027-11-22T00:00:00.000Z',
      price: 100_980,
      nextCharge: { at: '2027-11-22T00:00:00.000Z', amount: 100_980 },
    });
    const invoiceList = (await (await call(owner.cookies, 'GET', '/invoices')).json()).invoices;
    expect(invoiceList).toHaveLength(1);
    expect(invoiceList[0]).toMatchObject({ total: order.amount, card: { brand: 'visa', last4: '4242' } });
    expect(invoiceList[0].number).toMatch(/^INV-\d{6}$/);

    const pdf = await call(owner.cookies, 'GET', `/invoices/${invoiceList[0].id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');

    const stranger = await signedInUser(t, 'billing-stranger@example.com');
    expect((await call(stranger.cookies, 'GET', `/invoices/${invoiceList[0].id}/pdf`)).status).toBe(404);
    expect((await (await call(stranger.cookies, 'GET', '/subscriptions')).json()).subscriptions).toEqual([]);
    expect((await call(stranger.cookies, 'GET', `/subscriptions/${list.subscriptions[0].id}/proration?plan=enterprise&billing=annual`)).status).toBe(404);
  });

  it('prorates an upgrade for the rest of the period, computed on the server', async () => {
    const owner = await signedInUser(t, 'prorate-up@example.com');
    const subscription = await subscriptionOf(t, owner.user.id);
    const preview = await (await call(owner.cookies, 'GET', `/subscriptions/${subscription.id}/proration?plan=professional&billing=monthly`)).json();
    expect(preview).toEqual({
      plan: 'professional',
      billing: 'monthly',
      price: 9_900,
      unusedCredit: 2_450,
      newCharge: 4_950,
      amountDue: 2_500,
      creditAfter: 0,
      periodStart: periodStart.toISOString(),
      periodEnd: '2026-12-07T00:00:00.000Z',
    });
  });

  it('switches monthly to annual from now, charging the annual price (15 % off) less the unused month', async () => {
    const owner = await signedInUser(t, 'switch-annual@example.com');
    const subscription = await subscriptionOf(t, owner.user.id);
    expect(await (await addCard(owner.cookies, '4242424242424242')).json()).toMatchObject({ status: 'succeeded' });
    const preview = await (await call(owner.cookies, 'GET', `/subscriptions/${subscription.id}/proration?plan=standard&billing=annual`)).json();
    expect(preview).toMatchObject({
      price: 49_980,
      unusedCredit: 2_450,
      newCharge: 49_980,
      amountDue: 47_530,
      periodStart: now.toISOString(),
      periodEnd: '2027-11-22T00:00:00.000Z',
    });

    const key = crypto.randomUUID();
    const changed = await call(owner.cookies, 'POST', `/subscriptions/${subscription.id}/change`, { plan: 'standard', billing: 'annual' }, key);
    expect(await changed.json()).toMatchObject({ billing: 'annual', currentPeriodEnd: '2027-11-22T00:00:00.000Z', nextCharge: { amount: 49_980 } });
    // A retry of the same change (a lost answer) charges nothing more.
    expect((await call(owner.cookies, 'POST', `/subscriptions/${subscription.id}/change`, { plan: 'standard', billing: 'annual' }, key)).status).toBe(200);
    const charges = await t.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(sql`${sandboxPaymentIntents.metadata}->>'altaSubscriptionId' = ${subscription.id}`);
    expect(charges.map((charge) => charge.amount)).toEqual([47_530]);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.companyId, subscription.companyId));
    expect(invoice).toMatchObject({ total: 47_530, cardLast4: '4242' });
    const [company] = await t.database.db.select().from(companies).where(eq(companies.id, subscription.companyId));
    expect(company).toMatchObject({ plan: 'standard', billing: 'annual' });
  });

  it('keeps a downgrade’s unused time as credit for the next charge, charging nothing now', async () => {
    const owner = await signedInUser(t, 'downgrade@example.com');
    const subscription = await subscriptionOf(t, owner.user.id, 'professional');
    const changed = await call(
      owner.cookies,
      'POST',
      `/subscriptions/${subscription.id}/change`,
      { plan: 'standard', billing: 'monthly' },
      crypto.randomUUID(),
    );
    expect(await changed.json()).toMatchObject({ plan: 'standard', credit: 2_500, nextCharge: { at: '2026-12-07T00:00:00.000Z', amount: 2_400 } });
  });

  it('refuses an upgrade without a card, and the same plan again', async () => {
    const owner = await signedInUser(t, 'no-card@example.com');
    const subscription = await subscriptionOf(t, owner.user.id);
    expect(
      await answeredWith(
        await call(owner.cookies, 'POST', `/subscriptions/${subscription.id}/change`, { plan: 'enterprise', billing: 'monthly' }, crypto.randomUUID()),
      ),
    ).toBe('409 no_payment_method');
    expect(
      await answeredWith(
        await call(owner.cookies, 'POST', `/subscriptions/${subscription.id}/change`, { plan: 'standard', billing: 'monthly' }, crypto.randomUUID()),
      ),
    ).toBe('409 plan_unchanged');
  });

  it('cancels at the end of the period and undoes it', async () => {
    const owner = await signedInUser(t, 'cancel@example.com');
    const subscription = await subscriptionOf(t, owner.user.id);
    expect(await (await call(owner.cookies, 'POST', `/subscriptions/${subscription.id}/cancel`)).json()).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      nextCharge: null,
    });
    expect(await (await call(owner.cookies, 'POST', `/subscriptions/${subscription.id}/resume`)).json()).toMatchObject({
      cancelAtPeriodEnd: false,
      nextCharge: { amount: 4_900 },
    });
    const stranger = await signedInUser(t, 'cancel-stranger@example.com');
    expect((await call(stranger.cookies, 'POST', `/subscriptions/${subscription.id}/cancel`)).status).toBe(404);
  });

  it('saves cards through the setup flow with 3-D Secure, sets the default and removes them', async () => {
    const owner = await signedInUser(t, 'cards@example.com');
    await subscriptionOf(t, owner.user.id);
    const challenge = await (await addCard(owner.cookies, '4000002500003155')).json();
    expect(challenge).toMatchObject({ status: 'requires_action', action: { type: 'three_d_secure', provider: 'sandbox', clientSecret: null } });
    expect(await cardsOf(owner.cookies)).toEqual([]);
    const confirmed = await (
      await call(owner.cookies, 'POST', `/payment-methods/setups/${challenge.setupId}/confirm`, { challengeResult: 'completed' })
    ).json();
    expect(confirmed).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '3155', expMonth: 12, expYear: 2034, isDefault: true } });

    expect(await answeredWith(await addCard(owner.cookies, '4000000000000002'))).toBe('402 card_declined');
    const second = (await (await addCard(owner.cookies, '5555555555554444')).json()).card;
    expect(second).toMatchObject({ last4: '4444', isDefault: false });

    const afterDefault = (await (await call(owner.cookies, 'POST', `/payment-methods/${second.id}/default`)).json()).cards;
    expect(afterDefault.map((card: { last4: string; isDefault: boolean }) => [card.last4, card.isDefault])).toEqual([
      ['4444', true],
      ['3155', false],
    ]);
    // Removing the default leaves the other card as the default; the last one stays while a subscription renews on it.
    const afterRemove = (await (await call(owner.cookies, 'DELETE', `/payment-methods/${second.id}`)).json()).cards;
    expect(afterRemove).toMatchObject([{ last4: '3155', isDefault: true }]);
    expect(await answeredWith(await call(owner.cookies, 'DELETE', `/payment-methods/${afterRemove[0].id}`))).toBe('409 card_required');

    const stranger = await signedInUser(t, 'cards-stranger@example.com');
    expect((await call(stranger.cookies, 'POST', `/payment-methods/${afterRemove[0].id}/default`)).status).toBe(404);
    expect((await call(stranger.cookies, 'DELETE', `/payment-methods/${afterRemove[0].id}`)).status).toBe(404);
    expect((await call(stranger.cookies, 'POST', `/payment-methods/setups/${challenge.setupId}/confirm`, { challengeResult: 'completed' })).status).toBe(404);
  });

  it('shows an admin acting as the user that user’s subscriptions and cards, and refuses every billing change', async () => {
    const deps: AppDeps = { env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now };
    const owner = await signedInUser(t, 'managed@example.com');
    const subscription = await subscriptionOf(t, owner.user.id);
    await addCard(owner.cookies, '4242424242424242');
    await ensureAdmin(deps);
    const adminCookies = await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD);
    const loginAs = await t.request('/api/v1/admin/login-as-user', { method: 'POST', json: { userId: owner.user.id }, cookies: adminCookies });
    const acting = cookiesFrom(loginAs, adminCookies);

    expect((await (await call(acting, 'GET', '/subscriptions')).json()).subscriptions).toMatchObject([{ id: subscription.id }]);
    expect(await cardsOf(acting)).toMatchObject([{ last4: '4242' }]);
    for (const [method, path, body] of [
      ['POST', `/subscriptions/${subscription.id}/change`, { plan: 'enterprise', billing: 'monthly' }],
      ['POST', `/subscriptions/${subscription.id}/cancel`, undefined],
      ['POST', '/payment-methods', { paymentMethod: cardMethod('4242424242424242') }],
    ] as const) {
      const response = await call(acting, method, path, body, crypto.randomUUID());
      expect(response.status).toBe(403);
      expect((await response.json()).code).toBe('impersonation_forbidden');
    }
  });
});

describe('Stripe webhooks', () => {
  let t: TestApp;
  const secret = 'whsec_alta_test';
  const stripe = new Stripe('sk_test_alta');
  const fake = new FakeStripe();
  beforeAll(async () => {
    [t] = await Promise.all([
      createTestApp({ STRIPE_SECRET_KEY: 'sk_test_alta', STRIPE_WEBHOOK_SECRET: secret, VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_alta' }),
      fake.listen(),
    ]);
    t.clock.now = now;
  });
  afterAll(async () => {
    await Promise.all([t.close(), fake.close()]);
  });

  const send = (payload: string, signature: string) =>
    t.request('/api/v1/webhooks/stripe', { method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  const signed = (payload: string, signingSecret = secret, timestamp = Math.floor(t.clock.now.getTime() / 1000)) =>
    stripe.webhooks.generateTestHeaderString({ payload, secret: signingSecret, timestamp });

  /**
   * An owner whose renewal went to Stripe and is still processing: a Stripe customer, the card
   * saved through a SetupIntent, the off-session PaymentIntent as the fake Stripe API holds it.
   */
  async function processingRenewal(paymentMethodId: string) {
    const [user] = await t.database.db
      .insert(users)
      .values({ email: `stripe-${crypto.randomUUID()}@example.com`, firstName: 'Ana', lastName: 'Lima' })
      .returning();
    const subscription = await subscriptionOf(t, user!.id);
    const payments = createStripePayments(fake.options);
    const customerId = await payments.createCustomer({ email: user!.email, userId: user!.id, idempotencyKey: `customer:${user!.id}` });
    const setup = await payments.createSetup({ customerId, paymentMethod: { type: 'stripe', paymentMethodId }, idempotencyKey: crypto.randomUUID() });
    if (setup.status !== 'succeeded') throw new Error(setup.status);
    await saveCard(t.database.db, {
      userId: user!.id,
      provider: 'stripe',
      providerPaymentMethodId: setup.card.id,
      brand: setup.card.brand,
      last4: setup.card.last4,
      expMonth: setup.card.expMonth,
      expYear: setup.card.expYear,
      createdAt: now,
    });
    const charged = await payments.createPayment({
      amount: 4_900,
      currency: 'usd',
      idempotencyKey: crypto.randomUUID(),
      paymentMethod: { type: 'saved', customerId, paymentMethodId },
      description: 'Alta subscription',
      metadata: { altaSubscriptionId: subscription.id },
    });
    const intentId = charged.status === 'failed' || charged.status === 'succeeded' ? charged.id! : '';
    await t.database.db.insert(subscriptionCharges).values({
      subscriptionId: subscription.id,
      periodStart: subscription.currentPeriodEnd,
      status: 'processing',
      amount: 4_900,
      providerPaymentId: intentId,
      claimedAt: now,
    });
    return { user: user!, subscription, intent: fake.intents.get(intentId)! };
  }

  it('refuses an event with a bad signature, a wrong secret, none or a stale one, and applies nothing', async () => {
    const { subscription, intent } = await processingRenewal('pm_card_visa');
    const { payload } = fake.event('payment_intent.succeeded', intent);
    const stale = signed(payload, secret, Math.floor(t.clock.now.getTime() / 1000) - 301);
    for (const signature of ['t=1,v1=deadbeef', signed(payload, 'whsec_other'), '', stale]) {
      const response = await send(payload, signature);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect((await response.json()).code).toBe('webhook_signature_invalid');
    }
    // A good signature on other bytes is a bad signature.
    expect((await send(fake.event('payment_intent.succeeded', intent).payload, signed(payload))).status).toBe(400);
    const [charge] = await t.database.db.select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, subscription.id));
    expect(charge!.status).toBe('processing');
  });

  it('settles a renewal charge that was processing, once, naming the saved card (events carry its id only)', async () => {
    const { subscription, intent } = await processingRenewal('pm_card_mastercard');
    const { payload } = fake.event('payment_intent.succeeded', intent);
    expect(JSON.parse(payload).data.object.payment_method).toBe('pm_card_mastercard');
    expect(await (await send(payload, signed(payload))).json()).toEqual({ received: true, duplicate: false });
    expect(await (await send(payload, signed(payload))).json()).toEqual({ received: true, duplicate: true });
    const [after] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(after).toMatchObject({ status: 'active', currentPeriodStart: subscription.currentPeriodEnd, currentPeriodEnd: new Date('2027-01-07T00:00:00Z') });
    const issued = await t.database.db.select().from(invoices).where(eq(invoices.companyId, subscription.companyId));
    expect(issued).toMatchObject([{ total: 4_900, cardBrand: 'mastercard', cardLast4: '4444' }]);
  });

  it('applies a failed renewal as the expired-payment rule (past due, owner blocked)', async () => {
    const { user, subscription, intent } = await processingRenewal('pm_card_chargeCustomerFail');
    expect(intent).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } });
    const { payload } = fake.event('payment_intent.payment_failed', intent);
    expect(await (await send(payload, signed(payload))).json()).toEqual({ received: true, duplicate: false });
    const [after] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(after!.status).toBe('past_due');
    const [charge] = await t.database.db.select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, subscription.id));
    expect(charge).toMatchObject({ status: 'failed', declineCode: 'generic_decline' });
    expect((await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]!.status).toBe('blocked');
  });

  it('forgets a card detached at Stripe, and acknowledges events it does not handle', async () => {
    const { user } = await processingRenewal('pm_card_visa');
    const detached = fake.event('payment_method.detached', { ...fake.paymentMethod('pm_card_visa'), customer: null });
    expect(await (await send(detached.payload, signed(detached.payload))).json()).toEqual({ received: true, duplicate: false });
    expect(await t.database.db.select().from(paymentCards).where(eq(paymentCards.userId, user.id))).toEqual([]);
    const other = fake.event('customer.created', fake.customers.values().next().value!);
    expect(await (await send(other.payload, signed(other.payload))).json()).toEqual({ received: true, duplicate: false });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('plan changes racing on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    t.clock.now = now;
  });
  afterAll(() => t.close());

  it('charges ten identical concurrent changes (one Idempotency-Key) once, with one invoice and no credit', async () => {
    const owner = await signedInUser(t, 'change-race@example.com');
    const subscription = await subscriptionOf(t, owner.user.id);
    // Last changed before the test's clock, so a change moves the version the others were priced on (as a real clock does).
    await t.database.db.update(subscriptions).set({ updatedAt: periodStart }).where(eq(subscriptions.id, subscription.id));
    const added = await t.request('/api/v1/payment-methods', {
      method: 'POST',
      cookies: owner.cookies,
      json: { paymentMethod: cardMethod('4242424242424242') },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(await added.json()).toMatchObject({ status: 'succeeded' });
    const key = crypto.randomUUID();
    const change = () =>
      t.request(`/api/v1/subscriptions/${subscription.id}/change`, {
        method: 'POST',
        cookies: owner.cookies,
        json: { plan: 'enterprise', billing: 'monthly' },
        headers: { 'idempotency-key': key },
      });
    // The subscription row is held while the ten go through pricing and charging, so none can finish before the others start.
    const holder = await (t.database.db as unknown as { $client: pg.Pool }).$client.connect();
    await holder.query('begin');
    await holder.query('select id from subscriptions where id = $1 for no key update', [subscription.id]);
    const racing = Array.from({ length: 10 }, change);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await holder.query('commit');
    holder.release();
    const responses = await Promise.all(racing);
    const answers = await Promise.all(responses.map(answeredWith));

    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(row).toMatchObject({ plan: 'enterprise', credit: 0 });
    const charges = await t.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(sql`${sandboxPaymentIntents.metadata}->>'altaSubscriptionId' = ${subscription.id}`);
    expect(charges).toHaveLength(1);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.companyId, subscription.companyId))).toHaveLength(1);
    // One changed; the others were told the change was in progress, or answered it once it had gone through.
    expect(answers).toContain('200');
    expect(answers.every((answer) => answer === '200' || answer === '409 payment_in_progress')).toBe(true);
    // A retry after the race answers the change, charging nothing more.
    expect((await change()).status).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(sandboxPaymentIntents)
        .where(sql`${sandboxPaymentIntents.metadata}->>'altaSubscriptionId' = ${subscription.id}`),
    ).toHaveLength(1);
  });

  it('turns the charge of a change that lost the race after pricing into credit, once, on no invoice', async () => {
    const owner = await signedInUser(t, 'change-lost@example.com');
    const subscription = await subscriptionOf(t, owner.user.id);
    await t.database.db.update(subscriptions).set({ updatedAt: periodStart }).where(eq(subscriptions.id, subscription.id));
    const added = await t.request('/api/v1/payment-methods', {
      method: 'POST',
      cookies: owner.cookies,
      json: { paymentMethod: cardMethod('4242424242424242') },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(await added.json()).toMatchObject({ status: 'succeeded' });
    const plans = ['enterprise', 'professional'] as const;
    const due = Object.fromEntries(
      await Promise.all(
        plans.map(
          async (plan) =>
            [
              plan,
              (await (await t.request(`/api/v1/subscriptions/${subscription.id}/proration?plan=${plan}&billing=monthly`, { cookies: owner.cookies })).json())
                .amountDue as number,
            ] as const,
        ),
      ),
    );
    const keys = { enterprise: crypto.randomUUID(), professional: crypto.randomUUID() };
    const change = (plan: (typeof plans)[number]) =>
      t.request(`/api/v1/subscriptions/${subscription.id}/change`, {
        method: 'POST',
        cookies: owner.cookies,
        json: { plan, billing: 'monthly' },
        headers: { 'idempotency-key': keys[plan] },
      });
    const intents = async () =>
      t.database.db
        .select()
        .from(sandboxPaymentIntents)
        .where(sql`${sandboxPaymentIntents.metadata}->>'altaSubscriptionId' = ${subscription.id}`);

    // Both changes price the same version and charge; the subscription row is held until both have, so one of them loses.
    const holder = await (t.database.db as unknown as { $client: pg.Pool }).$client.connect();
    await holder.query('begin');
    await holder.query('select id from subscriptions where id = $1 for no key update', [subscription.id]);
    const racing = plans.map((plan) => change(plan));
    for (let waited = 0; (await intents()).length < 2 && waited < 100; waited += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    await holder.query('commit');
    holder.release();
    const [enterprise, professional] = await Promise.all(racing);
    const statuses = { enterprise: enterprise!.status, professional: professional!.status };
    const loser = plans.find((plan) => statuses[plan] === 409)!;
    expect(Object.values(statuses).sort()).toEqual([200, 409]);
    expect(await intents()).toHaveLength(2);

    // The winner's charge is on its invoice; the loser's is credit, and on no invoice.
    const issued = await t.database.db.select().from(invoices).where(eq(invoices.companyId, subscription.companyId));
    expect(issued.map((invoice) => invoice.sourceKey)).toEqual([`change:${subscription.id}:${keys[plans.find((plan) => plan !== loser)!]}`]);
    const creditOf = async () => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id)))[0]!.credit;
    expect(await creditOf()).toBe(due[loser]);
    // A retry of the lost change with its key neither credits again nor charges again.
    expect((await change(loser)).status).toBe(409);
    expect(await creditOf()).toBe(due[loser]);
    expect(await intents()).toHaveLength(2);
  });
});
