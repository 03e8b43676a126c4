import { describe, expect, it } from 'vitest';
import { daysBetween, isBusinessDay, nextBusinessDay, nextDeadline, returnDue, returnKindOf, type TaxFiler } from './tax-deadlines';

const foreigner = { percentage: 100, usResident: false };
const llc = (owners: TaxFiler['owners'], constitutionDate: string | null = '2020-02-01'): TaxFiler => ({ type: 'LLC', owners, constitutionDate });

describe('the return a company owes', () => {
  it('a foreign-owned single-member LLC files Form 5472 with a pro forma 1120 by 15 April, extended to 15 October', () => {
    expect(returnDue(llc([foreigner]), 2025)).toEqual({ kind: 'llcSingleMember', forms: ['5472', 'proForma1120'], deadline: '2026-04-15', extendedDeadline: '2026-10-15' });
  });

  it('a multi-member LLC files Form 1065 with K-1s by 15 March, extended to 15 September', () => {
    const due = returnDue(llc([{ percentage: 60, usResident: false }, { percentage: 40, usResident: true }]), 2024);
    // 15 March 2025 is a Saturday: the return is due on Monday the 17th.
    expect(due).toEqual({ kind: 'llcMultiPartner', forms: ['1065', 'k1'], deadline: '2025-03-17', extendedDeadline: '2025-09-15' });
  });

  it('a C-Corp files Form 1120, with Form 5472 only when a foreign person owns 25 % or more', () => {
    const corp = (owners: TaxFiler['owners']): TaxFiler => ({ type: 'C-Corp', owners, constitutionDate: null });
    expect(returnDue(corp([foreigner]), 2025)?.forms).toEqual(['1120', '5472']);
    expect(returnDue(corp([{ percentage: 25, usResident: false }, { percentage: 75, usResident: true }]), 2025)?.forms).toEqual(['1120', '5472']);
    expect(returnDue(corp([{ percentage: 24.99, usResident: false }, { percentage: 75.01, usResident: true }]), 2025)?.forms).toEqual(['1120']);
    expect(returnDue(corp([foreigner]), 2025)).toMatchObject({ kind: 'cCorp', deadline: '2026-04-15', extendedDeadline: '2026-10-15' });
  });

  it('owes nothing for a Cross Border Crypto account, a year before formation, or a US-owned single-member LLC', () => {
    expect(returnKindOf({ type: 'Cross Border Crypto', owners: [foreigner], constitutionDate: null }, 2025)).toBeNull();
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
