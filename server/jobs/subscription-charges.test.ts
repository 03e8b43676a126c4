import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPeriod } from '@domain/billing';
import type { AppDeps } from '../context';
import type { Database } from '../db/client';
import { customerOf, saveCard, saveCustomer } from '../db/queries/billing-cards';
import { invoices, paymentCards, subscriptions } from '../db/schema/billing';
import { companies } from '../db/schema/companies';
import { sandboxPaymentIntents } from '../db/schema/payments';
import { users } from '../db/schema/users';
import { PaymentProviderError, type PaymentsProvider } from '../providers/payments/payments-provider';
import { createSandboxPayments, sandboxCards } from '../providers/payments/sandbox-payments';
import { createStripePayments } from '../providers/payments/stripe-payments';
import { insertTestCompany } from '../sync/test-fixtures';
import { createUser, goodPassword } from '../test/accounts';
import { FakeStripe } from '../test/fake-stripe';
import { answeredWith, createTestApp, type TestApp } from '../test/harness';
import { chargeClaimMs, chargeDueSubscriptions, chargeRetryMs } from './subscription-charges';
import { secondInstanceDatabase } from '../test/instances';

const start = new Date('2026-10-22T08:00:00Z');
const periodEnd = new Date('2026-11-22T08:00:00Z');

const depsOf = (t: TestApp, database: Database): AppDeps => ({ env: t.env, database, mailer: { send: async () => {} }, now: () => t.clock.now });
const sandboxOf = (t: TestApp, database: Database) => createSandboxPayments({ db: database.db, now: () => t.clock.now });

/** An owner whose monthly Standard subscription ends its period at `periodEnd`, with `cardNumber` saved as the default card. */
async function subscribedOwner(t: TestApp, cardNumber: string | null = sandboxCards.success) {
  const db = t.database.db;
  const owner = await createUser(t);
  const companyId = await insertTestCompany(db, owner.id);
  await db.update(companies).set({ plan: 'standard', billing: 'monthly' }).where(eq(companies.id, companyId));
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      companyId,
      userId: owner.id,
      plan: 'standard',
      billing: 'monthly',
      currentPeriodStart: start,
      currentPeriodEnd: periodEnd,
      createdAt: start,
      updatedAt: start,
    })
    .returning();
  if (cardNumber) await saveTestCard(t, owner.id, cardNumber);
  return { owner, subscription: subscription! };
}

async function saveTestCard(t: TestApp, userId: string, cardNumber: string) {
  const sandbox = sandboxOf(t, t.database);
  const customerId =
    (await customerOf(t.database.db, userId, 'sandbox')) ??
    (await saveCustomer(
      t.database.db,
      userId,
      'sandbox',
      await sandbox.createCustomer({ email: 'x@example.com', userId, idempotencyKey: `customer:${userId}` }),
      t.clock.now,
    ));
  const setup = await sandbox.createSetup({
    customerId,
    idempotencyKey: crypto.randomUUID(),
    paymentMethod: { type: 'card', card: { number: cardNumber, expMonth: 12, expYear: 2034, cvc: '123', holderName: 'Ana', postalCode: '1000' } },
  });
  if (setup.status !== 'succeeded') throw new Error(`card not saved: ${setup.status}`);
  const card = await saveCard(t.database.db, {
    userId,
    provider: 'sandbox',
    providerPaymentMethodId: setup.card.id,
    brand: setup.card.brand,
    last4: setup.card.last4,
    expMonth: 12,
    expYear: 2034,
    createdAt: t.clock.now,
  });
  await t.database.db.update(paymentCards).set({ isDefault: false }).where(eq(paymentCards.userId, userId));
  await t.database.db.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, card.id));
}

const subscriptionRow = async (t: TestApp, id: string) => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

describe('recurring subscription charges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = new Date('2026-11-22T09:00:00Z');
  });
  afterAll(() => t.close());

  it('charges a period that ended once, moves the subscription on and issues the invoice', async () => {
    const { subscription } = await subscribedOwner(t);
    const first = await chargeDueSubscriptions(depsOf(t, t.database), sandboxOf(t, t.database));
    expect(first.charged).toBeGreaterThanOrEqual(1);
    expect(await subscriptionRow(t, subscription.id)).toMatchObject({
      status: 'active',
      currentPeriodStart: periodEnd,
      currentPeriodEnd: addPeriod(periodEnd, 'monthly'),
    });
    expect(await chargeDueSubscriptions(depsOf(t, t.database), sandboxOf(t, t.database))).toEqual({ charged: 0, failed: 0, ended: 0 });
    expect(await t.database.db.select().from(invoices).where(eq(invoices.companyId, subscription.companyId))).toMatchObject([
      { total: 4_900, cardLast4: '4242', periodStart: periodEnd },
    ]);
  });

  it('ends a subscription cancelled at period end instead of charging it', async () => {
    const { subscription } = await subscribedOwner(t);
    await t.database.db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, subscription.id));
    expect(await chargeDueSubscriptions(depsOf(t, t.database), sandboxOf(t, t.database))).toEqual({ charged: 0, failed: 0, ended: 1 });
    expect(await subscriptionRow(t, subscription.id)).toMatchObject({ status: 'canceled', currentPeriodEnd: periodEnd });
  });

  it('follows the expired-payment rule on a declined renewal: past due, owner blocked, tried again a day later', async () => {
    const { owner, subscription } = await subscribedOwner(t, sandboxCards.declineAfterAttach);
    expect(await chargeDueSubscriptions(depsOf(t, t.database), sandboxOf(t, t.database))).toEqual({ charged: 0, failed: 1, ended: 0 });
    expect(await subscriptionRow(t, subscription.id)).toMatchObject({ status: 'past_due', currentPeriodEnd: periodEnd });
    const [blocked] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(blocked!.status).toBe('blocked');
    // SPEC §4: the blocked owner's login shows the payment-expired popup.
    expect(await answeredWith(await t.request('/api/v1/login', { method: 'POST', json: { email: owner.email, password: goodPassword } }))).toBe(
      '403 user_blocked',
    );

    // Not tried again within the day, even with a good card now.
    await saveTestCard(t, owner.id, sandboxCards.success);
    expect(await chargeDueSubscriptions(depsOf(t, t.database), sandboxOf(t, t.database))).toEqual({ charged: 0, failed: 0, ended: 0 });
    t.clock.advance(chargeRetryMs + 1000);
    expect((await chargeDueSubscriptions(depsOf(t, t.database), sandboxOf(t, t.database))).charged).toBe(1);
    expect(await subscriptionRow(t, subscription.id)).toMatchObject({ status: 'active', currentPeriodStart: periodEnd });
    const [unblocked] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(unblocked!.status).toBe('active');
  });

  it('fails a renewal without a card the same way', async () => {
    const { owner, subscription } = await subscribedOwner(t, null);
    expect((await chargeDueSubscriptions(depsOf(t, t.database), sandboxOf(t, t.database))).failed).toBe(1);
    expect((await subscriptionRow(t, subscription.id)).status).toBe('past_due');
    expect((await t.database.db.select().from(users).where(eq(users.id, owner.id)))[0]!.status).toBe('blocked');
  });

  it('takes over a claim left by an instance that died, repeating the same charge', async () => {
    const { subscription } = await subscribedOwner(t);
    t.clock.now = new Date(subscription.currentPeriodEnd.getTime() + 60_000);
    const failing = { ...sandboxOf(t, t.database), createPayment: () => Promise.reject(new Error('instance died')) };
    await expect(chargeDueSubscriptions(depsOf(t, t.database), failing)).rejects.toThrow('instance died');
    expect((await chargeDueSubscriptions(depsOf(t, t.database), sandboxOf(t, t.database))).charged).toBe(0);
    t.clock.advance(chargeClaimMs + 1000);
    expect((await chargeDueSubscriptions(depsOf(t, t.database), sandboxOf(t, t.database))).charged).toBe(1);
  });
});

describe('recurring charges through Stripe (the fake Stripe API): off-session PaymentIntents on the saved card', () => {
  let t: TestApp;
  const fake = new FakeStripe();
  beforeAll(async () => {
    [t] = await Promise.all([createTestApp(), fake.listen()]);
    t.clock.now = new Date('2026-11-22T09:00:00Z');
  });
  afterAll(async () => {
    await Promise.all([t.close(), fake.close()]);
  });

  /** A Stripe customer with `paymentMethodId` saved through a SetupIntent, as POST /payment-methods does with Stripe. */
  async function stripeOwner(paymentMethodId: string) {
    const { owner, subscription } = await subscribedOwner(t, null);
    const stripe = createStripePayments(fake.options);
    const customerId = await saveCustomer(
      t.database.db,
      owner.id,
      'stripe',
      await stripe.createCustomer({ email: owner.email, userId: owner.id, idempotencyKey: `customer:${owner.id}` }),
      t.clock.now,
    );
    const setup = await stripe.createSetup({ customerId, paymentMethod: { type: 'stripe', paymentMethodId }, idempotencyKey: crypto.randomUUID() });
    if (setup.status === 'requires_action') fake.finishChallenge(setup.id, true);
    const saved = setup.status === 'requires_action' ? await stripe.confirmSetup({ id: setup.id }) : setup;
    if (saved.status !== 'succeeded') throw new Error(`card not saved: ${saved.status}`);
    await saveCard(t.database.db, {
      userId: owner.id,
      provider: 'stripe',
      providerPaymentMethodId: saved.card.id,
      brand: saved.card.brand,
      last4: saved.card.last4,
      expMonth: saved.card.expMonth,
      expYear: saved.card.expYear,
      createdAt: t.clock.now,
    });
    return { owner, subscription, customerId, stripe };
  }

  it('charges the period once off-session with the period’s idempotency key, and invoices the card', async () => {
    const { subscription, customerId, stripe } = await stripeOwner('pm_card_visa');
    expect(await chargeDueSubscriptions(depsOf(t, t.database), stripe)).toEqual({ charged: 1, failed: 0, ended: 0 });
    const sent = fake.requests.filter((request) => request.path === '/v1/payment_intents');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.idempotencyKey).toBe(`subscription-charge:${subscription.id}:${periodEnd.toISOString()}:1`);
    expect(Object.fromEntries(sent[0]!.params)).toMatchObject({
      amount: '4900',
      customer: customerId,
      off_session: 'true',
      confirm: 'true',
      'metadata[altaSubscriptionId]': subscription.id,
    });
    expect(await subscriptionRow(t, subscription.id)).toMatchObject({ status: 'active', currentPeriodStart: periodEnd });
    expect(await t.database.db.select().from(invoices).where(eq(invoices.companyId, subscription.companyId))).toMatchObject([
      { total: 4_900, cardBrand: 'visa', cardLast4: '4242' },
    ]);
    expect(await chargeDueSubscriptions(depsOf(t, t.database), stripe)).toEqual({ charged: 0, failed: 0, ended: 0 });
  });

  it('follows the expired-payment rule when Stripe answers authentication_required off-session', async () => {
    const { owner, subscription, stripe } = await stripeOwner('pm_card_threeDSecure2Required');
    expect(await chargeDueSubscriptions(depsOf(t, t.database), stripe)).toEqual({ charged: 0, failed: 1, ended: 0 });
    expect(await subscriptionRow(t, subscription.id)).toMatchObject({ status: 'past_due', currentPeriodEnd: periodEnd });
    expect((await t.database.db.select().from(users).where(eq(users.id, owner.id)))[0]!.status).toBe('blocked');
  });
});

describe('a renewal charge whose provider answer is lost', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = new Date('2026-11-22T09:00:00Z');
  });
  afterAll(() => t.close());

  it('is neither a decline nor a reason to stop the run: the others are charged, and the claim taken over later finds the same charge', async () => {
    const lost = await subscribedOwner(t);
    const other = await subscribedOwner(t);
    const sandbox = sandboxOf(t, t.database);
    // The provider charges the card, but its answer for `lost` never comes back.
    const losing: PaymentsProvider = {
      ...sandbox,
      async createPayment(input) {
        const outcome = await sandbox.createPayment(input);
        if (input.metadata.altaSubscriptionId === lost.subscription.id) throw new PaymentProviderError('Stripe unreachable: timeout');
        return outcome;
      },
    };
    expect(await chargeDueSubscriptions(depsOf(t, t.database), losing)).toEqual({ charged: 1, failed: 0, ended: 0 });
    expect(await subscriptionRow(t, other.subscription.id)).toMatchObject({ currentPeriodStart: periodEnd });
    expect(await subscriptionRow(t, lost.subscription.id)).toMatchObject({ status: 'active', currentPeriodEnd: periodEnd });
    expect((await t.database.db.select().from(users).where(eq(users.id, lost.owner.id)))[0]!.status).toBe('active');

    t.clock.advance(chargeClaimMs);
    expect(await chargeDueSubscriptions(depsOf(t, t.database), sandbox)).toEqual({ charged: 1, failed: 0, ended: 0 });
    const intents = await t.database.db.select().from(sandboxPaymentIntents);
    expect(intents.filter((intent) => intent.metadata.altaSubscriptionId === lost.subscription.id)).toHaveLength(1);
    expect(await subscriptionRow(t, lost.subscription.id)).toMatchObject({ currentPeriodStart: periodEnd });
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('recurring charges on two instances sharing one PostgreSQL', () => {
  let t: TestApp;
  let secondDatabase: Database;
  const ids: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = new Date('2026-11-22T09:00:00Z');
    secondDatabase = await secondInstanceDatabase(t, url!);
    for (let index = 0; index < 30; index += 1) ids.push((await subscribedOwner(t)).subscription.id);
  });
  afterAll(async () => {
    await secondDatabase?.close();
    await t?.close();
  });

  it('charges each subscription exactly once per period when both instances run the job at the same time', async () => {
    const runs = await Promise.all([
      chargeDueSubscriptions(depsOf(t, t.database), sandboxOf(t, t.database)),
      chargeDueSubscriptions(depsOf(t, secondDatabase), sandboxOf(t, secondDatabase)),
      chargeDueSubscriptions(depsOf(t, t.database), sandboxOf(t, t.database)),
      chargeDueSubscriptions(depsOf(t, secondDatabase), sandboxOf(t, secondDatabase)),
    ]);
    expect(runs.reduce((sum, run) => sum + run.charged, 0)).toBe(30);
    const intents = await t.database.db.select().from(sandboxPaymentIntents);
    expect(intents.filter((intent) => ids.includes(intent.metadata.altaSubscriptionId ?? ''))).toHaveLength(30);
    const rows = await t.database.db.select().from(subscriptions).where(inArray(subscriptions.id, ids));
    expect(rows.every((row) => row.currentPeriodEnd.getTime() === addPeriod(periodEnd, 'monthly').getTime())).toBe(true);
    expect(await t.database.db.select().from(invoices)).toHaveLength(30);
  });
});
