import { describe, expect, it } from 'vitest';
import { createCompanyWizardSchema, crossBorderCryptoWizardSchema, migrateCompanyWizardSchema } from '@domain/company-wizard';
import { firstInvalidStep, orderWizardInput, validateStep } from './wizard-checks';
import { formPathOfServerField, liveOwnershipTotal, parseOwnership, stepOfPath, wizardSteps } from './wizard-steps';
import {
  emptyPartner,
  emptyValues,
  type CreateCompanyValues,
  type CrossBorderCryptoValues,
  type MigrateCompanyValues,
  type PartnerValues,
} from './wizard-values';

const partner = (overrides: Partial<PartnerValues> = {}): PartnerValues => ({
  ...emptyPartner(),
  firstName: 'Lucía',
  lastName: 'Gómez',
  ownership: '100',
  isDirector: true,
  addressLine1: 'Av. Corrientes 1234',
  city: 'Buenos Aires',
  stateOrProvince: 'CABA',
  country: 'AR',
  postalCode: 'C1043',
  ...overrides,
});

const owner = { firstName: 'Lucía', lastName: 'Gómez', email: 'lucia@example.com', phoneCountry: 'AR', phone: '11 2345 6789' };

function filledCreateCompany(): CreateCompanyValues {
  return {
    owner,
    company: { nameOption1: 'Andes Digital', nameOption2: 'Andes Labs', type: 'LLC', industry: 'software', industryOther: '', state: 'WY' },
    services: { speed: 'priorityProcessing', extras: ['einWithoutSsn'] },
    partners: [partner()],
    plan: { plan: 'standard', billing: 'annual' },
  };
}

describe('create-company steps', () => {
  it('follows SPEC §2: your info, company info, type, industry, state, services, partners, plan', () => {
    expect(wizardSteps.createCompany).toEqual(['owner', 'names', 'type', 'industry', 'state', 'services', 'partners', 'plan']);
  });

  it('flags a wrong phone on the same Continue as the other wrong fields of your info', () => {
    const values = { ...filledCreateCompany(), owner: { ...owner, firstName: '', email: 'lucia@', phone: '123' } };
    expect(validateStep('createCompany', 'owner', values)).toEqual({
      'owner.firstName': 'validation.required',
      'owner.email': 'validation.email',
      'owner.phone': 'validation.phone',
    });
  });

  it('reports every missing field of a blank step, and only that step', () => {
    const blank = emptyValues('createCompany', 'AR');
    expect(validateStep('createCompany', 'owner', blank)).toEqual({
      'owner.firstName': 'validation.required',
      'owner.lastName': 'validation.required',
      'owner.email': 'validation.required',
      'owner.phone': 'validation.required',
    });
    expect(validateStep('createCompany', 'names', blank)).toEqual({
      'company.nameOption1': 'validation.required',
      'company.nameOption2': 'validation.required',
    });
    expect(validateStep('createCompany', 'type', blank)).toEqual({ 'company.type': 'validation.required' });
    expect(validateStep('createCompany', 'state', blank)).toEqual({ 'company.state': 'validation.required' });
    expect(validateStep('createCompany', 'services', blank)).toEqual({});
    expect(validateStep('createCompany', 'plan', blank)).toEqual({ 'plan.plan': 'validation.required' });
    expect(firstInvalidStep('createCompany', blank)).toBe(0);
  });

  it('applies the SPEC §5 rules: two different names of 2+ characters, a phone of the chosen country, a custom industry', () => {
    const values = filledCreateCompany();
    expect(validateStep('createCompany', 'names', { ...values, company: { ...values.company, nameOption1: 'A' } })).toEqual({
      'company.nameOption1': 'validation.min2',
    });
    expect(validateStep('createCompany', 'names', { ...values, company: { ...values.company, nameOption2: ' andes digital ' } })).toEqual({
      'company.nameOption2': 'validation.companyNamesDistinct',
    });
    expect(validateStep('createCompany', 'owner', { ...values, owner: { ...owner, phoneCountry: 'US' } })).toEqual({ 'owner.phone': 'validation.phone' });
    expect(validateStep('createCompany', 'owner', { ...values, owner: { ...owner, email: 'lucia@' } })).toEqual({ 'owner.email': 'validation.email' });
    expect(validateStep('createCompany', 'industry', { ...values, company: { ...values.company, industry: 'other', industryOther: '' } })).toEqual({
      'company.industryOther': 'validation.required',
    });
    expect(
      validateStep('createCompany', 'industry', { ...values, company: { ...values.company, industry: 'other', industryOther: 'Coffee roasting' } }),
    ).toEqual({});
  });

  it('refuses partners whose ownership adds up to 99 or 101, accepts exactly 100', () => {
    const values = filledCreateCompany();
    const withShares = (...shares: string[]) => ({ ...values, partners: shares.map((ownership) => partner({ ownership })) });
    expect(validateStep('createCompany', 'partners', withShares('50', '49'))).toEqual({ partners: 'validation.ownershipTotal' });
    expect(validateStep('createCompany', 'partners', withShares('50', '51'))).toEqual({ partners: 'validation.ownershipTotal' });
    expect(validateStep('createCompany', 'partners', withShares('50', '50'))).toEqual({});
    expect(validateStep('createCompany', 'partners', withShares('33,33', '33.33', '33.34'))).toEqual({});
    expect(validateStep('createCompany', 'partners', withShares('100', '0'))).toEqual({ 'partners.1.ownership': 'validation.ownershipRange' });
    expect(validateStep('createCompany', 'partners', withShares(''))).toEqual({ 'partners.0.ownership': 'validation.required' });
  });

  it('checks each partner field and the SSN/ITIN format', () => {
    const values = { ...filledCreateCompany(), partners: [partner({ city: 'B', country: '', taxId: '123-45-678' })] };
    expect(validateStep('createCompany', 'partners', values)).toEqual({
      'partners.0.city': 'validation.min2',
      'partners.0.country': 'validation.required',
      'partners.0.taxId': 'validation.ssnItin',
    });
    expect(validateStep('createCompany', 'partners', { ...values, partners: [partner({ taxId: '123-45-6789' })] })).toEqual({});
  });

  it('builds the order wizard the server schema accepts, without the industry text when not "other"', () => {
    const values = filledCreateCompany();
    values.company.industryOther = 'left over from an earlier choice';
    const parsed = createCompanyWizardSchema.parse(orderWizardInput('createCompany', values));
    expect(parsed.company.industryOther).toBeUndefined();
    expect(parsed.partners[0]!.ownership).toBe(100);
    expect(firstInvalidStep('createCompany', values)).toBe(-1);
  });
});

describe('ownership input', () => {
  it('reads decimals with a comma or a dot and refuses anything else', () => {
    expect(parseOwnership('33,5')).toBe(33.5);
    expect(parseOwnership(' 40 ')).toBe(40);
    for (const bad of ['', 'abc', '1e2', '-5', '10%', '1.2.3']) expect(parseOwnership(bad), bad).toBeNaN();
  });

  it('keeps a live total exact to the hundredth, counting only typed shares', () => {
    expect(liveOwnershipTotal([{ ownership: '33.33' }, { ownership: '33,33' }, { ownership: '33.34' }])).toBe(100);
    expect(liveOwnershipTotal([{ ownership: '60' }, { ownership: '' }])).toBe(60);
    expect(liveOwnershipTotal([{ ownership: '0.1' }, { ownership: '0.2' }])).toBe(0.3);
    expect(liveOwnershipTotal([])).toBe(0);
  });
});

describe('migrate-company steps', () => {
  const filled = (): MigrateCompanyValues => ({
    owner,
    company: {
      existingCompanyName: 'Pampa Trading',
      formationDate: '2023-05-10',
      type: 'C-Corp',
      industry: 'importExport',
      industryOther: '',
      originKind: 'us',
      originState: 'FL',
      originCountry: 'MX',
      ein: '12-3456789',
      documents: ['einLetter', 'operatingAgreement'],
    },
    services: { speed: 'none', extras: [] },
    partners: [partner()],
    plan: { plan: 'professional', billing: 'monthly' },
  });

  it('asks where the company is registered, then the state or the country (never the US as a foreign country)', () => {
    const values = filled();
    expect(validateStep('migrateCompany', 'origin', { ...values, company: { ...values.company, originKind: '' } })).toEqual({
      'company.originKind': 'validation.required',
    });
    expect(validateStep('migrateCompany', 'origin', { ...values, company: { ...values.company, originState: '' } })).toEqual({
      'company.originState': 'validation.required',
    });
    expect(validateStep('migrateCompany', 'origin', { ...values, company: { ...values.company, originKind: 'abroad', originCountry: '' } })).toEqual({
      'company.originCountry': 'validation.required',
    });
    expect(validateStep('migrateCompany', 'origin', { ...values, company: { ...values.company, originKind: 'abroad', originCountry: 'US' } })).toEqual({
      'company.originCountry': 'validation.migrationOrigin',
    });
    expect(validateStep('migrateCompany', 'origin', values)).toEqual({});
  });

  it('takes an optional EIN and sends only the chosen origin', () => {
    const values = filled();
    expect(validateStep('migrateCompany', 'documents', { ...values, company: { ...values.company, ein: '12-345' } })).toEqual({
      'company.ein': 'validation.ein',
    });
    expect(validateStep('migrateCompany', 'documents', { ...values, company: { ...values.company, ein: '' } })).toEqual({});
    const parsed = migrateCompanyWizardSchema.parse(orderWizardInput('migrateCompany', values));
    expect(parsed.company).toMatchObject({
      originState: 'FL',
      originCountry: undefined,
      ein: '12-3456789',
      documents: [{ kind: 'einLetter' }, { kind: 'operatingAgreement' }],
    });
    expect(firstInvalidStep('migrateCompany', values)).toBe(-1);
  });

  it('asks when the company was formed, optionally, on the company step, and sends it with the order', () => {
    const values = filled();
    expect(validateStep('migrateCompany', 'migrationCompany', { ...values, company: { ...values.company, formationDate: '2023-02-30' } })).toEqual({
      'company.formationDate': 'validation.invalidDate',
    });
    expect(validateStep('migrateCompany', 'migrationCompany', { ...values, company: { ...values.company, formationDate: '' } })).toEqual({});
    expect(migrateCompanyWizardSchema.parse(orderWizardInput('migrateCompany', values)).company.formationDate).toBe('2023-05-10');
    expect(
      migrateCompanyWizardSchema.parse(orderWizardInput('migrateCompany', { ...values, company: { ...values.company, formationDate: '' } })).company
        .formationDate,
    ).toBeUndefined();
  });
});

describe('cross-border crypto steps', () => {
  const filled = (residenceCountry: string): CrossBorderCryptoValues => ({
    owner,
    business: { legalName: 'Andes Crypto SA', registrationCountry: 'AR' },
    residenceCountry,
    services: { speed: 'none' },
    plan: { plan: 'standard', billing: 'monthly' },
  });

  it('stops residents of the SPEC §1 countries at the residence step', () => {
    for (const country of ['VE', 'RU', 'NG', 'CD', 'CG', 'PS']) {
      expect(validateStep('crossBorderCrypto', 'residence', filled(country)), country).toEqual({ residenceCountry: 'validation.bankingUnavailableCountry' });
    }
    expect(validateStep('crossBorderCrypto', 'residence', filled('AR'))).toEqual({});
    expect(crossBorderCryptoWizardSchema.safeParse(orderWizardInput('crossBorderCrypto', filled('AR'))).success).toBe(true);
    expect(firstInvalidStep('crossBorderCrypto', filled('IR'))).toBe(2);
  });
});

describe('server errors', () => {
  it('maps the order answer fields to the step showing them', () => {
    expect(formPathOfServerField('wizard.partners')).toBe('partners');
    expect(formPathOfServerField('plan')).toBe('plan.plan');
    expect(stepOfPath('createCompany', 'partners')).toBe(6);
    expect(stepOfPath('createCompany', 'company.nameOption2')).toBe(1);
    expect(stepOfPath('migrateCompany', 'company.documents.0.kind')).toBe(4);
    expect(stepOfPath('crossBorderCrypto', 'residenceCountry')).toBe(2);
    expect(stepOfPath('crossBorderCrypto', 'plan.plan')).toBe(3);
    expect(stepOfPath('createCompany', 'couponCode')).toBe(-1);
  });
});
