import { maskTaxId } from './tax-id';
import { describe, expect, it } from 'vitest';
import {
  companyInfoSchema,
  companyInfoStepSchemas,
  migrationSchema,
  ownershipTotal,
  partnerSchema,
  partnersSchema,
  taxIdSchema,
  type Partner,
} from './company';
import {
  createCompanyWizardSchema,
  crossBorderCryptoStepSchemas,
  crossBorderCryptoWizardSchema,
  migrateCompanyWizardSchema,
  ownerContactSchema,
  ownerPhoneSchema,
} from './company-wizard';
import { isPhoneOfCountry, toE164 } from './phone';

/** The first message of each field, as a form shows it. */
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
};

const partner = (overrides: Partial<Record<keyof Partner, unknown>> = {}) => ({
  firstName: 'María',
  lastName: 'González',
  ownership: 100,
  isDirector: true,
  addressLine1: 'Av. Corrientes 1234',
  addressLine2: '',
  city: 'Buenos Aires',
  stateOrProvince: 'CABA',
  country: 'AR',
  postalCode: 'C1043',
  taxId: '',
  ...overrides,
});

const companyInfo = (overrides: Record<string, unknown> = {}) => ({
  type: 'LLC',
  nameOption1: 'Andes Labs',
  nameOption2: 'Andes Labs Group',
  industry: 'technology',
  state: 'WY',
  ...overrides,
});

const owner = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'María',
  lastName: 'González',
  email: 'Maria@Example.com ',
  phoneCountry: 'AR',
  phone: '+54 9 11 5555-1234',
  ...overrides,
});

describe('company information', () => {
  it('accepts a complete LLC and a C-Corp', () => {
    expect(companyInfoSchema.safeParse(companyInfo()).success).toBe(true);
    expect(companyInfoSchema.safeParse(companyInfo({ type: 'C-Corp', state: 'de' })).data?.state).toBe('DE');
  });

  it('offers LLC and C-Corp only in the formation wizards', () => {
    expect(messages(companyInfoSchema.safeParse(companyInfo({ type: 'Cross Border Crypto' })))).toEqual({ type: 'validation.required' });
    expect(messages(companyInfoSchema.safeParse(companyInfo({ type: 'S-Corp' })))).toEqual({ type: 'validation.required' });
  });

  it('needs two name options of at least 2 characters', () => {
    expect(messages(companyInfoSchema.safeParse(companyInfo({ nameOption1: 'A' })))).toEqual({ nameOption1: 'validation.min2' });
    expect(messages(companyInfoSchema.safeParse(companyInfo({ nameOption2: '  ' })))).toEqual({ nameOption2: 'validation.required' });
    expect(messages(companyInfoSchema.safeParse(companyInfo({ nameOption2: undefined })))).toEqual({ nameOption2: 'validation.required' });
    expect(companyInfoSchema.safeParse(companyInfo({ nameOption1: 'AB', nameOption2: 'CD' })).success).toBe(true);
    expect(messages(companyInfoSchema.safeParse(companyInfo({ nameOption1: 'x'.repeat(121) })))).toEqual({ nameOption1: 'validation.tooLong' });
  });

  it('wants the second option to differ from the first', () => {
    expect(messages(companyInfoSchema.safeParse(companyInfo({ nameOption2: ' andes LABS ' })))).toEqual({
      nameOption2: 'validation.companyNamesDistinct',
    });
  });

  it('requires an industry, and the own words for other', () => {
    expect(messages(companyInfoSchema.safeParse(companyInfo({ industry: undefined })))).toEqual({ industry: 'validation.required' });
    expect(messages(companyInfoSchema.safeParse(companyInfo({ industry: 'other' })))).toEqual({ industryOther: 'validation.required' });
    expect(messages(companyInfoSchema.safeParse(companyInfo({ industry: 'other', industryOther: 'x' })))).toEqual({ industryOther: 'validation.min2' });
    expect(companyInfoSchema.safeParse(companyInfo({ industry: 'other', industryOther: 'Pet grooming' })).success).toBe(true);
  });

  it('takes the 50 states and DC only', () => {
    expect(companyInfoSchema.safeParse(companyInfo({ state: 'DC' })).success).toBe(true);
    expect(messages(companyInfoSchema.safeParse(companyInfo({ state: 'PR' })))).toEqual({ state: 'validation.usState' });
    expect(messages(companyInfoSchema.safeParse(companyInfo({ state: '' })))).toEqual({ state: 'validation.required' });
  });

  it('refuses unknown fields, prototype keys included', () => {
    const result = companyInfoSchema.safeParse({ ...companyInfo(), extra: 1, ['__proto__']: { admin: true } });
    expect(result.success).toBe(false);
    expect(JSON.parse(JSON.stringify(companyInfoSchema.safeParse(JSON.parse('{"__proto__":{"x":1},"type":"LLC"}')).error?.issues))).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'unrecognized_keys' })]),
    );
  });

  it('validates each step on its own', () => {
    expect(companyInfoStepSchemas.names.safeParse({ nameOption1: 'Andes', nameOption2: 'Andes' }).success).toBe(false);
    expect(companyInfoStepSchemas.names.safeParse({ nameOption1: 'Andes', nameOption2: 'Pampa' }).success).toBe(true);
    expect(companyInfoStepSchemas.type.safeParse({ type: 'C-Corp' }).success).toBe(true);
    expect(companyInfoStepSchemas.industry.safeParse({ industry: 'other', industryOther: '' }).success).toBe(false);
    expect(companyInfoStepSchemas.state.safeParse({ state: 'TX' }).success).toBe(true);
  });
});

describe('partners', () => {
  it('accepts a valid partner and normalises optional blanks', () => {
    const parsed = partnerSchema.parse(partner());
    expect(parsed.addressLine2).toBeUndefined();
    expect(parsed.taxId).toBeUndefined();
  });

  it('wants names of letters only, at least 2', () => {
    expect(messages(partnerSchema.safeParse(partner({ firstName: 'M' })))).toEqual({ firstName: 'validation.nameMin' });
    expect(messages(partnerSchema.safeParse(partner({ lastName: 'G0nzález' })))).toEqual({ lastName: 'validation.nameLetters' });
    expect(partnerSchema.safeParse(partner({ firstName: 'José María', lastName: "O'Neill-Souza" })).success).toBe(true);
  });

  it('takes ownership from 1 to 100 with at most two decimals', () => {
    for (const good of [1, 50, 33.33, 100]) expect(partnerSchema.safeParse(partner({ ownership: good })).success).toBe(true);
    expect(messages(partnerSchema.safeParse(partner({ ownership: 0 })))).toEqual({ ownership: 'validation.ownershipRange' });
    expect(messages(partnerSchema.safeParse(partner({ ownership: 0.5 })))).toEqual({ ownership: 'validation.ownershipRange' });
    expect(messages(partnerSchema.safeParse(partner({ ownership: 101 })))).toEqual({ ownership: 'validation.ownershipRange' });
    expect(messages(partnerSchema.safeParse(partner({ ownership: -5 })))).toEqual({ ownership: 'validation.ownershipRange' });
    expect(messages(partnerSchema.safeParse(partner({ ownership: 33.333 })))).toEqual({ ownership: 'validation.ownershipDecimals' });
    expect(messages(partnerSchema.safeParse(partner({ ownership: '50' })))).toEqual({ ownership: 'validation.required' });
    expect(messages(partnerSchema.safeParse(partner({ ownership: Number.NaN })))).toEqual({ ownership: 'validation.required' });
  });

  it('needs address line 1, city, state, country and postal code of at least 2 characters', () => {
    expect(messages(partnerSchema.safeParse(partner({ addressLine1: 'A' })))).toEqual({ addressLine1: 'validation.min2' });
    expect(messages(partnerSchema.safeParse(partner({ city: 'X' })))).toEqual({ city: 'validation.min2' });
    expect(messages(partnerSchema.safeParse(partner({ stateOrProvince: '' })))).toEqual({ stateOrProvince: 'validation.required' });
    expect(messages(partnerSchema.safeParse(partner({ postalCode: '1' })))).toEqual({ postalCode: 'validation.min2' });
    expect(messages(partnerSchema.safeParse(partner({ country: 'Argentina' })))).toEqual({ country: 'validation.country' });
    expect(partnerSchema.safeParse(partner({ addressLine2: 'Piso 3' })).data?.addressLine2).toBe('Piso 3');
  });

  it('takes an optional SSN or ITIN as XXX-XX-XXXX', () => {
    expect(taxIdSchema.parse('123-45-6789')).toBe('123-45-6789');
    expect(taxIdSchema.parse('912-70-1234')).toBe('912-70-1234');
    expect(taxIdSchema.parse('')).toBeUndefined();
    expect(taxIdSchema.parse(undefined)).toBeUndefined();
    for (const bad of ['123456789', '123-456-789', '12-345-6789', 'abc-de-fghi', '123-45-678', '123-45-67890', ' 123-45-6789x']) {
      expect(messages(taxIdSchema.safeParse(bad))).toEqual({ '': 'validation.ssnItin' });
    }
  });

  it('requires at least one partner', () => {
    expect(messages(partnersSchema.safeParse([]))).toEqual({ '': 'validation.partnersRequired' });
  });

  it('requires ownership summing to exactly 100', () => {
    const split = (...shares: number[]) => shares.map((ownership) => partner({ ownership }));
    expect(partnersSchema.safeParse(split(100)).success).toBe(true);
    expect(partnersSchema.safeParse(split(60, 40)).success).toBe(true);
    expect(partnersSchema.safeParse(split(33.33, 33.33, 33.34)).success).toBe(true);
    expect(messages(partnersSchema.safeParse(split(59, 40)))).toEqual({ '': 'validation.ownershipTotal' });
    expect(messages(partnersSchema.safeParse(split(99)))).toEqual({ '': 'validation.ownershipTotal' });
    expect(messages(partnersSchema.safeParse(split(61, 40)))).toEqual({ '': 'validation.ownershipTotal' });
    expect(messages(partnersSchema.safeParse(split(101)))).toEqual({ '0.ownership': 'validation.ownershipRange' });
    expect(messages(partnersSchema.safeParse(split(100, 0)))).toEqual({ '1.ownership': 'validation.ownershipRange' });
    expect(messages(partnersSchema.safeParse(split(33.33, 33.33, 33.33)))).toEqual({ '': 'validation.ownershipTotal' });
  });

  it('sums ownership exactly', () => {
    expect(ownershipTotal([{ ownership: 33.33 }, { ownership: 33.33 }, { ownership: 33.34 }])).toBe(100);
    expect(ownershipTotal([{ ownership: 0.1 }, { ownership: 0.2 }])).toBe(0.3);
  });

  it('shows only the last four digits of an SSN or ITIN', () => {
    expect(maskTaxId('123-45-6789')).toBe('***-**-6789');
    expect(maskTaxId(null)).toBeNull();
  });
});

describe("owner's contact", () => {
  it('accepts a phone valid for its country, international or national', () => {
    expect(ownerContactSchema.safeParse(owner()).success).toBe(true);
    expect(ownerContactSchema.safeParse(owner({ phoneCountry: 'BR', phone: '(11) 91234-5678' })).success).toBe(true);
    expect(ownerContactSchema.safeParse(owner({ phoneCountry: 'US', phone: '+1 212 555 0123' })).success).toBe(true);
    expect(ownerContactSchema.parse(owner()).email).toBe('maria@example.com');
  });

  it('refuses a phone of another country or an invalid number', () => {
    expect(messages(ownerContactSchema.safeParse(owner({ phoneCountry: 'MX' })))).toEqual({ phone: 'validation.phone' });
    expect(messages(ownerContactSchema.safeParse(owner({ phone: '+54 12' })))).toEqual({ phone: 'validation.phone' });
    expect(messages(ownerContactSchema.safeParse(owner({ phone: 'call me' })))).toEqual({ phone: 'validation.phone' });
    expect(messages(ownerContactSchema.safeParse(owner({ phone: '' })))).toEqual({ phone: 'validation.required' });
    expect(isPhoneOfCountry('+54 9 11 5555-1234', 'AQ')).toBe(false);
  });

  it('checks the phone alone, whatever the other fields hold', () => {
    expect(messages(ownerPhoneSchema.safeParse(owner({ firstName: '', email: 'maria@', phone: '123' })))).toEqual({ phone: 'validation.phone' });
    expect(ownerPhoneSchema.safeParse(owner({ firstName: '' })).success).toBe(true);
  });

  it('normalises the phone to E.164', () => {
    expect(toE164('(11) 91234-5678', 'BR')).toBe('+5511912345678');
    expect(toE164('+54 9 11 5555-1234', 'AR')).toBe('+5491155551234');
    expect(toE164('12', 'AR')).toBeUndefined();
  });

  it('needs valid names and email', () => {
    expect(messages(ownerContactSchema.safeParse(owner({ firstName: '' })))).toEqual({ firstName: 'validation.required' });
    expect(messages(ownerContactSchema.safeParse(owner({ email: 'maria@' })))).toEqual({ email: 'validation.email' });
  });
});

describe('migration', () => {
  const migration = (overrides: Record<string, unknown> = {}) => ({
    type: 'LLC',
    existingCompanyName: 'Pampa Trading LLC',
    industry: 'ecommerce',
    originState: 'FL',
    documents: [{ kind: 'articlesOfOrganization', fileName: 'articles.pdf' }],
    ...overrides,
  });

  it('accepts a US company with its origin state, or a foreign one with its country', () => {
    expect(migrationSchema.safeParse(migration()).success).toBe(true);
    expect(migrationSchema.safeParse(migration({ originState: undefined, originCountry: 'mx' })).data?.originCountry).toBe('MX');
    expect(migrationSchema.parse(migration({ documents: undefined })).documents).toEqual([]);
  });

  it('needs exactly one origin, and a US company has a state instead of the country US', () => {
    expect(messages(migrationSchema.safeParse(migration({ originState: '' })))).toEqual({ originState: 'validation.migrationOrigin' });
    expect(messages(migrationSchema.safeParse(migration({ originCountry: 'MX' })))).toEqual({ originState: 'validation.migrationOrigin' });
    expect(messages(migrationSchema.safeParse(migration({ originState: undefined, originCountry: 'US' })))).toEqual({
      originCountry: 'validation.migrationOrigin',
    });
  });

  it('needs the existing name and known document kinds', () => {
    expect(messages(migrationSchema.safeParse(migration({ existingCompanyName: 'P' })))).toEqual({ existingCompanyName: 'validation.min2' });
    expect(messages(migrationSchema.safeParse(migration({ documents: [{ kind: 'passport' }] })))).toEqual({ 'documents.0.kind': 'validation.required' });
  });

  it('accepts an optional EIN as XX-XXXXXXX (the dash added when left out) and refuses other shapes', () => {
    expect(migrationSchema.parse(migration({ ein: '' })).ein).toBeUndefined();
    expect(migrationSchema.parse(migration({ ein: '12-3456789' })).ein).toBe('12-3456789');
    expect(migrationSchema.parse(migration({ ein: ' 123456789 ' })).ein).toBe('12-3456789');
    for (const ein of ['12345678', '1234567890', '123-456789', 'AB-CDEFGHI', '12_3456789']) {
      expect(messages(migrationSchema.safeParse(migration({ ein }))), ein).toEqual({ ein: 'validation.ein' });
    }
  });

  it('takes the wizard as owner, company and partners', () => {
    expect(migrateCompanyWizardSchema.safeParse({ owner: owner(), company: migration(), partners: [partner()] }).success).toBe(true);
  });
});

describe('cross-border crypto', () => {
  const wizard = (overrides: Record<string, unknown> = {}) => ({
    owner: owner(),
    business: { legalName: 'Andes Crypto SA', registrationCountry: 'AR' },
    residenceCountry: 'AR',
    ...overrides,
  });

  it('accepts a resident of a country where banking is available', () => {
    expect(crossBorderCryptoWizardSchema.safeParse(wizard()).success).toBe(true);
  });

  it('refuses residents of the SPEC §1 countries at the country step', () => {
    for (const country of ['VE', 'CD', 'CG', 'RU', 'NG']) {
      expect(messages(crossBorderCryptoStepSchemas.residence.safeParse({ residenceCountry: country }))).toEqual({
        residenceCountry: 'validation.bankingUnavailableCountry',
      });
      expect(messages(crossBorderCryptoWizardSchema.safeParse(wizard({ residenceCountry: country })))).toEqual({
        residenceCountry: 'validation.bankingUnavailableCountry',
      });
    }
  });

  it('needs the legal name and registration country', () => {
    expect(messages(crossBorderCryptoWizardSchema.safeParse(wizard({ business: { legalName: 'A', registrationCountry: 'ZZ' } })))).toEqual({
      'business.legalName': 'validation.min2',
      'business.registrationCountry': 'validation.country',
    });
  });
});

describe('create-company wizard', () => {
  it('accepts the whole wizard and refuses a bad partner split', () => {
    const wizard = { owner: owner(), company: companyInfo(), partners: [partner({ ownership: 50 }), partner({ ownership: 50, isDirector: false })] };
    expect(createCompanyWizardSchema.safeParse(wizard).success).toBe(true);
    expect(messages(createCompanyWizardSchema.safeParse({ ...wizard, partners: [partner({ ownership: 50 })] }))).toEqual({
      partners: 'validation.ownershipTotal',
    });
  });
});
