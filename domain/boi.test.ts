import { describe, expect, it } from 'vitest';
import { boiCompanyFixture, boiOwnerFixture } from './boi-fixture';
import { ageOn, boiRequirement } from './boi';
import { boiReportFormSchema, ownersIssues } from './boi-report';

const today = '2026-11-22';

const validOwner = { ...boiOwnerFixture, ownership: 60 };
const company = boiCompanyFixture;

describe('BOI requirement (FinCEN interim final rule, March 2025)', () => {
  it('exempts companies formed in a US state, files for foreign ones, and has nothing for crypto accounts', () => {
    expect(boiRequirement({ type: 'LLC', migrated: false, originCountry: null })).toBe('exempt');
    expect(boiRequirement({ type: 'C-Corp', migrated: true, originCountry: null })).toBe('exempt');
    expect(boiRequirement({ type: 'LLC', migrated: true, originCountry: 'AR' })).toBe('required');
    expect(boiRequirement({ type: 'Cross Border Crypto', migrated: true, originCountry: 'BR' })).toBe('notApplicable');
  });
});

describe('BOI owners (SPEC §5 owner rules)', () => {
  const parse = (owners: unknown[]) => boiReportFormSchema(today).safeParse({ company, owners });
  const messages = (owners: unknown[]) => {
    const result = parse(owners);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
  };

  it('accepts a valid report', () => {
    expect(parse([validOwner]).success).toBe(true);
  });

  it('counts age in whole years on the day', () => {
    expect(ageOn('2008-11-22', today)).toBe(18);
    expect(ageOn('2008-11-23', today)).toBe(17);
  });

  it('refuses a birth date in the future and an owner under 18', () => {
    expect(messages([{ ...validOwner, birthDate: '2027-01-01' }])).toContain('owners.0.birthDate:validation.birthDateFuture');
    expect(messages([{ ...validOwner, birthDate: '2008-11-23' }])).toContain('owners.0.birthDate:validation.ownerAge');
  });

  it('refuses percentages outside 0–100, a lone 0 %, a total above 100 % and nobody at 25 %', () => {
    expect(messages([{ ...validOwner, ownership: 101 }])).toContain('owners.0.ownership:validation.percentageRange');
    expect(ownersIssues([{ ownership: 0, role: 'partner' }])).toContain('validation.singleOwnerZero');
    expect(
      ownersIssues([
        { ownership: 60, role: 'partner' },
        { ownership: 50, role: 'partner' },
      ]),
    ).toContain('validation.ownershipOver100');
    expect(
      ownersIssues([
        { ownership: 20, role: 'partner' },
        { ownership: 20, role: 'founder' },
      ]),
    ).toEqual(['validation.ownershipThreshold']);
  });

  it('needs a beneficial owner among the roles (a legal representative alone is not one)', () => {
    expect(ownersIssues([{ ownership: 30, role: 'legalRepresentative' }])).toEqual(['validation.beneficialOwnerRequired']);
    expect(ownersIssues([{ ownership: 30, role: 'founder' }])).toEqual([]);
  });

  it('refuses a company formed in the US and hostile extra fields', () => {
    expect(boiReportFormSchema(today).safeParse({ company: { ...company, formationCountry: 'US' }, owners: [validOwner] }).success).toBe(false);
    expect(boiReportFormSchema(today).safeParse({ company, owners: [{ ...validOwner, __proto__: { admin: true }, extra: 1 }] }).success).toBe(false);
  });
});
