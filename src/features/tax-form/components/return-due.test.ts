import { describe, expect, it } from 'vitest';
import type { ReturnFacts } from '@domain/tax-form';
import { dueLine } from './return-due';

const facts: ReturnFacts = {
  companyId: '00000000-0000-4000-8000-000000000001',
  taxYear: 2025,
  kind: 'llcSingleMember',
  forms: ['5472', 'proForma1120'],
  deadline: '2026-04-15',
  extendedDeadline: '2026-10-15',
  nextDeadline: '2026-04-15',
  daysRemaining: 40,
  sentAt: null,
};

describe('the return-due line', () => {
  it('names the deadline ahead and the days left', () => {
    expect(dueLine(facts, 'en')).toEqual({ key: 'due.ahead', values: { year: 2025, date: 'April 15, 2026', count: 40 } });
  });

  it('says the extended deadline once the first has passed', () => {
    expect(dueLine({ ...facts, nextDeadline: '2026-10-15', daysRemaining: 3 }, 'es')).toEqual({ key: 'due.extended', values: { year: 2025, date: '15 de octubre de 2026', count: 3 } });
  });

  it('says both have passed, and when it was sent', () => {
    expect(dueLine({ ...facts, nextDeadline: null, daysRemaining: null }, 'en')?.key).toBe('due.late');
    expect(dueLine({ ...facts, nextDeadline: null, daysRemaining: null, sentAt: '2026-03-02T10:00:00.000Z' }, 'pt')).toEqual({ key: 'due.sent', values: { year: 2025, date: '2 de março de 2026' } });
  });

  it('is empty when no return is due', () => {
    expect(dueLine({ ...facts, kind: null, forms: [] }, 'en')).toBeNull();
  });
});
