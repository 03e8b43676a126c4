import { describe, expect, it } from 'vitest';
import { nthDueDate, renewalStateOf, type RenewalCompany } from './renewal';

const company = (overrides: Partial<RenewalCompany> = {}): RenewalCompany => ({
  type: 'LLC',
  state: 'WY',
  status: 'Completed',
  plan: 'standard',
  constitutionDate: '2025-03-10',
  requestedAt: '2025-02-20T10:00:00.000Z',
  dissolution: 'available',
  renewedDueDates: [],
  ...overrides,
});

describe('renewal due dates', () => {
  it('falls on the anniversary of the formation in anniversary states', () => {
    expect(nthDueDate({ type: 'LLC', state: 'WY' }, '2025-03-10', 1)).toBe('2026-03-10');
    expect(nthDueDate({ type: 'LLC', state: 'NM' }, '2024-02-29', 1)).toBe('2025-02-28');
  });

  it('falls on the state fixed day of the year after formation (Delaware LLC June 1, corporation March 1)', () => {
    expect(nthDueDate({ type: 'LLC', state: 'DE' }, '2025-09-10', 1)).toBe('2026-06-01');
    expect(nthDueDate({ type: 'C-Corp', state: 'DE' }, '2025-09-10', 2)).toBe('2027-03-01');
  });

  it('uses the order date while the state has not given a formation date', () => {
    const state = renewalStateOf(company({ constitutionDate: null }), '2026-01-01');
    expect(state.dueDate).toBe('2026-02-20');
  });
});

describe('renewal status', () => {
  it('is NO_RENEWAL_REQUIRED before the window of the first due date', () => {
    expect(renewalStateOf(company(), '2026-01-01').status).toBe('NO_RENEWAL_REQUIRED');
  });

  it('is WITHIN_TIMEFRAME from 60 days before the due date, the due day included', () => {
    expect(renewalStateOf(company(), '2026-01-09')).toMatchObject({ status: 'WITHIN_TIMEFRAME', daysRemaining: 60 });
    expect(renewalStateOf(company(), '2026-03-10')).toMatchObject({ status: 'WITHIN_TIMEFRAME', daysRemaining: 0 });
  });

  it('is OVERDUE the day after an unsettled due date', () => {
    expect(renewalStateOf(company(), '2026-03-11')).toMatchObject({ status: 'OVERDUE', daysRemaining: -1 });
  });

  it('is ALREADY_RENEWED once the due date is settled, until the next window', () => {
    const renewed = company({ renewedDueDates: ['2026-03-10'] });
    expect(renewalStateOf(renewed, '2026-03-11')).toMatchObject({ status: 'ALREADY_RENEWED', dueDate: '2027-03-10', lastRenewedDueDate: '2026-03-10' });
    expect(renewalStateOf(renewed, '2027-01-09').status).toBe('WITHIN_TIMEFRAME');
  });

  it('reports the oldest unsettled due date when a later one was settled', () => {
    const state = renewalStateOf(company({ renewedDueDates: ['2027-03-10'] }), '2027-04-01');
    expect(state).toMatchObject({ status: 'OVERDUE', dueDate: '2026-03-10' });
  });

  it('never applies to crypto accounts, canceled companies or dissolutions', () => {
    for (const overrides of [
      { type: 'Cross Border Crypto' as const, state: null },
      { status: 'Canceled' as const },
      { dissolution: 'requested' as const },
      { dissolution: 'processed' as const },
    ]) {
      expect(renewalStateOf(company(overrides), '2026-04-01').status).toBe('NO_RENEWAL_REQUIRED');
    }
  });
});
