import { describe, expect, it } from 'vitest';
import { companyDeadlines, type DeadlineCompany } from './company-deadlines';
import { stateFilingRules } from './state-filings';
import { usStateCodes } from './countries';

const id = '00000000-0000-4000-8000-000000000001';

/** A Wyoming LLC of one foreign owner formed on 10 March 2025, plan paid, nothing sent. */
const company = (overrides: Partial<DeadlineCompany> = {}, formationDate: string | null = '2025-03-10'): DeadlineCompany => {
  const type = overrides.type ?? 'LLC';
  const state = overrides.state ?? 'WY';
  return {
    id,
    name: 'Acme',
    type,
    state,
    migrated: false,
    originCountry: null,
    filer: { type, owners: [{ percentage: 100, usResident: false }], formationDate, migrated: overrides.migrated ?? false },
    sentReturnYears: [],
    renewal: {
      type,
      state,
      status: 'Completed',
      plan: 'standard',
      constitutionDate: formationDate,
      requestedAt: '2025-02-20T10:00:00.000Z',
      dissolution: 'available',
      renewedDueDates: [],
    },
    boiSubmitted: false,
    kybProofOfAddressDates: [],
    ...overrides,
  };
};

const ofKind = (deadlines: ReturnType<typeof companyDeadlines>, kind: string) => deadlines.filter((deadline) => deadline.kind === kind);

describe('state filings per state and company type', () => {
  // state, type, formation date, today → the next due date (or none) and the filing.
  const cases: [state: string, type: 'LLC' | 'C-Corp', formed: string, today: string, expected: string | null, filing?: string][] = [
    ['DE', 'LLC', '2025-09-10', '2026-01-15', '2026-06-01', 'annualTax'],
    ['DE', 'LLC', '2025-09-10', '2026-06-02', '2027-06-01', 'annualTax'],
    // The first Delaware filing is in the year after formation, even when formed before June 1.
    ['DE', 'LLC', '2026-02-01', '2026-05-01', '2027-06-01', 'annualTax'],
    ['DE', 'C-Corp', '2025-09-10', '2026-01-15', '2026-03-01', 'franchiseTax'],
    ['DE', 'C-Corp', '2025-09-10', '2026-03-01', '2026-03-01', 'franchiseTax'],
    ['WY', 'LLC', '2025-03-10', '2026-01-15', '2026-03-01', 'annualReport'],
    ['WY', 'C-Corp', '2025-08-31', '2026-08-02', '2027-08-01', 'annualReport'],
    ['FL', 'LLC', '2025-11-20', '2026-02-01', '2026-05-01', 'annualReport'],
    ['FL', 'C-Corp', '2025-11-20', '2026-05-02', '2027-05-01', 'annualReport'],
    ['NM', 'LLC', '2025-03-10', '2026-01-15', null],
    ['NM', 'C-Corp', '2026-01-10', '2026-01-15', '2026-02-09', 'initialReport'],
    ['NM', 'C-Corp', '2025-03-10', '2026-01-15', null],
    ['TX', 'LLC', '2025-06-01', '2026-01-15', '2026-05-15', 'franchiseTax'],
    ['TX', 'C-Corp', '2025-06-01', '2026-05-16', '2027-05-15', 'franchiseTax'],
    ['NV', 'LLC', '2025-02-10', '2026-01-15', '2026-02-28', 'annualList'],
    ['NV', 'C-Corp', '2023-02-10', '2024-01-15', '2024-02-29', 'annualList'],
    ['GA', 'LLC', '2025-06-01', '2026-01-15', '2026-04-01', 'annualRegistration'],
    ['GA', 'C-Corp', '2025-06-01', '2026-04-02', '2027-04-01', 'annualRegistration'],
    // Illinois: before the first day of the anniversary month; a January company files by 31 December.
    ['IL', 'LLC', '2025-06-15', '2026-01-15', '2026-05-31', 'annualReport'],
    ['IL', 'C-Corp', '2025-01-20', '2025-12-01', '2025-12-31', 'annualReport'],
    ['IL', 'LLC', '2025-01-20', '2026-01-05', '2026-12-31', 'annualReport'],
    // Colorado: the last day of the second month after the anniversary month, across the year end.
    ['CO', 'LLC', '2025-03-10', '2026-01-15', '2026-05-31', 'periodicReport'],
    ['CO', 'C-Corp', '2025-11-10', '2026-01-15', '2027-01-31', 'periodicReport'],
    // New York: the LLC's publication within 120 days, then a biennial statement in the anniversary month every other year.
    ['NY', 'LLC', '2026-01-10', '2026-01-15', '2026-05-10', 'publication'],
    ['NY', 'C-Corp', '2025-03-10', '2026-03-01', '2027-03-31', 'biennialStatement'],
    ['NY', 'C-Corp', '2024-03-10', '2026-01-15', '2026-03-31', 'biennialStatement'],
    // Alabama's business privilege tax: March 15 for an LLC, April 15 for a corporation.
    ['AL', 'LLC', '2025-06-01', '2026-01-15', '2026-03-15', 'businessPrivilegeTax'],
    ['AL', 'C-Corp', '2025-06-01', '2026-04-16', '2027-04-15', 'businessPrivilegeTax'],
    // Alaska: January 2 every other year, in the years of the formation year's parity.
    ['AK', 'LLC', '2024-05-10', '2025-01-15', '2026-01-02', 'biennialReport'],
    ['AK', 'C-Corp', '2025-05-10', '2026-01-15', '2027-01-02', 'biennialReport'],
    // Arizona: no LLC report; a corporation's on its anniversary date.
    ['AZ', 'LLC', '2025-03-10', '2026-01-15', null],
    ['AZ', 'C-Corp', '2025-03-10', '2026-01-15', '2026-03-10', 'annualReport'],
    ['AR', 'LLC', '2025-06-01', '2026-01-15', '2026-05-01', 'franchiseTax'],
    ['AR', 'C-Corp', '2025-06-01', '2026-05-02', '2027-05-01', 'franchiseTax'],
    // California: the statement of information within 90 days (the LLC's annual tax and biennial statement are past the horizon).
    ['CA', 'LLC', '2026-01-10', '2026-01-15', '2026-04-10', 'statementOfInformation'],
    ['CT', 'LLC', '2025-06-01', '2026-01-15', '2026-03-31', 'annualReport'],
    ['CT', 'C-Corp', '2025-06-10', '2026-01-15', '2026-06-30', 'annualReport'],
    // District of Columbia: April 1 of the year after formation, then every other year.
    ['DC', 'LLC', '2025-06-01', '2026-01-15', '2026-04-01', 'biennialReport'],
    ['DC', 'C-Corp', '2025-06-01', '2027-03-01', '2028-04-01', 'biennialReport'],
    // Hawaii and Wisconsin: the end of the quarter the company was formed in.
    ['HI', 'LLC', '2025-05-10', '2026-01-15', '2026-06-30', 'annualReport'],
    ['HI', 'C-Corp', '2025-11-20', '2026-01-15', '2026-12-31', 'annualReport'],
    ['ID', 'LLC', '2025-02-10', '2026-01-15', '2026-02-28', 'annualReport'],
    ['ID', 'C-Corp', '2025-09-10', '2026-01-15', '2026-09-30', 'annualReport'],
    // Indiana: the end of the anniversary month every other year.
    ['IN', 'LLC', '2025-03-10', '2026-06-01', '2027-03-31', 'biennialReport'],
    ['IN', 'C-Corp', '2024-03-10', '2026-01-15', '2026-03-31', 'biennialReport'],
    // Iowa: April 1 of the odd years only, whatever the formation year.
    ['IA', 'LLC', '2025-06-01', '2026-06-01', '2027-04-01', 'biennialReport'],
    ['IA', 'C-Corp', '2024-06-01', '2025-01-15', '2025-04-01', 'biennialReport'],
    // Kansas: biennial since 2024, April 15 of the years of the formation year's parity.
    ['KS', 'LLC', '2025-06-01', '2026-06-01', '2027-04-15', 'biennialReport'],
    ['KS', 'C-Corp', '2024-06-01', '2026-01-15', '2026-04-15', 'biennialReport'],
    ['KY', 'LLC', '2025-06-01', '2026-01-15', '2026-06-30', 'annualReport'],
    ['KY', 'C-Corp', '2025-06-01', '2026-07-01', '2027-06-30', 'annualReport'],
    // Louisiana: the anniversary date, 28 February in a common year for a company formed on the 29th.
    ['LA', 'LLC', '2024-02-29', '2026-01-15', '2026-02-28', 'annualReport'],
    ['LA', 'C-Corp', '2025-08-20', '2026-01-15', '2026-08-20', 'annualReport'],
    ['ME', 'LLC', '2025-06-01', '2026-01-15', '2026-06-01', 'annualReport'],
    ['ME', 'C-Corp', '2025-06-01', '2026-06-02', '2027-06-01', 'annualReport'],
    ['MD', 'LLC', '2025-06-01', '2026-01-15', '2026-04-15', 'annualReport'],
    ['MD', 'C-Corp', '2025-06-01', '2026-01-15', '2026-04-15', 'annualReport'],
    ['MA', 'LLC', '2025-08-20', '2026-01-15', '2026-08-20', 'annualReport'],
    ['MA', 'C-Corp', '2025-06-01', '2026-01-15', '2026-03-15', 'annualReport'],
    ['MI', 'LLC', '2025-06-01', '2026-01-15', '2026-02-15', 'annualStatement'],
    ['MI', 'C-Corp', '2025-06-01', '2026-01-15', '2026-05-15', 'annualReport'],
    // Michigan: an LLC formed after September 30 skips the next February 15; a corporation does not skip.
    ['MI', 'LLC', '2025-10-01', '2026-01-15', '2027-02-15', 'annualStatement'],
    ['MI', 'LLC', '2025-09-30', '2026-01-15', '2026-02-15', 'annualStatement'],
    ['MI', 'C-Corp', '2025-10-01', '2026-01-15', '2026-05-15', 'annualReport'],
    ['MN', 'LLC', '2025-06-01', '2026-01-15', '2026-12-31', 'annualRenewal'],
    ['MN', 'C-Corp', '2025-06-01', '2026-01-15', '2026-12-31', 'annualRenewal'],
    ['MS', 'LLC', '2025-06-01', '2026-01-15', '2026-04-15', 'annualReport'],
    ['MS', 'C-Corp', '2025-06-01', '2026-01-15', '2026-04-15', 'annualReport'],
    ['MO', 'LLC', '2025-09-10', '2026-01-15', null],
    ['MO', 'C-Corp', '2025-09-10', '2026-01-15', '2026-09-30', 'annualRegistration'],
    ['MT', 'LLC', '2025-06-01', '2026-01-15', '2026-04-15', 'annualReport'],
    ['MT', 'C-Corp', '2025-06-01', '2026-01-15', '2026-04-15', 'annualReport'],
    // Nebraska: LLCs in the odd years (April 1), corporations in the even ones (March 1).
    ['NE', 'LLC', '2025-06-01', '2026-06-01', '2027-04-01', 'biennialReport'],
    ['NE', 'C-Corp', '2025-06-01', '2026-01-15', '2026-03-01', 'biennialReport'],
    ['NH', 'LLC', '2025-06-01', '2026-01-15', '2026-04-01', 'annualReport'],
    ['NH', 'C-Corp', '2025-06-01', '2026-01-15', '2026-04-01', 'annualReport'],
    ['NJ', 'LLC', '2025-09-10', '2026-01-15', '2026-09-30', 'annualReport'],
    ['NJ', 'C-Corp', '2025-09-10', '2026-01-15', '2026-09-30', 'annualReport'],
    ['NC', 'LLC', '2025-06-01', '2026-01-15', '2026-04-15', 'annualReport'],
    ['NC', 'C-Corp', '2025-06-01', '2026-01-15', '2026-04-15', 'annualReport'],
    ['ND', 'LLC', '2025-06-01', '2026-01-15', '2026-11-15', 'annualReport'],
    ['ND', 'C-Corp', '2025-06-01', '2026-01-15', '2026-08-01', 'annualReport'],
    ['OH', 'LLC', '2025-06-01', '2026-01-15', null],
    ['OH', 'C-Corp', '2025-06-01', '2026-01-15', null],
    ['OK', 'LLC', '2025-08-20', '2026-01-15', '2026-08-20', 'annualCertificate'],
    ['OK', 'C-Corp', '2025-08-20', '2026-01-15', null],
    ['OR', 'LLC', '2025-08-20', '2026-01-15', '2026-08-20', 'annualReport'],
    ['OR', 'C-Corp', '2025-08-20', '2026-08-21', '2027-08-20', 'annualReport'],
    ['PA', 'LLC', '2025-06-01', '2026-01-15', '2026-09-30', 'annualReport'],
    ['PA', 'C-Corp', '2025-06-01', '2026-01-15', '2026-06-30', 'annualReport'],
    ['RI', 'LLC', '2025-06-01', '2026-01-15', '2026-05-01', 'annualReport'],
    ['RI', 'C-Corp', '2025-06-01', '2026-01-15', '2026-05-01', 'annualReport'],
    ['SC', 'LLC', '2025-06-01', '2026-01-15', null],
    ['SC', 'C-Corp', '2025-06-01', '2026-01-15', '2026-04-15', 'annualReport'],
    ['SD', 'LLC', '2025-02-10', '2026-01-15', '2026-02-28', 'annualReport'],
    ['SD', 'C-Corp', '2025-09-10', '2026-01-15', '2026-09-30', 'annualReport'],
    ['UT', 'LLC', '2025-09-10', '2026-01-15', '2026-09-30', 'annualRenewal'],
    ['UT', 'C-Corp', '2025-09-10', '2026-01-15', '2026-09-30', 'annualRenewal'],
    ['VT', 'LLC', '2025-06-01', '2026-01-15', '2026-03-31', 'annualReport'],
    ['VT', 'C-Corp', '2025-06-01', '2026-01-15', '2026-03-15', 'annualReport'],
    ['VA', 'LLC', '2025-09-10', '2026-01-15', '2026-09-30', 'annualRegistration'],
    ['VA', 'C-Corp', '2025-09-10', '2026-01-15', '2026-09-30', 'annualRegistration'],
    ['WA', 'LLC', '2025-09-10', '2026-01-15', '2026-09-30', 'annualReport'],
    ['WA', 'C-Corp', '2025-09-10', '2026-01-15', '2026-09-30', 'annualReport'],
    ['WV', 'LLC', '2025-06-01', '2026-01-15', '2026-06-30', 'annualReport'],
    ['WV', 'C-Corp', '2025-06-01', '2026-07-01', '2027-06-30', 'annualReport'],
    ['WI', 'LLC', '2025-08-20', '2026-01-15', '2026-09-30', 'annualReport'],
    ['WI', 'C-Corp', '2025-01-05', '2026-01-15', '2026-03-31', 'annualReport'],
  ];
  it.each(cases)('%s %s formed %s, on %s: %s', (state, type, formed, today, expected, filing) => {
    const filings = ofKind(companyDeadlines(company({ state, type }, formed), today), 'stateFiling');
    if (expected === null) return expect(filings).toEqual([]);
    expect(filings).toEqual([expect.objectContaining({ date: expected, stateFiling: filing, state })]);
  });

  it('lists each of the several filings of California, Tennessee and Washington', () => {
    const dates = (state: string, type: 'LLC' | 'C-Corp', formed: string, today: string) =>
      ofKind(companyDeadlines(company({ state, type }, formed), today), 'stateFiling').map((deadline) => [deadline.stateFiling, deadline.date]);
    expect(dates('CA', 'LLC', '2025-03-10', '2026-06-01')).toEqual([
      ['statementOfInformation', '2027-03-31'],
      ['annualTax', '2027-04-15'],
    ]);
    expect(dates('CA', 'C-Corp', '2026-01-10', '2026-01-15')).toEqual([
      ['statementOfInformation', '2026-04-10'],
      ['statementOfInformation', '2027-01-31'],
    ]);
    expect(dates('CA', 'C-Corp', '2025-03-10', '2026-01-15')).toEqual([
      ['statementOfInformation', '2026-03-31'],
      ['franchiseTax', '2026-04-15'],
    ]);
    expect(dates('TN', 'LLC', '2025-06-01', '2026-01-15')).toEqual([
      ['annualReport', '2026-04-01'],
      ['franchiseTax', '2026-04-15'],
    ]);
    expect(dates('TN', 'C-Corp', '2025-06-01', '2026-01-15')).toEqual([
      ['annualReport', '2026-04-01'],
      ['franchiseTax', '2026-04-15'],
    ]);
    expect(dates('WA', 'LLC', '2026-01-10', '2026-01-15')).toEqual([
      ['initialReport', '2026-05-10'],
      ['annualReport', '2027-01-31'],
    ]);
    expect(dates('WA', 'C-Corp', '2026-01-10', '2026-01-15')).toEqual([
      ['initialReport', '2026-05-10'],
      ['annualReport', '2027-01-31'],
    ]);
  });

  // A state the wizard offers can never silently fall out of the calendar: it has a rule, or an explicit none.
  it.each(usStateCodes.flatMap((state) => (['LLC', 'C-Corp'] as const).map((type) => [state, type] as const)))('has a rule for %s %s', (state, type) => {
    expect(stateFilingRules.some((rule) => rule.state === state && rule.type === type)).toBe(true);
  });

  it('lists no state filing for a company still being formed or dissolving', () => {
    expect(ofKind(companyDeadlines(company({}, null), '2026-01-15'), 'stateFiling')).toEqual([]);
    const dissolving = company();
    dissolving.renewal = { ...dissolving.renewal, dissolution: 'requested' };
    expect(ofKind(companyDeadlines(dissolving, '2026-01-15'), 'stateFiling')).toEqual([]);
  });
});

describe('federal returns and extensions', () => {
  it('lists the return and its Form 7004 extended deadline while the first is ahead', () => {
    const deadlines = companyDeadlines(company(), '2026-03-01');
    expect(ofKind(deadlines, 'federalReturn')).toEqual([
      expect.objectContaining({ date: '2026-04-15', taxYear: 2025, forms: ['5472', 'proForma1120'], daysRemaining: 45 }),
    ]);
    expect(ofKind(deadlines, 'federalExtendedReturn').map((deadline) => [deadline.taxYear, deadline.date])).toEqual([[2025, '2026-10-15']]);
  });

  it('keeps only the extended deadline once the first passed, and the first, overdue, after both', () => {
    expect(ofKind(companyDeadlines(company(), '2026-05-01'), 'federalReturn').filter((deadline) => deadline.taxYear === 2025)).toEqual([]);
    const late = companyDeadlines(company(), '2026-10-20');
    expect(ofKind(late, 'federalReturn').find((deadline) => deadline.taxYear === 2025)).toMatchObject({ date: '2026-04-15', daysRemaining: -188 });
  });

  it('drops a year whose return was sent, and a partnership files by 15 March', () => {
    expect(companyDeadlines(company({ sentReturnYears: [2025] }), '2026-03-01').filter((deadline) => deadline.taxYear === 2025)).toEqual([]);
    const partnership = company();
    partnership.filer = {
      ...partnership.filer,
      owners: [
        { percentage: 50, usResident: false },
        { percentage: 50, usResident: true },
      ],
    };
    expect(ofKind(companyDeadlines(partnership, '2026-01-10'), 'federalReturn')[0]).toMatchObject({ date: '2026-03-16', forms: ['1065', 'k1'] });
  });
});

describe('BOI, renewal and KYB', () => {
  it('lists the BOI report only for a foreign reporting company that has not submitted it', () => {
    expect(ofKind(companyDeadlines(company(), '2026-01-15'), 'boiReport')).toEqual([]);
    const foreign = company({ migrated: true, originCountry: 'MX' }, '2026-01-05');
    expect(ofKind(companyDeadlines(foreign, '2026-01-15'), 'boiReport')).toEqual([expect.objectContaining({ date: '2026-02-04', daysRemaining: 20 })]);
    expect(ofKind(companyDeadlines({ ...foreign, boiSubmitted: true }, '2026-01-15'), 'boiReport')).toEqual([]);
    const before = company({ migrated: true, originCountry: 'MX' }, '2024-06-01');
    expect(ofKind(companyDeadlines(before, '2026-01-15'), 'boiReport')).toEqual([expect.objectContaining({ date: '2025-04-25' })]);
  });

  it('lists the renewal, overdue when unpaid', () => {
    expect(ofKind(companyDeadlines(company(), '2026-04-01'), 'renewal')).toEqual([expect.objectContaining({ date: '2026-03-10', daysRemaining: -22 })]);
  });

  it('lists no BOI report or proof of address for a canceled company', () => {
    const canceled = company({ migrated: true, originCountry: 'MX', kybProofOfAddressDates: ['2026-01-01'] }, '2026-01-05');
    canceled.renewal = { ...canceled.renewal, status: 'Canceled' };
    expect(companyDeadlines(canceled, '2026-01-15').filter((deadline) => deadline.kind === 'boiReport' || deadline.kind === 'kybProofOfAddress')).toEqual([]);
  });

  it('lists the day the oldest proof of address turns 3 months old', () => {
    const deadlines = companyDeadlines(company({ kybProofOfAddressDates: ['2026-01-31', '2025-12-15'] }), '2026-02-01');
    expect(ofKind(deadlines, 'kybProofOfAddress')).toEqual([expect.objectContaining({ date: '2026-03-15', daysRemaining: 42 })]);
  });

  it('puts overdue deadlines first, then the soonest, each with a stable key', () => {
    const deadlines = companyDeadlines(company({ kybProofOfAddressDates: ['2026-01-01'] }), '2026-04-01');
    expect(deadlines.map((deadline) => deadline.date)).toEqual([...deadlines.map((deadline) => deadline.date)].sort());
    expect(deadlines[0]).toMatchObject({ kind: 'renewal', daysRemaining: -22 });
    expect(new Set(deadlines.map((deadline) => deadline.key)).size).toBe(deadlines.length);
  });
});
