import { and, eq, sql } from 'drizzle-orm';
import type { CouponEffect } from '@domain/plans';
import type { Db } from '../client';
import { coupons } from '../schema/orders';

/** Discount coupons: looked up at pricing, their redemptions counted atomically at payment. */

export type CouponRow = typeof coupons.$inferSelect;

export async function findCoupon(db: Db, code: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code.toUpperCase()));
  return row ?? null;
}

/** Usable now: active, not expired, redemptions left. Redemptions are counted again, atomically, at payment. */
export function couponUsable(coupon: CouponRow, now: Date): boolean {
  if (!coupon.active) return false;
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) return false;
  return coupon.maxRedemptions === null || coupon.redemptionCount < coupon.maxRedemptions;
}

export function couponEffect(coupon: Pick<CouponRow, 'percentOff' | 'amountOff'>): CouponEffect {
  return coupon.percentOff !== null ? { percentOff: coupon.percentOff, amountOff: null } : { percentOff: null, amountOff: coupon.amountOff! };
}

export interface NewCoupon {
  code: string;
  percentOff?: number | null;
  amountOff?: number | null;
  expiresAt?: Date | null;
  maxRedemptions?: number | null;
}

/** Adds coupons that do not exist yet; an existing code is left as it is (its count and edits are kept). */
export async function insertCoupons(db: Db, list: NewCoupon[]): Promise<void> {
  if (list.length === 0) return;
  await db
    .insert(coupons)
    .values(
      list.map((coupon) => ({
        code: coupon.code.toUpperCase(),
        percentOff: coupon.percentOff ?? null,
        amountOff: coupon.amountOff ?? null,
        expiresAt: coupon.expiresAt ?? null,
        maxRedemptions: coupon.maxRedemptions ?? null,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Counts one redemption if the coupon is still usable, in one conditional UPDATE: two
 * payments racing for the last redemption cannot both get it. False when none is left,
 * the coupon expired or was switched off.
 */
export async function reserveCouponRedemption(db: Db, code: string, now: Date): Promise<boolean> {
  const reserved = await db
    .update(coupons)
    .set({ redemptionCount: sql`${coupons.redemptionCount} + 1` })
    .where(
      and(
        eq(coupons.code, code),
        eq(coupons.active, true),
        sql`(${coupons.expiresAt} is null or ${coupons.expiresAt} > ${now.toISOString()})`,
        sql`(${coupons.maxRedemptions} is null or ${coupons.redemptionCount} < ${coupons.maxRedemptions})`,
      ),
    )
    .returning({ code: coupons.code });
  return reserved.length === 1;
}

/**
 * Counts a redemption whatever the limits: a payment the provider reports as succeeded after
 * its reservation was released (a 3-D Secure challenge completed after the order expired).
 * The money is taken, so the discount was given; the maximum yields to the fact.
 */
export async function forceCouponRedemption(db: Db, code: string): Promise<void> {
  await db
    .update(coupons)
    .set({ redemptionCount: sql`${coupons.redemptionCount} + 1` })
    .where(eq(coupons.code, code));
}

export async function releaseCouponRedemption(db: Db, code: string): Promise<void> {
  await db
    .update(coupons)
    .set({ redemptionCount: sql`greatest(${coupons.redemptionCount} - 1, 0)` })
    .where(eq(coupons.code, code));
}
