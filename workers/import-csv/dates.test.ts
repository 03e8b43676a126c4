import { describe, expect, it } from 'vitest';
import { DateOrderSurvey, parseDate, possibleOrders } from './dates';

describe('parseDate', () => {
  it.each([
    ['2026-03-31', 'dmy', '2026-03-31'],
    ['2026/03/31', 'mdy', '2026-03-31'],
    ['20260331', 'dmy', '2026-03-31'],
    ['31/03/2026', 'dmy', '2026-03-31'],
    ['03/31/2026', 'mdy', '2026-03-31'],
    ['31.03.26', 'dmy', '2026-03-31'],
    ['31-03-2026', 'dmy', '2026-03-31'],
    ['2026-03-31T10:22:00Z', 'dmy', '2026-03-31'],
    ['31/03/2026 10:22', 'dmy', '2026-03-31'],
    ['31-mar-2026', 'mdy', '2026-03-31'],
    ['31 de março de 2026', 'dmy', '2026-03-31'],
    ['2 ene 2026', 'dmy', '2026-01-02'],
    ['Mar 31, 2026', 'dmy', '2026-03-31'],
    ['01/02/99', 'dmy', '1999-02-01'],
  ] as const)('reads %s (%s) as %s', (raw, order, iso) => {
    expect(parseDate(raw, order)).toBe(iso);
  });

  it.each([
    ['31/02/2026', 'dmy'],
    ['13/13/2026', 'dmy'],
    ['03/31/2026', 'dmy'],
    ['2026-02-30', 'ymd'],
    ['yesterday', 'dmy'],
    ['', 'dmy'],
    ['1/2/3', 'dmy'],
  ] as const)('refuses %j in %s order', (raw, order) => {
    expect(parseDate(raw, order)).toBeNull();
  });

  it('lists the orders a date allows', () => {
    expect(possibleOrders('05/06/2026')).toEqual(['dmy', 'mdy']);
    expect(possibleOrders('25/06/2026')).toEqual(['dmy']);
    expect(possibleOrders('06/25/2026')).toEqual(['mdy']);
    expect(possibleOrders('nope')).toEqual([]);
  });
});

describe('date order of a column', () => {
  const decide = (values: string[], fallback: 'dmy' | 'mdy') => {
    const survey = new DateOrderSurvey();
    values.forEach((value) => survey.add(value));
    return survey.decide(fallback);
  };

  it('is decided by one unambiguous date anywhere in the column', () => {
    expect(decide(['01/02/2026', '03/04/2026', '05/06/2026', '07/13/2026'], 'dmy')).toEqual({ order: 'mdy', assumed: false });
    expect(decide(['01/02/2026', '13/04/2026'], 'mdy')).toEqual({ order: 'dmy', assumed: false });
  });

  it('falls back to the language when every date is ambiguous, and says so', () => {
    expect(decide(['01/02/2026', '03/04/2026'], 'dmy')).toEqual({ order: 'dmy', assumed: true });
    expect(decide(['01/02/2026', '03/04/2026'], 'mdy')).toEqual({ order: 'mdy', assumed: true });
  });

  it('recognises year-first columns', () => {
    expect(decide(['2026-01-02', '2026-01-03'], 'mdy')).toEqual({ order: 'ymd', assumed: false });
  });

  it('follows the majority when a few cells contradict it', () => {
    expect(decide(['13/01/2026', '14/01/2026', '15/01/2026', '01/13/2026'], 'mdy')).toEqual({ order: 'dmy', assumed: false });
  });
});
