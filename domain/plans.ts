import { z } from 'zod';
import { annualPrice, planCompanyTypes, planIds, serviceGroups } from './plan-prices';

/**
 * Plans and additional services (SPEC §1, §3, §9). The prices themselves are server data
 * (`server/catalog/`, served by GET /api/v1/plans); this file defines their shape. The
 * computation both the checkout summary and the server use is `plan-prices.ts`, re-exported
 * here. Amounts are integer cents of US dollars.
 */

const cents = z.int().min(0);

export const planSchema = z
  .object({
    id: z.enum(planIds),
    companyType: z.enum(planCompanyTypes),
    /** One-time fee charged with the first period: the formation (US company) or the account opening (crypto). */
    setupFee: cents,
    monthly: cents,
    annual: cents,
    /** Formation time in days; Enterprise is the express 12–15 days. Null for crypto accounts. */
    processingDays: z.object({ min: z.int().min(1), max: z.int().min(1) }).nullable(),
    /** Hours a month with a CPA (Enterprise: 2). */
    cpaHoursPerMonth: z.int().min(0),
    /** Crypto monthly volume limit in USD; null means unlimited (crypto) or not applicable (US company). */
    cryptoMonthlyVolumeLimitUsd: z.int().min(1).nullable(),
    /** Feature keys the client translates (`plans.features.<key>`). */
    features: z.array(z.string()),
    highlighted: z.boolean(),
  })
  .refine((plan) => plan.annual === annualPrice(plan.monthly), { error: 'annual must be monthly × 12 × 0.85', path: ['annual'] });
export type Plan = z.infer<typeof planSchema>;

export const additionalServiceSchema = z.object({
  id: z.string().regex(/^[a-zA-Z0-9]{2,60}$/),
  price: cents,
  /** 'one_time' is charged once; 'year' is an annual service whose first year is charged now. */
  recurrence: z.enum(['one_time', 'year']),
  companyTypes: z.array(z.enum(planCompanyTypes)).min(1),
  group: z.enum(serviceGroups).nullable(),
  /** Delivery time in hours where it is the point of the service (priority 48, VIP 24). */
  turnaroundHours: z.int().min(1).nullable(),
});
export type AdditionalService = z.infer<typeof additionalServiceSchema>;

/** GET /api/v1/plans: the whole price list. */
export const planCatalogSchema = z.object({
  currency: z.literal('usd'),
  annualDiscountPercent: z.number(),
  /** "Company creation from $450": the cheapest US company formation (setup fee), in cents. */
  companyCreationFrom: cents,
  plans: z.array(planSchema),
  /** The Custom plan is text only: the client shows "talk to us" and a contact link. */
  custom: z.object({ id: z.literal('custom'), contactOnly: z.literal(true) }),
  services: z.array(additionalServiceSchema),
});
export type PlanCatalog = z.infer<typeof planCatalogSchema>;

/** A coupon's effect: a percentage of the subtotal or a fixed amount in cents. */
export const couponEffectSchema = z.union([
  z.object({ percentOff: z.number().gt(0).max(100), amountOff: z.null() }),
  z.object({ percentOff: z.null(), amountOff: z.int().min(1) }),
]);
export type CouponEffect = z.infer<typeof couponEffectSchema>;

export const quoteLineSchema = z.object({
  kind: z.enum(['setupFee', 'plan', 'service', 'renewal', 'dissolution']),
  /** The plan id or service id. */
  id: z.string(),
  amount: cents,
});

/** A priced order: its lines, subtotal, coupon discount and total, in cents. */
export const quoteSchema = z.object({
  currency: z.literal('usd'),
  lines: z.array(quoteLineSchema),
  subtotal: cents,
  discount: cents,
  total: cents,
});
export type Quote = z.infer<typeof quoteSchema>;

// The prices' vocabulary and computation, zod-free so a screen can price without the schemas.
export {
  annualPrice,
  billingCycles,
  computePrice,
  couponDiscount,
  formatUsd,
  isBankingService,
  planCompanyTypes,
  planIds,
  type BillingCycle,
  type PlanCompanyType,
  type PlanId,
} from './plan-prices';
