import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxPaymentIntents } from '../../db/schema/payments';
import {
  IdempotencyConflictError,
  UnsupportedPaymentMethodError,
  type CardInput,
  type CreatePaymentInput,
  type PaymentOutcome,
  type PaymentsProvider,
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

type Decision =
  | { status: 'succeeded' }
  | { status: 'requires_action' }
  | { status: 'requires_payment_method'; declineCode: 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'incorrect_number' };

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
      return { status: 'requires_action' };
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
function requestHash(input: CreatePaymentInput, card: CardInput): string {
  const canonical = JSON.stringify([input.amount, input.currency, card.number.replace(/\D/g, ''), card.expMonth, card.expYear, card.cvc, input.metadata]);
  return createHash('sha256').update(canonical).digest('base64url');
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

  return {
    name: 'sandbox',

    async createPayment(input) {
      if (input.paymentMethod.type !== 'card') {
        throw new UnsupportedPaymentMethodError('The local sandbox takes test card numbers, not Stripe payment methods');
      }
      const card = input.paymentMethod.card;
      const hash = requestHash(input, card);
      const number = card.number.replace(/\D/g, '');
      const decision = decide(card, now());
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
          cardBrand: luhnValid(number) ? cardBrand(number) : null,
          cardLast4: luhnValid(number) ? number.slice(-4) : null,
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
  };
}
