import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  existedIn,
  extensionFor,
  firstReturn,
  isBusinessDay,
  missingFormPenaltyUsd,
  nextBusinessDay,
  nextDeadline,
  returnDue,
  returnKindOf,
  standingOn,
  type TaxFiler,
} from './tax-deadlines';

const foreigner = { percentage: 100, usResident: false };
const llc = (owners: TaxFiler['owners'], formationDate: string | null = '2020-02-01'): TaxFiler => ({ type: 'LLC', owners, formationDate, migrated: false });

describe('the return a company owes', () => {
  it('a foreign-owned single-member LLC files Form 5472 with a pro forma 1120 by 15 April, extended to 15 October', () => {
    expect(returnDue(llc([foreigner]), 2025)).toEqual({
      kind: 'llcSingleMember',
      forms: ['5472', 'proForma1120'],
      deadline: '2026-04-15',
      extendedDeadline: '2026-10-15',
    });
  });

  it('a multi-member LLC files Form 1065 with K-1s by 15 March, extended to 15 September', () => {
    const due = returnDue(
      llc([
        { percentage: 60, usResident: false },
        { percentage: 40, usResident: true },
      ]),
      2024,
    );
    // 15 March 2025 is a Saturday: the return is due on Monday the 17th.
    expect(due).toEqual({ kind: 'llcMultiPartner', forms: ['1065', 'k1'], deadline: '2025-03-17', extendedDeadline: '2025-09-15' });
  });

  it('a C-Corp files Form 1120, with Form 5472 only when a foreign person owns 25 % or more', () => {
    const corp = (owners: TaxFiler['owners']): TaxFiler => ({ type: 'C-Corp', owners, formationDate: '2020-01-01', migrated: false });
    expect(returnDue(corp([foreigner]), 2025)?.forms).toEqual(['1120', '5472']);
    expect(
      returnDue(
        corp([
          { percentage: 25, usResident: false },
          { percentage: 75, usResident: true },
        ]),
        2025,
      )?.forms,
    ).toEqual(['1120', '5472']);
    expect(
      returnDue(
        corp([
          { percentage: 24.99, usResident: false },
          { percentage: 75.01, usResident: true },
        ]),
        2025,
      )?.forms,
    ).toEqual(['1120']);
    expect(returnDue(corp([foreigner]), 2025)).toMatchObject({ kind: 'cCorp', deadline: '2026-04-15', extendedDeadline: '2026-10-15' });
  });

  it('owes nothing for a Cross Border Crypto account, a year before formation, or a US-owned single-member LLC', () => {
    expect(returnKindOf({ type: 'Cross Border Crypto', owners: [foreigner], formationDate: null, migrated: true }, 2025)).toBeNull();
    expect(returnDue(llc([foreigner], '2026-01-10'), 2025)).toBeNull();
    expect(returnDue(llc([{ percentage: 100, usResident: true }]), 2025)).toBeNull();
    // Formed during the year: the short first year is still declared.
    expect(returnKindOf(llc([foreigner], '2025-12-30'), 2025)).toBe('llcSingleMember');
  });
});

describe('due dates on weekends and holidays', () => {
  it('moves 15 April past DC Emancipation Day observed on a Friday (tax year 2021: 18 April 2022)', () => {
    expect(returnDue(llc([foreigner]), 2021)?.deadline).toBe('2022-04-18');
  });

  it('moves 15 April on a Saturday past Emancipation Day observed the Monday after (tax year 2022: 18 April 2023)', () => {
    expect(returnDue(llc([foreigner]), 2022)?.deadline).toBe('2023-04-18');
    expect(returnDue(llc([foreigner]), 2027)?.deadline).toBe('2028-04-18');
  });

  it('moves a Sunday to the Monday (15 October 2023, 15 September 2024, 15 March 2026)', () => {
    expect(returnDue(llc([foreigner]), 2022)?.extendedDeadline).toBe('2023-10-16');
    expect(returnDue(llc([foreigner, foreigner]), 2023)?.extendedDeadline).toBe('2024-09-16');
    expect(returnDue(llc([foreigner, foreigner]), 2025)?.deadline).toBe('2026-03-16');
  });

  it('knows the federal holidays as observed', () => {
    expect(isBusinessDay('2026-07-03')).toBe(false); // 4 July 2026 is a Saturday
    expect(isBusinessDay('2027-12-31')).toBe(false); // 1 January 2028 is a Saturday
    expect(isBusinessDay('2026-11-26')).toBe(false); // Thanksgiving
    expect(isBusinessDay('2026-06-19')).toBe(false); // Juneteenth
    expect(isBusinessDay('2020-06-19')).toBe(true); // before Juneteenth became a federal holiday
    expect(isBusinessDay('2026-01-19')).toBe(false); // Martin Luther King, Jr. Day
    expect(isBusinessDay('2026-05-25')).toBe(false); // Memorial Day
    expect(isBusinessDay('2026-10-12')).toBe(false); // Columbus Day
    expect(nextBusinessDay('2026-09-05')).toBe('2026-09-08'); // Saturday, Sunday, Labor Day
  });
});

describe('the deadline still ahead', () => {
  const due = { deadline: '2026-04-15', extendedDeadline: '2026-10-15' };
  it('is the due date, then the extended one, then none', () => {
    expect(nextDeadline(due, '2026-04-15')).toBe('2026-04-15');
    expect(nextDeadline(due, '2026-04-16')).toBe('2026-10-15');
    expect(nextDeadline(due, '2026-10-16')).toBeNull();
    expect(daysBetween('2026-03-16', '2026-04-15')).toBe(30);
  });
});

const corp = (owners: TaxFiler['owners'], formationDate: string | null = '2020-02-01', migrated = false): TaxFiler => ({
  type: 'C-Corp',
  owners,
  formationDate,
  migrated,
});
const sole = (formationDate: string | null, migrated = false): TaxFiler => ({ type: 'LLC', owners: [foreigner], formationDate, migrated });

describe('the first tax year', () => {
  // [case, filer, tax year, existed that year]
  const cases: [string, TaxFiler, number, boolean][] = [
    ['formed during the year (a short first year)', sole('2025-12-30'), 2025, true],
    ['formed the next year', sole('2026-01-02'), 2025, false],
    ['formed years before', sole('2019-05-01'), 2025, true],
    ['ordered from Alta and not formed yet', sole(null), 2025, false],
    ['migrated, its formation date unknown', sole(null, true), 2025, true],
    ['migrated, formed after the year', sole('2026-02-01', true), 2025, false],
  ];
  it.each(cases)('%s', (_case, filer, taxYear, existed) => {
    expect(existedIn(filer, taxYear)).toBe(existed);
    expect(returnDue(filer, taxYear) !== null).toBe(existed);
  });

  // [case, filer, today, first return (tax year, due, extended) or null when last year is owed]
  const firsts: [string, TaxFiler, string, [number, string, string] | null][] = [
    ['ordered today, not formed: the year it is formed, if this one', sole(null), '2026-11-24', [2026, '2027-04-15', '2027-10-15']],
    ['formed this year', sole('2026-06-10'), '2026-11-24', [2026, '2027-04-15', '2027-10-15']],
    ['a multi-member LLC formed this year: 1065 by 15 March', llc([foreigner, foreigner], '2026-06-10'), '2026-11-24', [2026, '2027-03-15', '2027-09-15']],
    ['formed last year: owes last year, no "first return" to announce', sole('2025-06-10'), '2026-11-24', null],
    ['migrated without a date: owes last year', sole(null, true), '2026-11-24', null],
  ];
  it.each(firsts)('first return: %s', (_case, filer, today, expected) => {
    const first = firstReturn(filer, today);
    expect(first && [first.taxYear, first.deadline, first.extendedDeadline]).toEqual(expected);
  });
});

describe('forms and kind by company and ownership', () => {
  // [case, filer, kind, forms]
  const cases: [string, TaxFiler, string | null, string[]][] = [
    ['single-member LLC, foreign owner', sole('2020-01-01'), 'llcSingleMember', ['5472', 'proForma1120']],
    ['single-member LLC, US owner', llc([{ percentage: 100, usResident: true }]), null, []],
    ['multi-member LLC', llc([foreigner, { percentage: 50, usResident: true }]), 'llcMultiPartner', ['1065', 'k1']],
    ['C-Corp, 100 % foreign', corp([foreigner]), 'cCorp', ['1120', '5472']],
    [
      'C-Corp, exactly 25 % foreign',
      corp([
        { percentage: 25, usResident: false },
        { percentage: 75, usResident: true },
      ]),
      'cCorp',
      ['1120', '5472'],
    ],
    [
      'C-Corp, two foreigners under 25 % each',
      corp([
        { percentage: 20, usResident: false },
        { percentage: 20, usResident: false },
        { percentage: 60, usResident: true },
      ]),
      'cCorp',
      ['1120'],
    ],
    ['C-Corp, US owners only', corp([{ percentage: 100, usResident: true }]), 'cCorp', ['1120']],
  ];
  it.each(cases)('%s', (_case, filer, kind, forms) => {
    const due = returnDue(filer, 2025);
    expect(due?.kind ?? null).toBe(kind);
    expect(due?.forms ?? []).toEqual(forms);
    expect(missingFormPenaltyUsd(due?.forms ?? [])).toBe(forms.includes('5472') ? 25_000 : null);
  });
});

describe('where an unsent return stands', () => {
  const due = returnDue(sole('2020-01-01'), 2025)!;
  // [today, standing, deadline, days]
  const cases: [string, string, string, number][] = [
    ['2026-03-16', 'due', '2026-04-15', 30],
    ['2026-04-15', 'due', '2026-04-15', 0],
    ['2026-04-16', 'extension', '2026-10-15', 182],
    ['2026-10-15', 'extension', '2026-10-15', 0],
    // Both passed: overdue, counted from the first deadline (late since then unless a 7004 was filed).
    ['2026-10-16', 'overdue', '2026-04-15', -184],
    ['2026-11-24', 'overdue', '2026-04-15', -223],
  ];
  it.each(cases)('on %s: %s', (today, standing, deadline, days) => {
    expect(standingOn(due, today)).toEqual({ status: standing, deadline, daysRemaining: days });
  });
});

describe('Form 7004', () => {
  // [case, filer, tax year, form code, file by, extended deadline]
  const cases: [string, TaxFiler, number, string, string, string][] = [
    ['pro forma 1120 of a foreign-owned LLC', sole('2020-01-01'), 2025, '12', '2026-04-15', '2026-10-15'],
    ['Form 1120 of a C-Corp', corp([foreigner]), 2025, '12', '2026-04-15', '2026-10-15'],
    ['Form 1065, 15 March 2026 a Sunday', llc([foreigner, foreigner]), 2025, '09', '2026-03-16', '2026-09-15'],
    ['Form 1120, 15 April 2028 a Saturday before Emancipation Day observed on Monday', corp([foreigner]), 2027, '12', '2028-04-18', '2028-10-16'],
  ];
  it.each(cases)('%s', (_case, filer, taxYear, formCode, fileBy, extendedDeadline) => {
    expect(extensionFor(returnDue(filer, taxYear)!)).toEqual({ formCode, fileBy, extendedDeadline });
  });
});
