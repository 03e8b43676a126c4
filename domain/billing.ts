import { z } from 'zod';
import { paymentActionSchema, paymentMethodSchema } from './checkout';
import { billingCycles, planCompanyTypes, planIds, type BillingCycle } from './plans';

/**
 * Subscriptions, saved cards and invoices (SPEC §2 subscriptions, payment-method, invoices;
 * docs/decisions/031-subscriptions-cards-invoices.md). Amounts are integer cents.
 */

export const subscriptionStatuses = ['active', 'past_due', 'canceled'] as const;

const isoDate = z.iso.datetime({ offset: true });

export const subscriptionSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  companyType: z.enum(planCompanyTypes),
  plan: z.enum(planIds),
  billing: z.enum(billingCycles),
  status: z.enum(subscriptionStatuses),
  currentPeriodStart: isoDate,
  currentPeriodEnd: isoDate,
  cancelAtPeriodEnd: z.boolean(),
  /** The plan's price for one period at this billing. */
  price: z.int(),
  /** Credit left by a downgrade, taken off the next charges. */
  credit: z.int(),
  /** What the next charge takes, at the end of the period; null when the subscription ends then. */
  nextCharge: z.object({ at: isoDate, amount: z.int() }).nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionListSchema = z.object({ subscriptions: z.array(subscriptionSchema) });

/** POST /subscriptions/:id/change and GET /subscriptions/:id/proration: the plan and billing wanted. */
export const planChangeSchema = z.strictObject({
  plan: z.enum(planIds, { error: 'validation.invalid' }),
  billing: z.enum(billingCycles, { error: 'validation.invalid' }),
});
export type PlanChange = z.infer<typeof planChangeSchema>;

/** What a plan or billing change costs now, computed by the server (Stripe's proration rules). */
export const prorationSchema = z.object({
  plan: z.enum(planIds),
  billing: z.enum(billingCycles),
  /** The new plan's price for one period. */
  price: z.int(),
  /** The unused part of the current period at the old price. */
  unusedCredit: z.int(),
  /** The new plan for the rest of the period (same billing) or for a whole new period (billing switched). */
  newCharge: z.int(),
  /** Charged now to the default card: the new charge less the unused and existing credit, never negative. */
  amountDue: z.int(),
  /** Credit kept for the next charges when the change costs less than what is unused. */
  creditAfter: z.int(),
  periodStart: isoDate,
  periodEnd: isoDate,
});
export type Proration = z.infer<typeof prorationSchema>;

/** Adds one billing period to `from` (UTC calendar months; the 31st becomes the month's last day). */
export function addPeriod(from: Date, billing: BillingCycle): Date {
  const months = billing === 'annual' ? 12 : 1;
  const target = new Date(
    Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target;
}

/**
 * Proration as Stripe bills it: the unused time of the current period is credited at the old
 * price. Keeping the billing, the new plan is charged for the same unused time and the period
 * stays; switching monthly ↔ annual starts a new period now, charged in full.
 */
export function prorate(input: {
  oldPrice: number;
  newPrice: number;
  oldBilling: BillingCycle;
  newBilling: BillingCycle;
  periodStart: Date;
  periodEnd: Date;
  credit: number;
  now: Date;
}): Omit<Proration, 'plan' | 'billing' | 'price' | 'periodStart' | 'periodEnd'> & { periodStart: Date; periodEnd: Date } {
  const length = input.periodEnd.getTime() - input.periodStart.getTime();
  const left = Math.min(Math.max(input.periodEnd.getTime() - input.now.getTime(), 0), length);
  const fraction = length > 0 ? left / length : 0;
  const unusedCredit = Math.round(input.oldPrice * fraction);
  const switching = input.oldBilling !== input.newBilling;
  const newCharge = switching ? input.newPrice : Math.round(input.newPrice * fraction);
  const balance = newCharge - unusedCredit - input.credit;
  return {
    unusedCredit,
    newCharge,
    amountDue: Math.max(balance, 0),
    creditAfter: Math.max(-balance, 0),
    periodStart: switching ? input.now : input.periodStart,
    periodEnd: switching ? addPeriod(input.now, input.newBilling) : input.periodEnd,
  };
}

/** A saved card (SPEC §3: the subscription payment method shows the last four digits and the expiry). */
export const savedCardSchema = z.object({
  id: z.uuid(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.int(),
  expYear: z.int(),
  isDefault: z.boolean(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

export const savedCardListSchema = z.object({ cards: z.array(savedCardSchema) });

/** POST /payment-methods: the sandbox's card form or a Stripe PaymentMethod from Elements, saved through a SetupIntent. */
export const addCardSchema = z.strictObject({ paymentMethod: paymentMethodSchema });
export type AddCardInput = z.infer<typeof addCardSchema>;

/** POST /payment-methods/setups/:id/confirm after the 3-D Secure challenge. */
export const confirmCardSetupSchema = z.strictObject({
  challengeResult: z.enum(['completed', 'failed'], { error: 'validation.invalid' }).optional(),
});

export const cardSetupResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeeded'), card: savedCardSchema }),
  z.object({ status: z.literal('requires_action'), setupId: z.uuid(), action: paymentActionSchema }),
]);
export type CardSetupResult = z.infer<typeof cardSetupResultSchema>;

export const invoiceLineSchema = z.object({
  kind: z.enum(['setupFee', 'plan', 'service', 'renewal', 'dissolution', 'subscription', 'proration', 'credit']),
  id: z.string(),
  amount: z.int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  issuedAt: isoDate,
  companyName: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  total: z.int(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  periodStart: isoDate.nullable(),
  periodEnd: isoDate.nullable(),
});

export const invoiceListSchema = z.object({ invoices: z.array(invoiceSchema) });
