import { z } from 'zod';
import { annualDiscount } from './constants';

/**
 * Plans, additional services and the price computation (SPEC §1, §3, §9). The prices
 * themselves are server data (`server/catalog/`, served by GET /api/v1/plans); this file
 * defines their shape and the one computation both the checkout summary and the server
 * use, so the total the customer sees is the total the server charges. Amounts are
 * integer cents of US dollars.
 */

/** Purchasable plans; Custom is a "talk to us" text, never sold online. */
export const planIds = ['standard', 'professional', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];

export const billingCycles = ['monthly', 'annual'] as const;
export type BillingCycle = (typeof billingCycles)[number];

/** What the plan is for: a US company (created or migrated) or a cross-border crypto account. */
export const planCompanyTypes = ['USA_COMPANY', 'CRYPTO_COMPANY'] as const;
export type PlanCompanyType = (typeof planCompanyTypes)[number];

const cents = z.int().min(0);

/** The annual price of a monthly price: twelve months less the 15 % annual saving, rounded to cents. */
export function annualPrice(monthlyCents: number): number {
  return Math.round(monthlyCents * 12 * (1 - annualDiscount));
}

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

/** Additional services that need digital banking: never sold to a company with a partner living where it is unavailable (SPEC §1). */
export const bankingServiceIds: readonly string[] = ['bankAccountAssistance'];
export const isBankingService = (serviceId: string) => bankingServiceIds.includes(serviceId);

/** Priority (48 h) and VIP (24 h) processing are two speeds of the same thing: pick at most one. */
export const serviceGroups = ['processingSpeed'] as const;

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

export interface PriceSelection {
  companyType: PlanCompanyType;
  plan: PlanId;
  billing: BillingCycle;
  services: readonly string[];
}

export type PriceResult = { ok: true; quote: Quote } | { ok: false; errors: Record<string, string[]> };

/** The discount a coupon gives on `subtotal`: percentages rounded to the cent, never more than the subtotal. */
export function couponDiscount(subtotal: number, coupon: CouponEffect | null | undefined): number {
  if (!coupon) return 0;
  const discount = coupon.percentOff !== null ? Math.round((subtotal * coupon.percentOff) / 100) : coupon.amountOff;
  return Math.min(subtotal, discount);
}

/**
 * Prices a selection against a catalog: setup fee + the first billing period (monthly,
 * or annual with its 15 % saving) + additional services − coupon. Unknown, duplicated,
 * wrong-type or conflicting services come back as field errors, never silently dropped.
 */
export function computePrice(catalog: PlanCatalog, selection: PriceSelection, coupon?: CouponEffect | null): PriceResult {
  const errors: Record<string, string[]> = {};
  const plan = catalog.plans.find((candidate) => candidate.id === selection.plan && candidate.companyType === selection.companyType);
  if (!plan) errors.plan = ['validation.required'];

  const services: AdditionalService[] = [];
  const serviceErrors = new Set<string>();
  const seen = new Set<string>();
  for (const id of selection.services) {
    if (seen.has(id)) {
      serviceErrors.add('validation.duplicateService');
      continue;
    }
    seen.add(id);
    const service = catalog.services.find((candidate) => candidate.id === id);
    if (!service || !service.companyTypes.includes(selection.companyType)) serviceErrors.add('validation.serviceUnavailable');
    else services.push(service);
  }
  const groups = services.map((service) => service.group).filter((group) => group !== null);
  if (new Set(groups).size !== groups.length) serviceErrors.add('validation.processingSpeedExclusive');
  if (serviceErrors.size > 0) errors.services = [...serviceErrors];

  if (!plan || Object.keys(errors).length > 0) return { ok: false, errors };

  const lines: Quote['lines'] = [];
  if (plan.setupFee > 0) lines.push({ kind: 'setupFee', id: plan.id, amount: plan.setupFee });
  lines.push({ kind: 'plan', id: plan.id, amount: selection.billing === 'annual' ? plan.annual : plan.monthly });
  for (const service of services) lines.push({ kind: 'service', id: service.id, amount: service.price });
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const discount = couponDiscount(subtotal, coupon);
  return { ok: true, quote: { currency: 'usd', lines, subtotal, discount, total: subtotal - discount } };
}

/** Cents as the checkout summary shows them: `$1,234.50` (the SPEC's currency symbol is `$` in every language). */
export function formatUsd(amountCents: number, language: string): string {
  const locale = language === 'en' ? 'en-US' : language === 'pt' ? 'pt-BR' : 'es-419';
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: amountCents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amountCents / 100);
  return `$${number}`;
}
