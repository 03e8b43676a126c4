import { describe, expect, it } from 'vitest';
import type { CompanySummary } from '@domain/company-views';
import { useTestDatabases } from '@sync/client/test-databases';
import { cacheCompanies, cachedCompanies } from './companies';

const openDb = useTestDatabases();

const company = (id: string, name: string): CompanySummary => ({
  id,
  type: 'LLC',
  name,
  nameOption2: null,
  migrated: false,
  state: 'WY',
  originCountry: null,
  status: 'Start',
  plan: 'standard',
  billing: 'monthly',
  orderNumber: 'ALT-0001',
  relation: 'owner',
  requestedAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
});

describe('the companies cache', () => {
  it('keeps the companies in the order the API listed them', async () => {
    const db = openDb();
    const listed = [company('f0000000-0000-4000-8000-000000000001', 'Zeta LLC'), company('a0000000-0000-4000-8000-000000000002', 'Alfa LLC')];
    await cacheCompanies(db, listed);
    expect((await cachedCompanies(db)).map((entry) => entry.name)).toEqual(['Zeta LLC', 'Alfa LLC']);
  });

  it('replaces the whole list: a company no longer listed is forgotten', async () => {
    const db = openDb();
    await cacheCompanies(db, [company('a0000000-0000-4000-8000-000000000001', 'Old LLC'), company('b0000000-0000-4000-8000-000000000002', 'Kept LLC')]);
    await cacheCompanies(db, [company('b0000000-0000-4000-8000-000000000002', 'Kept LLC, renamed')]);
    expect((await cachedCompanies(db)).map((entry) => entry.name)).toEqual(['Kept LLC, renamed']);
  });

  it('is empty for a user with no companies', async () => {
    expect(await cachedCompanies(openDb())).toEqual([]);
  });
});
