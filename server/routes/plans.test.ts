import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annualPrice, planCatalogSchema, type PlanCatalog } from '@domain/plans';
import { createTestApp, type TestApp } from '../test/harness';

describe('GET /plans', () => {
  let t: TestApp;
  let catalog: PlanCatalog;
  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.request('/api/v1/plans');
    expect(response.status).toBe(200);
    catalog = planCatalogSchema.parse(await response.json());
  });
  afterAll(() => t.close());

  const plan = (companyType: string, id: string) => catalog.plans.find((candidate) => candidate.companyType === companyType && candidate.id === id)!;

  it('is public and in integer cents of USD', () => {
    expect(catalog.currency).toBe('usd');
    for (const entry of catalog.plans) for (const amount of [entry.setupFee, entry.monthly, entry.annual]) expect(Number.isInteger(amount)).toBe(true);
  });

  it('advertises company creation from $450, the cheapest US company formation', () => {
    expect(catalog.companyCreationFrom).toBe(45_000);
    expect(Math.min(...catalog.plans.filter((entry) => entry.companyType === 'USA_COMPANY').map((entry) => entry.setupFee))).toBe(45_000);
  });

  it('prices every plan monthly and annually with the 15 % saving', () => {
    expect(catalog.annualDiscountPercent).toBe(15);
    for (const entry of catalog.plans) expect(entry.annual).toBe(annualPrice(entry.monthly));
  });

  it('has Standard, Professional and Enterprise for US companies and crypto accounts, and Custom as text', () => {
    for (const companyType of ['USA_COMPANY', 'CRYPTO_COMPANY']) {
      expect(catalog.plans.filter((entry) => entry.companyType === companyType).map((entry) => entry.id)).toEqual(['standard', 'professional', 'enterprise']);
    }
    expect(catalog.custom).toEqual({ id: 'custom', contactOnly: true });
  });

  it('gives Enterprise the express 12–15 days and 2 hours a month with a CPA', () => {
    expect(plan('USA_COMPANY', 'enterprise')).toMatchObject({ processingDays: { min: 12, max: 15 }, cpaHoursPerMonth: 2 });
  });

  it('limits crypto volume to $500k, $1M and unlimited', () => {
    expect(['standard', 'professional', 'enterprise'].map((id) => plan('CRYPTO_COMPANY', id).cryptoMonthlyVolumeLimitUsd)).toEqual([500_000, 1_000_000, null]);
  });

  it('offers the additional services a founder expects, each with a price', () => {
    const services = Object.fromEntries(catalog.services.map((service) => [service.id, service]));
    expect(services.priorityProcessing).toMatchObject({ turnaroundHours: 48, group: 'processingSpeed' });
    expect(services.vipProcessing).toMatchObject({ turnaroundHours: 24, group: 'processingSpeed' });
    expect(services.registeredAgent).toMatchObject({ recurrence: 'year' });
    for (const id of ['einWithoutSsn', 'itinApplication', 'boiReportFiling']) expect(services[id]!.price).toBeGreaterThan(0);
  });
});
