import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { sandboxPaymentMethods, sandboxSetupIntents } from '../../db/schema/billing';
import { pgliteTemplateData } from '../../test/database-templates';
import { sandboxPaymentIntents } from '../../db/schema/payments';
import { IdempotencyConflictError, UnsupportedPaymentMethodError, type CardInput, type CreatePaymentInput } from './payments-provider';
import { createSandboxPayments, luhnValid, sandboxCards } from './sandbox-payments';

const now = new Date('2026-11-21T12:00:00Z');

const card = (number: string, overrides: Partial<CardInput> = {}): CardInput => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  holderName: 'Ana Lima',
  postalCode: '01000',
  ...overrides,
});

let counter = 0;
const payment = (cardInput: CardInput, overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  amount: 49_900,
  currency: 'usd',
  idempotencyKey: `key-${(counter += 1)}`,
  paymentMethod: { type: 'card', card: cardInput },
  description: 'Alta order ALT-001001',
  metadata: { orderId: 'order-1' },
  ...overrides,
});

describe('local payment sandbox (Stripe test mode)', () => {
  let database: Database;
  let sandbox: ReturnType<typeof createSandboxPayments>;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: null, template: pgliteTemplateData() });
    sandbox = createSandboxPayments({ db: database.db, now: () => now });
  });
  afterAll(() => database.close());

  it('charges 4242 4242 4242 4242', async () => {
    const outcome = await sandbox.createPayment(payment(card('4242 4242 4242 4242')));
    expect(outcome).toMatchObject({ status: 'succeeded', amount: 49_900, card: { brand: 'visa', last4: '4242' } });
    expect(outcome.status === 'succeeded' && outcome.id).toMatch(/^pi_sbx_/);
  });

  it('charges the other brands of the test numbers', async () => {
    expect(await sandbox.createPayment(payment(card('5555555555554444')))).toMatchObject({ status: 'succeeded', card: { brand: 'mastercard' } });
    expect(await sandbox.createPayment(payment(card('378282246310005', { cvc: '1234' })))).toMatchObject({ status: 'succeeded', card: { brand: 'amex' } });
  });

  it.each([
    [sandboxCards.genericDecline, 'card_declined', 'generic_decline'],
    [sandboxCards.insufficientFunds, 'insufficient_funds', 'insufficient_funds'],
    [sandboxCards.expiredCard, 'expired_card', 'expired_card'],
    [sandboxCards.incorrectCvc, 'incorrect_cvc', 'incorrect_cvc'],
  ])('declines %s with %s', async (number, code, declineCode) => {
    expect(await sandbox.createPayment(payment(card(number)))).toMatchObject({ status: 'failed', code, declineCode });
  });

  it('checks the Luhn digit', async () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(await sandbox.createPayment(payment(card('4242424242424241')))).toMatchObject({ status: 'failed', code: 'incorrect_number' });
  });

  it('declines an expiry in the past as expired_card, and accepts the current month', async () => {
    expect(await sandbox.createPayment(payment(card(sandboxCards.success, { expMonth: 10, expYear: 2026 })))).toMatchObject({
      status: 'failed',
      code: 'expired_card',
    });
    expect(await sandbox.createPayment(payment(card(sandboxCards.success, { expMonth: 11, expYear: 2026 })))).toMatchObject({ status: 'succeeded' });
  });

  it('declines a CVC of the wrong length and numbers that are not test cards', async () => {
    expect(await sandbox.createPayment(payment(card(sandboxCards.success, { cvc: '12' })))).toMatchObject({ code: 'incorrect_cvc' });
    // A valid Luhn number that is not one of Stripe's test cards: test mode declines it.
    expect(await sandbox.createPayment(payment(card('4111111111111111')))).toMatchObject({ status: 'failed', code: 'card_declined' });
  });

  it.each([sandboxCards.threeDSecure, sandboxCards.threeDSecure2])('asks %s for a 3-D Secure challenge the user completes', async (number) => {
    const started = await sandbox.createPayment(payment(card(number)));
    expect(started).toMatchObject({ status: 'requires_action', clientSecret: null });
    const id = started.status === 'requires_action' ? started.id : '';
    expect(await sandbox.confirmAction({ id })).toMatchObject({ status: 'requires_action' });
    expect(await sandbox.confirmAction({ id, challengeResult: 'completed' })).toMatchObject({ status: 'succeeded', card: { last4: number.slice(-4) } });
    // Confirming again changes nothing.
    expect(await sandbox.confirmAction({ id, challengeResult: 'failed' })).toMatchObject({ status: 'succeeded' });
  });

  it('fails the payment when the user fails the challenge', async () => {
    const started = await sandbox.createPayment(payment(card(sandboxCards.threeDSecure)));
    const id = started.status === 'requires_action' ? started.id : '';
    expect(await sandbox.confirmAction({ id, challengeResult: 'failed' })).toMatchObject({
      status: 'failed',
      code: 'authentication_failed',
      declineCode: 'payment_intent_authentication_failure',
    });
    expect(await sandbox.retrieve(id)).toMatchObject({ status: 'failed', code: 'authentication_failed' });
  });

  it('cancels an open challenge but not a success', async () => {
    const started = await sandbox.createPayment(payment(card(sandboxCards.threeDSecure)));
    const id = started.status === 'requires_action' ? started.id : '';
    expect(await sandbox.cancel(id)).toEqual({ status: 'canceled', id });
    expect(await sandbox.confirmAction({ id, challengeResult: 'completed' })).toEqual({ status: 'canceled', id });
    const paid = await sandbox.createPayment(payment(card(sandboxCards.success)));
    expect(await sandbox.cancel(paid.status === 'succeeded' ? paid.id : '')).toMatchObject({ status: 'succeeded' });
  });

  it('returns the first result for the same key and parameters, without a second charge', async () => {
    const input = payment(card(sandboxCards.success), { idempotencyKey: 'same-key' });
    const first = await sandbox.createPayment(input);
    const again = await sandbox.createPayment({ ...input });
    expect(again).toEqual(first);
    const declined = payment(card(sandboxCards.genericDecline), { idempotencyKey: 'same-declined-key' });
    expect(await sandbox.createPayment(declined)).toEqual(await sandbox.createPayment(declined));
  });

  it('refuses the same key with different parameters, as Stripe does', async () => {
    const input = payment(card(sandboxCards.success), { idempotencyKey: 'reused-key' });
    await sandbox.createPayment(input);
    await expect(sandbox.createPayment({ ...input, amount: 100 })).rejects.toBeInstanceOf(IdempotencyConflictError);
    await expect(sandbox.createPayment({ ...input, paymentMethod: { type: 'card', card: card('5555555555554444') } })).rejects.toBeInstanceOf(
      IdempotencyConflictError,
    );
  });

  it('creates exactly one intent for concurrent requests with one key', async () => {
    const input = payment(card(sandboxCards.success), { idempotencyKey: 'concurrent-key' });
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => sandbox.createPayment({ ...input })));
    expect(new Set(outcomes.map((outcome) => (outcome.status === 'succeeded' ? outcome.id : null))).size).toBe(1);
    const rows = await database.db.select().from(sandboxPaymentIntents);
    expect(rows.filter((row) => row.idempotencyKey === 'concurrent-key')).toHaveLength(1);
  });

  it('takes no Stripe payment method ids', async () => {
    await expect(
      sandbox.createPayment(payment(card(sandboxCards.success), { paymentMethod: { type: 'stripe', paymentMethodId: 'pm_card_visa' } })),
    ).rejects.toBeInstanceOf(UnsupportedPaymentMethodError);
  });

  it('never stores the card number or CVC', async () => {
    await sandbox.createPayment(payment(card(sandboxCards.success, { cvc: '987' }), { idempotencyKey: 'storage-check' }));
    const rows = await database.db.select().from(sandboxPaymentIntents);
    const row = rows.find((candidate) => candidate.idempotencyKey === 'storage-check')!;
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    expect(Object.values(row)).not.toContain('987');
    expect(row.cardLast4).toBe('4242');
  });

  describe('saved cards (SetupIntents) and off-session charges', () => {
    let customerId: string;
    beforeAll(async () => {
      customerId = await sandbox.createCustomer({ email: 'ana@example.com', userId: 'user-1', idempotencyKey: 'customer:user-1' });
    });

    const setup = (number: string, key: string, overrides: Partial<CardInput> = {}) =>
      sandbox.createSetup({ customerId, paymentMethod: { type: 'card', card: card(number, overrides) }, idempotencyKey: key });
    const chargeSaved = (paymentMethodId: string, key: string, customer = customerId) =>
      sandbox.createPayment(
        payment(card(sandboxCards.success), { idempotencyKey: key, paymentMethod: { type: 'saved', customerId: customer, paymentMethodId } }),
      );

    it('answers the same customer for the same key', async () => {
      expect(customerId).toMatch(/^cus_sbx_/);
      expect(await sandbox.createCustomer({ email: 'ana@example.com', userId: 'user-1', idempotencyKey: 'customer:user-1' })).toBe(customerId);
    });

    it('saves 4242 at once, with brand, last four and expiry, and charges it off-session', async () => {
      const outcome = await setup(sandboxCards.success, 'setup-1');
      expect(outcome).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 } });
      if (outcome.status !== 'succeeded') throw new Error('not saved');
      expect(outcome.id).toMatch(/^seti_sbx_/);
      expect(outcome.card.id).toMatch(/^pm_sbx_/);
      expect(await chargeSaved(outcome.card.id, 'renewal-1')).toMatchObject({ status: 'succeeded', amount: 49_900, card: { last4: '4242' } });
    });

    it('asks for 3-D Secure on 4000 0025 0000 3155, saves after the challenge and then charges without asking', async () => {
      const first = await setup(sandboxCards.threeDSecureSetup, 'setup-3ds');
      expect(first).toMatchObject({ status: 'requires_action', clientSecret: null });
      const confirmed = await sandbox.confirmSetup({ id: first.id!, challengeResult: 'completed' });
      expect(confirmed).toMatchObject({ status: 'succeeded', card: { last4: '3155' } });
      if (confirmed.status !== 'succeeded') throw new Error('not saved');
      expect(await chargeSaved(confirmed.card.id, 'renewal-3ds')).toMatchObject({ status: 'succeeded' });
    });

    it('does not attach a card whose challenge failed', async () => {
      const first = await setup(sandboxCards.threeDSecureSetup, 'setup-3ds-failed');
      const failed = await sandbox.confirmSetup({ id: first.id!, challengeResult: 'failed' });
      expect(failed).toMatchObject({ status: 'failed', code: 'authentication_failed' });
      const paymentMethodId = (await database.db.select().from(sandboxSetupIntents).where(eq(sandboxSetupIntents.id, first.id!)))[0]!.paymentMethodId;
      await expect(chargeSaved(paymentMethodId, 'renewal-unattached')).rejects.toBeInstanceOf(UnsupportedPaymentMethodError);
    });

    it('declines setups as payments are declined', async () => {
      expect(await setup(sandboxCards.genericDecline, 'setup-declined')).toMatchObject({
        status: 'failed',
        code: 'card_declined',
        declineCode: 'generic_decline',
      });
      expect(await setup(sandboxCards.success, 'setup-expired', { expYear: 2025 })).toMatchObject({ status: 'failed', code: 'expired_card' });
    });

    it('saves 4000 0000 0000 0341 but declines every later charge', async () => {
      const outcome = await setup(sandboxCards.declineAfterAttach, 'setup-0341');
      if (outcome.status !== 'succeeded') throw new Error('not saved');
      expect(await chargeSaved(outcome.card.id, 'renewal-0341')).toMatchObject({ status: 'failed', code: 'card_declined' });
    });

    it('needs the customer again for 4000 0027 6000 3184 off-session (authentication on every charge)', async () => {
      const first = await setup(sandboxCards.threeDSecure, 'setup-3184');
      const confirmed = await sandbox.confirmSetup({ id: first.id!, challengeResult: 'completed' });
      if (confirmed.status !== 'succeeded') throw new Error('not saved');
      expect(await chargeSaved(confirmed.card.id, 'renewal-3184')).toMatchObject({ status: 'failed', code: 'authentication_failed' });
    });

    it('charges a saved card once per idempotency key, and never for another customer or once detached', async () => {
      const outcome = await setup(sandboxCards.success, 'setup-idem');
      if (outcome.status !== 'succeeded') throw new Error('not saved');
      const [one, two] = await Promise.all([chargeSaved(outcome.card.id, 'renewal-same'), chargeSaved(outcome.card.id, 'renewal-same')]);
      expect(one).toEqual(two);
      const other = await sandbox.createCustomer({ email: 'eve@example.com', userId: 'user-2', idempotencyKey: 'customer:user-2' });
      await expect(chargeSaved(outcome.card.id, 'renewal-other', other)).rejects.toBeInstanceOf(UnsupportedPaymentMethodError);
      await sandbox.detachPaymentMethod(outcome.card.id);
      await expect(chargeSaved(outcome.card.id, 'renewal-detached')).rejects.toBeInstanceOf(UnsupportedPaymentMethodError);
    });

    it('answers a repeated setup key with the first setup, and refuses it with another card', async () => {
      const first = await setup(sandboxCards.success, 'setup-repeat');
      expect(await setup(sandboxCards.success, 'setup-repeat')).toEqual(first);
      await expect(setup('5555555555554444', 'setup-repeat')).rejects.toBeInstanceOf(IdempotencyConflictError);
      const methods = await database.db.select().from(sandboxPaymentMethods);
      expect(JSON.stringify(methods)).not.toContain('4242424242424242');
    });
  });
});
