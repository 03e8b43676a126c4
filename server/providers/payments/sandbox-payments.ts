import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PaymentDeclineCode } from '@domain/payment-declines';
import type { Db } from '../../db/client';
import { sandboxCustomers, sandboxPaymentMethods, sandboxSetupIntents } from '../../db/schema/billing';
import { sandboxPaymentIntents } from '../../db/schema/payments';
import {
  IdempotencyConflictError,
  UnsupportedPaymentMethodError,
  type CardInput,
  type CreatePaymentInput,
  type PaymentOutcome,
  type PaymentsProvider,
  type SetupOutcome,
} from './payments-provider';

/**
 * The local payment sandbox: Stripe's test mode, simulated on Alta's own database so it
 * survives restarts and is shared by every instance. It accepts Stripe's test card numbers
 * and answers as Stripe does: successes, declines with their reasons, 3-D Secure challenges
 * the user completes or fails, Luhn and expiry checks, and idempotency keys.
 */

/** Stripe's test cards with a special behaviour (https://docs.stripe.com/testing). */
export const sandboxCards = {
  success: '4242424242424242',
  genericDecline: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expiredCard: '4000000000000069',
  incorrectCvc: '4000000000000127',
  threeDSecure: '4000002760003184',
  threeDSecure2: '4000000000003220',
  /** Asks for 3-D Secure when set up, then charges off-session without asking again. */
  threeDSecureSetup: '4000002500003155',
  /** Saves fine, but every later charge is declined. */
  declineAfterAttach: '4000000000000341',
} as const;

/** Other test numbers that succeed, one per brand, as in Stripe's test mode. */
const succeedingCards = new Set([
  sandboxCards.success,
  '4000056655665556', // Visa debit
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard 2-series
  '5200828282828210', // Mastercard debit
  '378282246310005', // American Express
  '371449635398431', // American Express
  '6011111111111117', // Discover
  '3056930009020004', // Diners Club
  '3566002020360505', // JCB
  '6200000000000005', // UnionPay
]);

type Decision = { status: 'succeeded' } | { status: 'requires_action' } | { status: 'requires_payment_method'; declineCode: PaymentDeclineCode };

/** Luhn checksum of a card number (digits only). */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
  if (/^35/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

/** What Stripe's test mode does with `card` at `now`. */
export function decide(card: CardInput, now: Date): Decision {
  const number = card.number.replace(/\D/g, '');
  if (!luhnValid(number)) return { status: 'requires_payment_method', declineCode: 'incorrect_number' };
  // A card is valid through the last day of its expiry month.
  const endOfExpiryMonth = Date.UTC(card.expYear, card.expMonth, 1);
  if (card.expMonth < 1 || card.expMonth > 12 || endOfExpiryMonth <= now.getTime()) {
    return { status: 'requires_payment_method', declineCode: 'expired_card' };
  }
  const cvcLength = cardBrand(number) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) return { status: 'requires_payment_method', declineCode: 'incorrect_cvc' };
  switch (number) {
    case sandboxCards.genericDecline:
      return { status: 'requires_payment_method', declineCode: 'card_declined' };
    case sandboxCards.insufficientFunds:
      return { status: 'requires_payment_method', declineCode: 'insufficient_funds' };
    case sandboxCards.expiredCard:
      return { status: 'requires_payment_method', declineCode: 'expired_card' };
    case sandboxCards.incorrectCvc:
      return { status: 'requires_payment_method', declineCode: 'incorrect_cvc' };
    case sandboxCards.threeDSecure:
    case sandboxCards.threeDSecure2:
    case sandboxCards.threeDSecureSetup:
      return { status: 'requires_action' };
    case sandboxCards.declineAfterAttach:
      return { status: 'succeeded' };
    default:
      // Test mode declines real card numbers: only Stripe's test numbers are charged.
      return succeedingCards.has(number) ? { status: 'succeeded' } : { status: 'requires_payment_method', declineCode: 'card_declined' };
  }
}

type IntentRow = typeof sandboxPaymentIntents.$inferSelect;

/** Stripe's own words: a generic decline is decline_code generic_decline; a failed challenge is payment_intent_authentication_failure. */
const rawDeclineCode = (code: string) =>
  code === 'card_declined' ? 'generic_decline' : code === 'authentication_failed' ? 'payment_intent_authentication_failure' : code;

function toOutcome(row: IntentRow): PaymentOutcome {
  const card = row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null;
  switch (row.status) {
    case 'succeeded':
      return { status: 'succeeded', id: row.id, amount: row.amount, card };
    case 'requires_action':
      return { status: 'requires_action', id: row.id, clientSecret: null };
    case 'canceled':
      return { status: 'canceled', id: row.id };
    case 'requires_payment_method': {
      const code = (row.declineCode ?? 'card_declined') as Extract<PaymentOutcome, { status: 'failed' }>['code'];
      return { status: 'failed', id: row.id, code, declineCode: rawDeclineCode(code) };
    }
  }
}

/** The parameters an idempotency key is bound to; card data only as a hash, never stored. */
function requestHash(parameters: unknown[], card: CardInput | null): string {
  const cardParameters = card ? [card.number.replace(/\D/g, ''), card.expMonth, card.expYear, card.cvc] : [];
  return createHash('sha256')
    .update(JSON.stringify([...parameters, ...cardParameters]))
    .digest('base64url');
}

type SetupRow = typeof sandboxSetupIntents.$inferSelect;
type MethodRow = typeof sandboxPaymentMethods.$inferSelect;

function toSetupOutcome(setup: SetupRow, method: MethodRow): SetupOutcome {
  switch (setup.status) {
    case 'succeeded':
      return {
        status: 'succeeded',
        id: setup.id,
        card: { id: method.id, brand: method.brand, last4: method.last4, expMonth: method.expMonth, expYear: method.expYear },
      };
    case 'requires_action':
      return { status: 'requires_action', id: setup.id, clientSecret: null };
    case 'canceled':
      return { status: 'canceled', id: setup.id };
    case 'requires_payment_method': {
      const code = (setup.declineCode ?? 'card_declined') as Extract<SetupOutcome, { status: 'failed' }>['code'];
      return { status: 'failed', id: setup.id, code, declineCode: rawDeclineCode(code) };
    }
  }
}

/** What charging a saved card off-session does: Stripe declines cards that need the customer again with authentication_required. */
function offSessionDecision(method: MethodRow): Decision {
  if (method.chargeDecline) return { status: 'requires_payment_method', declineCode: method.chargeDecline as PaymentDeclineCode };
  if (method.requiresAuthentication) return { status: 'requires_payment_method', declineCode: 'authentication_failed' };
  return { status: 'succeeded' };
}

export function createSandboxPayments(options: { db: Db; now: () => Date }): PaymentsProvider {
  const { db, now } = options;

  async function find(id: string): Promise<IntentRow> {
    const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
    if (!row) throw new Error(`No such payment_intent: '${id}'`);
    return row;
  }

  /** Moves an intent out of `requires_action`; only one of several concurrent calls makes the move. */
  async function leaveChallenge(id: string, to: Partial<IntentRow>): Promise<IntentRow> {
    const [updated] = await db
      .update(sandboxPaymentIntents)
      .set({ ...to, updatedAt: now() })
      .where(sql`${sandboxPaymentIntents.id} = ${id} and ${sandboxPaymentIntents.status} = 'requires_action'`)
      .returning();
    return updated ?? find(id);
  }

  async function findSetup(id: string): Promise<{ setup: SetupRow; method: MethodRow }> {
    const [row] = await db
      .select({ setup: sandboxSetupIntents, method: sandboxPaymentMethods })
      .from(sandboxSetupIntents)
      .innerJoin(sandboxPaymentMethods, eq(sandboxPaymentMethods.id, sandboxSetupIntents.paymentMethodId))
      .where(eq(sandboxSetupIntents.id, id));
    if (!row) throw new Error(`No such setup_intent: '${id}'`);
    return row;
  }

  /** The card an intent charges: typed in (checkout) or saved on the customer (off-session). */
  async function chargedCard(input: CreatePaymentInput): Promise<{ hash: string; decision: Decision; brand: string | null; last4: string | null }> {
    const method = input.paymentMethod;
    if (method.type === 'card') {
      const number = method.card.number.replace(/\D/g, '');
      const valid = luhnValid(number);
      return {
        hash: requestHash([input.amount, input.currency, input.metadata], method.card),
        decision: decide(method.card, now()),
        brand: valid ? cardBrand(number) : null,
        last4: valid ? number.slice(-4) : null,
      };
    }
    if (method.type === 'saved') {
      const [saved] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, method.paymentMethodId));
      // Stripe: a PaymentMethod not attached to this customer cannot be charged for it.
      if (!saved || saved.customerId !== method.customerId)
        throw new UnsupportedPaymentMethodError(`No such PaymentMethod on customer: '${method.paymentMethodId}'`);
      return {
        hash: requestHash([input.amount, input.currency, input.metadata, saved.id], null),
        decision: offSessionDecision(saved),
        brand: saved.brand,
        last4: saved.last4,
      };
    }
    throw new UnsupportedPaymentMethodError('The local sandbox takes test card numbers, not Stripe payment methods');
  }

  return {
    name: 'sandbox',

    async createPayment(input) {
      const { hash, decision, brand, last4 } = await chargedCard(input);
      const id = `pi_sbx_${randomBytes(12).toString('hex')}`;
      // Insert-or-find on the unique key: concurrent requests with one key resolve to one intent.
      const [created] = await db
        .insert(sandboxPaymentIntents)
        .values({
          id,
          idempotencyKey: input.idempotencyKey,
          requestHash: hash,
          amount: input.amount,
          currency: input.currency,
          status: decision.status,
          declineCode: decision.status === 'requires_payment_method' ? decision.declineCode : null,
          cardBrand: brand,
          cardLast4: last4,
          metadata: input.metadata,
          createdAt: now(),
          updatedAt: now(),
        })
        .onConflictDoNothing({ target: sandboxPaymentIntents.idempotencyKey })
        .returning();
      if (created) return toOutcome(created);
      const [existing] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.idempotencyKey, input.idempotencyKey));
      if (!existing) throw new Error('Sandbox idempotency row vanished');
      if (existing.requestHash !== hash) throw new IdempotencyConflictError();
      return toOutcome(existing);
    },

    async confirmAction({ id, challengeResult }) {
      const intent = await find(id);
      if (intent.status !== 'requires_action' || challengeResult === undefined) return toOutcome(intent);
      const next =
        challengeResult === 'completed'
          ? await leaveChallenge(id, { status: 'succeeded' })
          : await leaveChallenge(id, { status: 'requires_payment_method', declineCode: 'authentication_failed' });
      return toOutcome(next);
    },

    async retrieve(id) {
      return toOutcome(await find(id));
    },

    async cancel(id) {
      const [updated] = await db
        .update(sandboxPaymentIntents)
        .set({ status: 'canceled', updatedAt: now() })
        .where(sql`${sandboxPaymentIntents.id} = ${id} and ${sandboxPaymentIntents.status} in ('requires_action', 'requires_payment_method')`)
        .returning();
      return toOutcome(updated ?? (await find(id)));
    },

    async createCustomer({ email, idempotencyKey }) {
      const [created] = await db
        .insert(sandboxCustomers)
        .values({ id: `cus_sbx_${randomBytes(12).toString('hex')}`, idempotencyKey, email, createdAt: now() })
        .onConflictDoNothing({ target: sandboxCustomers.idempotencyKey })
        .returning();
      if (created) return created.id;
      const [existing] = await db.select().from(sandboxCustomers).where(eq(sandboxCustomers.idempotencyKey, idempotencyKey));
      if (!existing) throw new Error('Sandbox idempotency row vanished');
      return existing.id;
    },

    async createSetup({ customerId, paymentMethod, idempotencyKey }) {
      if (paymentMethod.type !== 'card') throw new UnsupportedPaymentMethodError('The local sandbox saves test card numbers, not Stripe payment methods');
      const card = paymentMethod.card;
      const number = card.number.replace(/\D/g, '');
      const hash = requestHash([customerId], card);
      const decision = decide(card, now());
      const methodId = `pm_sbx_${randomBytes(12).toString('hex')}`;
      const setupId = `seti_sbx_${randomBytes(12).toString('hex')}`;
      return db.transaction(async (tx) => {
        const [setup] = await tx
          .insert(sandboxSetupIntents)
          .values({
            id: setupId,
            idempotencyKey,
            requestHash: hash,
            customerId,
            status: decision.status,
            declineCode: decision.status === 'requires_payment_method' ? decision.declineCode : null,
            paymentMethodId: methodId,
            createdAt: now(),
            updatedAt: now(),
          })
          .onConflictDoNothing({ target: sandboxSetupIntents.idempotencyKey })
          .returning();
        if (!setup) {
          const [existing] = await tx.select().from(sandboxSetupIntents).where(eq(sandboxSetupIntents.idempotencyKey, idempotencyKey));
          if (!existing) throw new Error('Sandbox idempotency row vanished');
          if (existing.requestHash !== hash) throw new IdempotencyConflictError();
          const [method] = await tx.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, existing.paymentMethodId));
          return toSetupOutcome(existing, method!);
        }
        const [method] = await tx
          .insert(sandboxPaymentMethods)
          .values({
            id: methodId,
            // Attached to the customer once the setup succeeds, as Stripe does.
            customerId: decision.status === 'succeeded' ? customerId : null,
            brand: luhnValid(number) ? cardBrand(number) : 'unknown',
            last4: number.slice(-4),
            expMonth: card.expMonth,
            expYear: card.expYear,
            chargeDecline: number === sandboxCards.declineAfterAttach ? 'card_declined' : null,
            requiresAuthentication: number === sandboxCards.threeDSecure,
            createdAt: now(),
          })
          .returning();
        return toSetupOutcome(setup, method!);
      });
    },

    async confirmSetup({ id, challengeResult }) {
      const { setup } = await findSetup(id);
      if (setup.status === 'requires_action' && challengeResult !== undefined) {
        const passed = challengeResult === 'completed';
        await db.transaction(async (tx) => {
          // Only one of several concurrent answers moves the setup out of its challenge.
          const [moved] = await tx
            .update(sandboxSetupIntents)
            .set(
              passed
                ? { status: 'succeeded', updatedAt: now() }
                : { status: 'requires_payment_method', declineCode: 'authentication_failed', updatedAt: now() },
            )
            .where(sql`${sandboxSetupIntents.id} = ${id} and ${sandboxSetupIntents.status} = 'requires_action'`)
            .returning();
          if (moved && passed)
            await tx.update(sandboxPaymentMethods).set({ customerId: moved.customerId }).where(eq(sandboxPaymentMethods.id, moved.paymentMethodId));
        });
      }
      const current = await findSetup(id);
      return toSetupOutcome(current.setup, current.method);
    },

    async detachPaymentMethod(id) {
      await db.update(sandboxPaymentMethods).set({ customerId: null }).where(eq(sandboxPaymentMethods.id, id));
    },
  };
}
