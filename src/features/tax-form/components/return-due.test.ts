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
  standing: 'due',
  extension: { formCode: '12', fileBy: '2026-04-15', extendedDeadline: '2026-10-15' },
  penaltyUsd: 25_000,
  sentAt: null,
  firstReturn: null,
};

describe('the return-due line', () => {
  it('names the deadline ahead and the days left', () => {
    expect(dueLine(facts, 'en')).toEqual({ key: 'due.ahead', values: { year: 2025, date: 'April 15, 2026', count: 40 }, forms: facts.forms });
  });

  it('says the extended deadline holds only with Form 7004 filed by the first one', () => {
    expect(dueLine({ ...facts, nextDeadline: '2026-10-15', daysRemaining: 3, standing: 'extension' }, 'es')).toEqual({
      key: 'due.extended',
      values: { year: 2025, date: '15 de octubre de 2026', first: '15 de abril de 2026', count: 3 },
      forms: facts.forms,
    });
  });

  it('says an unsent return is overdue, the days since its deadline and the Form 5472 penalty', () => {
    expect(dueLine({ ...facts, nextDeadline: null, daysRemaining: -223, standing: 'overdue' }, 'en')).toEqual({
      key: 'due.overdue',
      values: { year: 2025, date: 'April 15, 2026', extended: 'October 15, 2026', count: 223 },
      forms: facts.forms,
      penalty: '$25,000',
    });
    // No Form 5472 among the forms (a 1065): no penalty sentence.
    expect(
      dueLine({ ...facts, kind: 'llcMultiPartner', forms: ['1065', 'k1'], nextDeadline: null, daysRemaining: -10, standing: 'overdue', penaltyUsd: null }, 'en')
        ?.penalty,
    ).toBeUndefined();
  });

  it('says when it was sent', () => {
    expect(dueLine({ ...facts, nextDeadline: null, daysRemaining: null, standing: null, sentAt: '2026-03-02T10:00:00.000Z' }, 'pt')).toEqual({
      key: 'due.sent',
      values: { year: 2025, date: '2 de março de 2026' },
      forms: facts.forms,
    });
  });

  it('tells a company that did not exist last year when its first return will be due', () => {
    const notFormed: ReturnFacts = {
      ...facts,
      kind: null,
      forms: [],
      deadline: null,
      extendedDeadline: null,
      nextDeadline: null,
      daysRemaining: null,
      standing: null,
      extension: null,
      penaltyUsd: null,
      firstReturn: { taxYear: 2026, forms: ['5472', 'proForma1120'], deadline: '2027-04-15', extendedDeadline: '2027-10-15' },
    };
    expect(dueLine(notFormed, 'pt')).toEqual({
      key: 'due.first',
      values: { year: 2025, firstYear: 2026, date: '15 de abril de 2027' },
      forms: ['5472', 'proForma1120'],
    });
  });

  it('is empty when no return is due', () => {
    expect(dueLine({ ...facts, kind: null, forms: [], standing: null }, 'en')).toBeNull();
  });
});
