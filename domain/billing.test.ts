import { describe, expect, it } from 'vitest';
import { addPeriod, prorate } from './billing';

describe('billing periods and proration', () => {
  it('adds calendar months, the 31st becoming the month’s last day', () => {
    expect(addPeriod(new Date('2026-01-31T10:00:00Z'), 'monthly').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addPeriod(new Date('2028-02-29T00:00:00Z'), 'annual').toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });

  const base = { periodStart: new Date('2026-11-01T00:00:00Z'), periodEnd: new Date('2026-12-01T00:00:00Z'), credit: 0, now: new Date('2026-11-16T00:00:00Z') };

  it('charges the difference for the rest of the period on an upgrade', () => {
    expect(prorate({ ...base, oldPrice: 4_900, newPrice: 9_900, oldBilling: 'monthly', newBilling: 'monthly' })).toMatchObject({
      unusedCredit: 2_450,
      newCharge: 4_950,
      amountDue: 2_500,
      creditAfter: 0,
    });
  });

  it('keeps credit on a downgrade and takes existing credit off an upgrade', () => {
    expect(prorate({ ...base, oldPrice: 9_900, newPrice: 4_900, oldBilling: 'monthly', newBilling: 'monthly' })).toMatchObject({
      amountDue: 0,
      creditAfter: 2_500,
    });
    expect(prorate({ ...base, credit: 3_000, oldPrice: 4_900, newPrice: 9_900, oldBilling: 'monthly', newBilling: 'monthly' })).toMatchObject({
      amountDue: 0,
      creditAfter: 500,
    });
  });

  it('starts a new period when the billing switches, charging it whole less the unused time', () => {
    const switched = prorate({ ...base, oldPrice: 4_900, newPrice: 49_980, oldBilling: 'monthly', newBilling: 'annual' });
    expect(switched).toMatchObject({ newCharge: 49_980, amountDue: 47_530 });
    expect(switched.periodStart).toEqual(base.now);
    expect(switched.periodEnd.toISOString()).toBe('2027-11-16T00:00:00.000Z');
  });

  it('credits nothing once the period is over', () => {
    expect(
      prorate({ ...base, now: new Date('2026-12-05T00:00:00Z'), oldPrice: 4_900, newPrice: 9_900, oldBilling: 'monthly', newBilling: 'monthly' }),
    ).toMatchObject({ unusedCredit: 0, amountDue: 0 });
  });
});
