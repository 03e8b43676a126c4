import type { NewCoupon } from '../db/queries/coupons';

/**
 * Coupons that exist outside production so the checkout can be tried end to end: a
 * percentage and an amount. Real campaigns are rows of the `coupons` table.
 */
export const demoCoupons: NewCoupon[] = [
  { code: 'ALTA10', percentOff: 10 },
  { code: 'ALTA50', amountOff: 5_000 },
];
