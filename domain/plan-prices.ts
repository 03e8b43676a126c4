import { annualDiscount } from './constants';
import type { AdditionalService, CouponEffect, PlanCatalog, Quote } from './plans';

/**
 * The plans' vocabulary and the price computation (SPEC §1, §3, §9) that both the checkout
 * summary and the server use, so the total the customer sees is the total the server charges.
 * Amounts are integer cents of US dollars. Apart from the catalog's schemas (`plans.ts`) so a
 * screen that prices a selection does not load zod (decision 076).
 */

/** Purchasable plans; Custom is a "talk to us" text, never sold online. */
export const planIds = ['standard', 'professional', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];

export const billingCycles = ['monthly', 'annual'] as const;
export type BillingCycle = (typeof billingCycles)[number];

/** What the plan is for: a US company (created or migrated) or a cross-border crypto account. */
export const planCompanyTypes = ['USA_COMPANY', 'CRYPTO_COMPANY'] as const;
export type PlanCompanyType = (typeof planCompanyTypes)[number];

/** The annual price of a monthly price: twelve months less the 15 % annual saving, rounded to cents. */
export function annualPrice(monthlyCents: number): number {
  return Math.round(monthlyCents * 12 * (1 - annualDiscount));
}

/** Additional services that need digital banking: never sold to a company with a partner living where it is unavailable (SPEC §1). */
export const bankingServiceIds: readonly string[] = ['bankAccountAssistance'];
export const isBankingService = (serviceId: string) => bankingServiceIds.includes(serviceId);

/** Priority (48 h) and VIP (24 h) processing are two speeds of the same thing: pick at most one. */
export const serviceGroups = ['processingSpeed'] as const;

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

export { formatUsd } from './locale-formats';
