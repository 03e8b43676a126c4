import type { PlanCompanyType } from './plan-prices';

/**
 * The three guest funnels of SPEC §2; each prices against one plan company type. Apart from
 * the order's schemas (`checkout.ts`, which re-exports them) so a wizard's screens do not load
 * zod (decision 076).
 */
export const orderFlows = ['createCompany', 'migrateCompany', 'crossBorderCrypto'] as const;
export type OrderFlow = (typeof orderFlows)[number];

export const flowCompanyType: Record<OrderFlow, PlanCompanyType> = {
  createCompany: 'USA_COMPANY',
  migrateCompany: 'USA_COMPANY',
  crossBorderCrypto: 'CRYPTO_COMPANY',
};
