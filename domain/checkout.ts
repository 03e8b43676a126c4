import { z } from 'zod';
import { attributionSchema, languageSchema } from './account';
import { bankingUnavailableResidence, textMin2 } from './company';
import { createCompanyWizardSchema, crossBorderCryptoWizardSchema, migrateCompanyWizardSchema } from './company-wizard';
import { countryCodeSchema } from './country-schemas';
import { orderFlows } from './order-flows';
import { billingCycles, isBankingService, planIds, quoteSchema } from './plans';

/**
 * Orders and checkout (SPEC §3 "Checkout", §4, §7): the order a guest places at the end of
 * a wizard, the checkout form, the pay and 3-D Secure confirmation bodies and their answers.
 * The server validates with these same schemas (strict: unknown fields are refused).
 */

export { flowCompanyType, orderFlows, type OrderFlow } from './order-flows';

/** Hours an unpaid order stays payable; afterwards it is expired and a new order is needed. */
export const orderExpiryHours = 24;

export const orderStatuses = ['pending', 'paid', 'expired'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** Coupon codes: letters, digits, '-' and '_', compared in upper case. */
export const couponCodeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(40, { error: 'validation.invalidCoupon' })
  .toUpperCase()
  .regex(/^[A-Z0-9_-]+$/, { error: 'validation.invalidCoupon' });

const orderCommonShape = {
  plan: z.enum(planIds, { error: 'validation.required' }),
  billing: z.enum(billingCycles, { error: 'validation.required' }),
  services: z
    .array(z.string().max(60, { error: 'validation.serviceUnavailable' }))
    .max(20, { error: 'validation.tooLong' })
    .default([]),
  couponCode: z.preprocess(blankToUndefined, couponCodeSchema.optional()),
  /** The wizard draft this order came from; registration with it attaches the paid order. */
  companyDraftId: z.uuid({ error: 'validation.invalid' }).optional(),
  attribution: attributionSchema.optional(),
  /** The language of the receipt mail and of the account created after payment. */
  language: languageSchema.default('es'),
  /** The total in cents the customer was shown; a different server total is refused (price_mismatch). */
  expectedAmount: z.int({ error: 'validation.required' }).min(0, { error: 'validation.invalid' }),
};

/**
 * POST /api/v1/orders: the wizard data plus plan, billing, services, coupon, draft and
 * attribution. A banking add-on is refused for a company with a partner living where digital
 * banking is unavailable (SPEC §1): it could never be delivered.
 */
export const createOrderSchema = z
  .discriminatedUnion(
    'flow',
    [
      z.strictObject({ flow: z.literal('createCompany'), wizard: createCompanyWizardSchema, ...orderCommonShape }),
      z.strictObject({ flow: z.literal('migrateCompany'), wizard: migrateCompanyWizardSchema, ...orderCommonShape }),
      z.strictObject({ flow: z.literal('crossBorderCrypto'), wizard: crossBorderCryptoWizardSchema, ...orderCommonShape }),
    ],
    { error: 'validation.required' },
  )
  .superRefine((order, ctx) => {
    if (order.flow === 'crossBorderCrypto' || !bankingUnavailableResidence(order.wizard.partners)) return;
    if (order.services.some(isBankingService)) ctx.addIssue({ code: 'custom', path: ['services'], message: 'validation.bankingUnavailableService' });
  });
export type CreateOrderInput = z.infer<typeof createOrderSchema>;

export const orderCreatedSchema = z.object({
  orderId: z.uuid(),
  orderNumber: z.string(),
  /** The total to pay in cents (what the pay call must send back as `amount`). */
  amount: z.int(),
  currency: z.literal('usd'),
  /** Secret that lets this browser see, pay and claim the order: keep it with the wizard state, send it as `X-Checkout-Token`. */
  checkoutToken: z.string(),
  expiresAt: z.string(),
  quote: quoteSchema,
});
export type OrderCreated = z.infer<typeof orderCreatedSchema>;

/** A 3-D Secure challenge to show: Stripe's `handleNextAction` with the client secret, or the sandbox's own modal. */
export const paymentActionSchema = z.object({
  type: z.literal('three_d_secure'),
  provider: z.enum(['sandbox', 'stripe']),
  clientSecret: z.string().nullable(),
});
export type PaymentAction = z.infer<typeof paymentActionSchema>;

/** GET /api/v1/orders/:id */
export const orderViewSchema = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  flow: z.enum(orderFlows),
  /** SPEC §3 payment state: a new company's plan, or a renewal, dissolution or additional services of an existing one. */
  paymentType: z.enum(['plan', 'renewal', 'dissolution', 'additionalService']),
  status: z.enum(orderStatuses),
  plan: z.enum(planIds),
  billing: z.enum(billingCycles),
  services: z.array(z.string()),
  couponCode: z.string().nullable(),
  quote: quoteSchema,
  email: z.string(),
  companyName: z.string(),
  language: languageSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  /** The company created from the paid order once an account owns it. */
  companyId: z.uuid().nullable(),
  claimed: z.boolean(),
  /**
   * SPEC §4 after payment: an account with the order's email exists (log in) or not (create it).
   * Answered only for a paid order nobody claimed yet, to the holder of its checkout token (the
   * payer's browser), as the payment's own answer is; null otherwise, so it is no way to ask
   * whether an email has an account.
   */
  userExists: z.boolean().nullable(),
  /**
   * SPEC §1: a partner's country of residence where digital banking is unavailable (the first
   * one), or null. Such a company is formed without banking, and the customer is told so.
   */
  bankingUnavailableIn: z.string().nullable(),
  /** A payment waiting for its 3-D Secure challenge, so a reloaded checkout can show it again. */
  pendingPayment: z.object({ paymentId: z.uuid(), action: paymentActionSchema }).nullable(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** POST /api/v1/orders/:id/coupon */
export const applyCouponSchema = z.strictObject({ code: couponCodeSchema });

export const couponAppliedSchema = z.object({
  valid: z.literal(true),
  coupon: z.object({ code: z.string(), percentOff: z.number().nullable(), amountOff: z.int().nullable() }),
  quote: quoteSchema,
});

/**
 * The answer to a coupon: applied, or "Invalid coupon" (SPEC §5 "coupon valid or invalid").
 * An unknown coupon is an answer, not a failed request: a 4xx would be logged as an error in
 * the customer's browser console.
 */
export const couponAnswerSchema = z.discriminatedUnion('valid', [
  couponAppliedSchema,
  z.object({ valid: z.literal(false), code: z.literal('invalid_coupon') }),
]);

const cardNumberSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{12,19}$/, { error: 'validation.cardNumber' }));

/** MM/YY (also MM/YYYY) with a real month; whether it is in the past is the card network's answer. */
const cardExpirySchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .regex(/^(0[1-9]|1[0-2])\s?\/\s?(\d{2}|\d{4})$/, { error: 'validation.cardExpiry' });

/** The card fields of the checkout form (SPEC §3 "Checkout"; §5: holder name and ZIP at least 2 characters). */
export const cardDetailsShape = {
  cardNumber: cardNumberSchema,
  holderName: textMin2(100),
  expiry: cardExpirySchema,
  cvc: z
    .string({ error: 'validation.required' })
    .trim()
    .regex(/^\d{3,4}$/, { error: 'validation.cvc' }),
  postalCode: textMin2(12),
};

/** The checkout form: card, country or nationality, optional coupon. */
export const checkoutFormSchema = z.strictObject({
  ...cardDetailsShape,
  country: countryCodeSchema,
  couponCode: z.preprocess(blankToUndefined, couponCodeSchema.optional()),
});
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

/** Month and four-digit year of an expiry already validated by the schema. */
export function parseExpiry(expiry: string): { month: number; year: number } {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim())) as [number, number];
  return { month, year: year < 100 ? 2000 + year : year };
}

/** The local sandbox's card form, or a Stripe PaymentMethod id from Elements (raw cards never go to the server then). */
export const paymentMethodSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('card'), ...cardDetailsShape }),
    z.strictObject({
      type: z.literal('stripe'),
      paymentMethodId: z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/, { error: 'validation.invalid' }),
    }),
  ],
  { error: 'validation.required' },
);
export type PaymentMethodInput = z.infer<typeof paymentMethodSchema>;

/** POST /api/v1/checkout/:orderId/pay, with an `Idempotency-Key` header. */
export const payOrderSchema = z.strictObject({
  /** The total in cents the customer agreed to; it must equal the order's total (price_mismatch otherwise). */
  amount: z.int({ error: 'validation.required' }).min(0, { error: 'validation.invalid' }),
  /** Country or nationality of the payer (SPEC checkout field). */
  country: countryCodeSchema,
  paymentMethod: paymentMethodSchema,
});
export type PayOrderInput = z.infer<typeof payOrderSchema>;

/** The `Idempotency-Key` header: any client-made unique string (a UUID per checkout attempt). */
export const idempotencyKeySchema = z
  .string({ error: 'validation.required' })
  .min(8, { error: 'validation.invalid' })
  .max(255, { error: 'validation.invalid' })
  .regex(/^[\x21-\x7e]+$/, { error: 'validation.invalid' });

/** POST /api/v1/checkout/:orderId/confirm after the 3-D Secure challenge. */
export const confirmPaymentSchema = z.strictObject({
  paymentId: z.uuid({ error: 'validation.invalid' }),
  /** The sandbox challenge's answer (the user completed or failed it); Stripe's comes from Stripe itself. */
  challengeResult: z.enum(['completed', 'failed'], { error: 'validation.invalid' }).optional(),
});

export const paySucceededSchema = z.object({
  status: z.literal('succeeded'),
  orderId: z.uuid(),
  orderNumber: z.string(),
  paymentId: z.uuid(),
  /** 'User exists' (go to login) or 'User does not exist' (go to account creation). */
  userExists: z.boolean(),
  /** Set when the order already belongs to an account (a company was created). */
  companyId: z.uuid().nullable(),
});

export const payRequiresActionSchema = z.object({
  status: z.literal('requires_action'),
  orderId: z.uuid(),
  paymentId: z.uuid(),
  action: paymentActionSchema,
});

export const payResultSchema = z.discriminatedUnion('status', [paySucceededSchema, payRequiresActionSchema]);
export type PayResult = z.infer<typeof payResultSchema>;

/** POST /api/v1/orders/:id/claim (signed in): the secret of the receipt's claim link. */
export const claimOrderSchema = z.strictObject({ claimToken: z.string().min(1, { error: 'validation.required', abort: true }).max(200) });

export const claimResultSchema = z.object({
  orderId: z.uuid(),
  status: z.enum(orderStatuses),
  /** The company created for the claiming account (null while the order is unpaid). */
  companyId: z.uuid().nullable(),
});
export type ClaimResult = z.infer<typeof claimResultSchema>;
