import { describe, expect, it } from 'vitest';
import { annualPrice, computePrice, couponDiscount, formatUsd, planCatalogSchema, type PlanCatalog } from './plans';

const plan = (id: 'standard' | 'professional' | 'enterprise', companyType: 'USA_COMPANY' | 'CRYPTO_COMPANY', setupFee: number, monthly: number) => ({
  id,
  companyType,
  setupFee,
  monthly,
  annual: annualPrice(monthly),
  processingDays: companyType === 'USA_COMPANY' ? { min: 12, max: 15 } : null,
  cpaHoursPerMonth: 0,
  cryptoMonthlyVolumeLimitUsd: companyType === 'CRYPTO_COMPANY' ? 500_000 : null,
  features: [],
  highlighted: false,
});

const catalog: PlanCatalog = planCatalogSchema.parse({
  currency: 'usd',
  annualDiscountPercent: 15,
  companyCreationFrom: 45_000,
  plans: [plan('standard', 'USA_COMPANY', 45_000, 4_900), plan('enterprise', 'USA_COMPANY', 119_500, 19_999), plan('standard', 'CRYPTO_COMPANY', 0, 9_900)],
  custom: { id: 'custom', contactOnly: true },
  services: [
    {
      id: 'priorityProcessing',
      price: 14_900,
      recurrence: 'one_time',
      companyTypes: ['USA_COMPANY', 'CRYPTO_COMPANY'],
      group: 'processingSpeed',
      turnaroundHours: 48,
    },
    {
      id: 'vipProcessing',
      price: 24_900,
      recurrence: 'one_time',
      companyTypes: ['USA_COMPANY', 'CRYPTO_COMPANY'],
      group: 'processingSpeed',
      turnaroundHours: 24,
    },
    { id: 'registeredAgent', price: 14_900, recurrence: 'year', companyTypes: ['USA_COMPANY'], group: null, turnaroundHours: null },
    { id: 'itinApplication', price: 39_900, recurrence: 'one_time', companyTypes: ['USA_COMPANY'], group: null, turnaroundHours: null },
  ],
});

const select = (overrides: Partial<Parameters<typeof computePrice>[1]> = {}) => ({
  companyType: 'USA_COMPANY' as const,
  plan: 'standard' as const,
  billing: 'monthly' as const,
  services: [] as string[],
  ...overrides,
});

describe('annual price', () => {
  it('is twelve months less 15 %, rounded to the cent', () => {
    expect(annualPrice(4_900)).toBe(49_980);
    expect(annualPrice(19_999)).toBe(203_990); // 19999 × 12 × 0.85 = 203989.8
    expect(annualPrice(1)).toBe(10); // 10.2 → 10
    expect(annualPrice(0)).toBe(0);
  });

  it('is refused in a catalog when typed in instead of derived', () => {
    const bad = { ...plan('standard', 'USA_COMPANY', 45_000, 4_900), annual: 58_800 };
    expect(planCatalogSchema.safeParse({ ...catalog, plans: [bad] }).success).toBe(false);
  });
});

describe('computePrice', () => {
  it('charges the setup fee and the first month', () => {
    const result = computePrice(catalog, select());
    expect(result).toEqual({
      ok: true,
      quote: {
        currency: 'usd',
        lines: [
          { kind: 'setupFee', id: 'standard', amount: 45_000 },
          { kind: 'plan', id: 'standard', amount: 4_900 },
        ],
        subtotal: 49_900,
        discount: 0,
        total: 49_900,
      },
    });
  });

  it('charges the discounted year on annual billing', () => {
    const result = computePrice(catalog, select({ plan: 'enterprise', billing: 'annual' }));
    expect(result.ok && result.quote.total).toBe(119_500 + 203_990);
  });

  it('adds additional services', () => {
    const result = computePrice(catalog, select({ services: ['vipProcessing', 'registeredAgent', 'itinApplication'] }));
    expect(result.ok && result.quote.subtotal).toBe(49_900 + 24_900 + 14_900 + 39_900);
    expect(result.ok && result.quote.lines.filter((line) => line.kind === 'service').map((line) => line.id)).toEqual([
      'vipProcessing',
      'registeredAgent',
      'itinApplication',
    ]);
  });

  it('prices crypto accounts from the crypto plans, without setup fee', () => {
    const result = computePrice(catalog, select({ companyType: 'CRYPTO_COMPANY', services: ['priorityProcessing'] }));
    expect(result.ok && result.quote.lines).toEqual([
      { kind: 'plan', id: 'standard', amount: 9_900 },
      { kind: 'service', id: 'priorityProcessing', amount: 14_900 },
    ]);
  });

  it('refuses a plan the company type does not have', () => {
    expect(computePrice(catalog, select({ companyType: 'CRYPTO_COMPANY', plan: 'enterprise' }))).toEqual({
      ok: false,
      errors: { plan: ['validation.required'] },
    });
  });

  it('refuses unknown, duplicated, wrong-type and conflicting services', () => {
    expect(computePrice(catalog, select({ services: ['teleportation'] }))).toEqual({ ok: false, errors: { services: ['validation.serviceUnavailable'] } });
    expect(computePrice(catalog, select({ services: ['__proto__'] }))).toEqual({ ok: false, errors: { services: ['validation.serviceUnavailable'] } });
    expect(computePrice(catalog, select({ services: ['itinApplication', 'itinApplication'] }))).toEqual({
      ok: false,
      errors: { services: ['validation.duplicateService'] },
    });
    expect(computePrice(catalog, select({ companyType: 'CRYPTO_COMPANY', services: ['registeredAgent'] }))).toEqual({
      ok: false,
      errors: { services: ['validation.serviceUnavailable'] },
    });
    expect(computePrice(catalog, select({ services: ['priorityProcessing', 'vipProcessing'] }))).toEqual({
      ok: false,
      errors: { services: ['validation.processingSpeedExclusive'] },
    });
  });

  it('takes a percentage coupon off the subtotal, rounded to the cent', () => {
    const result = computePrice(catalog, select(), { percentOff: 10, amountOff: null });
    expect(result.ok && [result.quote.subtotal, result.quote.discount, result.quote.total]).toEqual([49_900, 4_990, 44_910]);
    const odd = computePrice(catalog, select({ plan: 'enterprise' }), { percentOff: 15, amountOff: null });
    // (119500 + 19999) × 0.15 = 20924.85 → 20925
    expect(odd.ok && [odd.quote.discount, odd.quote.total]).toEqual([20_925, 139_499 - 20_925]);
  });

  it('takes an amount coupon off, never below zero', () => {
    const result = computePrice(catalog, select(), { percentOff: null, amountOff: 5_000 });
    expect(result.ok && [result.quote.discount, result.quote.total]).toEqual([5_000, 44_900]);
    const huge = computePrice(catalog, select(), { percentOff: null, amountOff: 10_000_000 });
    expect(huge.ok && [huge.quote.discount, huge.quote.total]).toEqual([49_900, 0]);
    const free = computePrice(catalog, select(), { percentOff: 100, amountOff: null });
    expect(free.ok && free.quote.total).toBe(0);
  });

  it('applies the coupon after services and annual billing', () => {
    const result = computePrice(catalog, select({ billing: 'annual', services: ['registeredAgent'] }), { percentOff: 20, amountOff: null });
    const subtotal = 45_000 + 49_980 + 14_900;
    expect(result.ok && result.quote).toMatchObject({ subtotal, discount: Math.round(subtotal * 0.2), total: subtotal - Math.round(subtotal * 0.2) });
  });
});

describe('couponDiscount', () => {
  it('is zero without a coupon', () => {
    expect(couponDiscount(1_000, null)).toBe(0);
    expect(couponDiscount(1_000, undefined)).toBe(0);
  });

  it('rounds half a cent up', () => {
    expect(couponDiscount(105, { percentOff: 10, amountOff: null })).toBe(11); // 10.5 → 11
    expect(couponDiscount(104, { percentOff: 10, amountOff: null })).toBe(10);
  });
});

describe('formatUsd', () => {
  it('shows dollars with the language’s separators and the $ symbol', () => {
    expect(formatUsd(45_000, 'en')).toBe('$450');
    expect(formatUsd(123_450, 'en')).toBe('$1,234.50');
    expect(formatUsd(123_450, 'es')).toBe('$1,234.50');
    expect(formatUsd(123_450, 'pt')).toBe('$1.234,50');
  });
});
