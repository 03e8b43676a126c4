import { describe, expect, it } from 'vitest';
import { monthsBefore } from './days';
import { cryptoKybSchema, isPoBoxOrVirtual, kybFormSchema, kybStepSchema } from './kyb';
import { kybTestFile, validKyb } from './kyb-fixture';

const today = '2026-11-22';
const file = kybTestFile;

const errorsOf = (form: unknown) => {
  const parsed = kybFormSchema(today).safeParse(form);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('KYB rules (SPEC §5)', () => {
  it('accepts a complete form', () => {
    expect(errorsOf(validKyb())).toEqual({});
  });

  it('wants the EIN as exactly 9 digits', () => {
    expect(errorsOf({ ...validKyb(), ein: '12-345678' })).toMatchObject({ ein: 'validation.ein' });
    expect(errorsOf({ ...validKyb(), ein: '1234567890' })).toMatchObject({ ein: 'validation.ein' });
    expect(errorsOf({ ...validKyb(), ein: '123456789' })).toEqual({});
  });

  it('limits the description to 500 letters, digits, spaces, commas, periods and hyphens', () => {
    expect(errorsOf({ ...validKyb(), description: 'a'.repeat(500) })).toEqual({});
    expect(errorsOf({ ...validKyb(), description: 'a'.repeat(501) })).toMatchObject({ description: 'validation.descriptionTooLong' });
    expect(errorsOf({ ...validKyb(), description: 'Crypto & more!' })).toMatchObject({ description: 'kyb.validation.description' });
  });

  it('limits address lines to 35 characters of its set, and refuses PO boxes and virtual addresses', () => {
    const address = validKyb().physicalAddress;
    expect(errorsOf({ ...validKyb(), physicalAddress: { ...address, addressLine1: 'A'.repeat(36) } })).toMatchObject({
      'physicalAddress.addressLine1': 'kyb.validation.addressLine',
    });
    expect(errorsOf({ ...validKyb(), physicalAddress: { ...address, addressLine1: 'Main St #5' } })).toMatchObject({
      'physicalAddress.addressLine1': 'kyb.validation.addressLine',
    });
    expect(errorsOf({ ...validKyb(), physicalAddress: { ...address, addressLine1: 'P.O. Box 123' } })).toMatchObject({
      'physicalAddress.addressLine1': 'kyb.validation.poBox',
    });
    expect(isPoBoxOrVirtual('Caixa Postal 45')).toBe(true);
    expect(isPoBoxOrVirtual('Calle Boxeadores 12')).toBe(false);
  });

  it('needs a mailing address when it differs from the physical one', () => {
    expect(errorsOf({ ...validKyb(), sameAsMailing: false })).toMatchObject({ 'mailingAddress.addressLine1': 'validation.required' });
  });

  it('wants owners of 18 or more, born in the past', () => {
    const owner = validKyb().owners[0]!;
    expect(errorsOf({ ...validKyb(), owners: [{ ...owner, birthDate: '2008-11-22' }] })).toEqual({});
    expect(errorsOf({ ...validKyb(), owners: [{ ...owner, birthDate: '2008-11-23' }] })).toMatchObject({ 'owners.0.birthDate': 'kyb.validation.ownerAge' });
    expect(errorsOf({ ...validKyb(), owners: [{ ...owner, birthDate: '2026-11-23' }] })).toMatchObject({ 'owners.0.birthDate': 'kyb.validation.future' });
  });

  it('checks percentages: a single owner above 0, a total up to 100, someone at 25 % or more', () => {
    const owner = validKyb().owners[0]!;
    expect(errorsOf({ ...validKyb(), owners: [{ ...owner, ownership: 0 }] })).toMatchObject({ 'owners.0.ownership': 'kyb.validation.singleOwnerZero' });
    expect(errorsOf({ ...validKyb(), owners: [owner, { ...owner, ownership: 0.01 }] })).toMatchObject({ owners: 'kyb.validation.ownershipTotal' });
    expect(errorsOf({ ...validKyb(), owners: [{ ...owner, ownership: 24.99 }] })).toMatchObject({ owners: 'kyb.validation.threshold' });
    expect(errorsOf({ ...validKyb(), owners: [{ ...owner, ownership: 25 }] })).toEqual({});
    expect(errorsOf({ ...validKyb(), owners: [{ ...owner, ownership: 101 }] })).toMatchObject({ 'owners.0.ownership': 'kyb.validation.ownership' });
  });

  it('needs a beneficial owner (a legal representative alone is only a control person)', () => {
    const owner = validKyb().owners[0]!;
    expect(errorsOf({ ...validKyb(), owners: [{ ...owner, role: 'legalRepresentative' }] })).toMatchObject({ owners: 'kyb.validation.beneficialOwner' });
    expect(
      errorsOf({
        ...validKyb(),
        owners: [
          { ...owner, role: 'legalRepresentative', ownership: 0 },
          { ...owner, role: 'founder', ownership: 60 },
        ],
      }),
    ).toEqual({});
  });

  it('wants proofs of address under 3 months old', () => {
    expect(monthsBefore('2026-05-31', 3)).toBe('2026-02-28');
    expect(errorsOf({ ...validKyb(), proofOfAddressDate: '2026-08-22' })).toEqual({});
    expect(errorsOf({ ...validKyb(), proofOfAddressDate: '2026-08-21' })).toMatchObject({ proofOfAddressDate: 'kyb.validation.proofOfAddressAge' });
    const owner = validKyb().owners[0]!;
    expect(errorsOf({ ...validKyb(), owners: [{ ...owner, proofOfAddressDate: '2026-11-23' }] })).toMatchObject({
      'owners.0.proofOfAddressDate': 'kyb.validation.proofOfAddressAge',
    });
  });

  it('takes JPG, PNG or PDF files only, and requires bank statement 1 but not 2 or 3', () => {
    const documents = validKyb().documents;
    expect(errorsOf({ ...validKyb(), documents: { ...documents, bankStatement1: { ...file('x.docx'), contentType: 'application/msword' } } })).toMatchObject({
      'documents.bankStatement1': 'validation.fileTypeNotAllowed',
    });
    const { bankStatement1: _dropped, ...without } = documents;
    expect(errorsOf({ ...validKyb(), documents: without })).toHaveProperty('documents.bankStatement1');
  });

  it('refuses a resident of a SPEC §1 country, and needs a transaction limit and the terms', () => {
    const owner = validKyb().owners[0]!;
    expect(errorsOf({ ...validKyb(), owners: [{ ...owner, residenceCountry: 'VE' }] })).toMatchObject({
      'owners.0.residenceCountry': 'validation.bankingUnavailableCountry',
    });
    expect(errorsOf({ ...validKyb(), transactionLimit: 5 })).toHaveProperty('transactionLimit');
    expect(errorsOf({ ...validKyb(), termsAccepted: false })).toMatchObject({ termsAccepted: 'validation.acceptTerms' });
  });

  it('checks one step with only that step’s fields', () => {
    const {
      legalName,
      dba,
      incorporationDate,
      entityType,
      phone,
      website,
      ein,
      naicsCode,
      operatingCountries,
      sourceOfFunds,
      description,
      physicalAddress,
      sameAsMailing,
    } = validKyb();
    const step1 = {
      legalName,
      dba,
      incorporationDate,
      entityType,
      phone,
      website,
      ein,
      naicsCode,
      operatingCountries,
      sourceOfFunds,
      description,
      physicalAddress,
      sameAsMailing,
    };
    expect(kybStepSchema(1, today).safeParse(step1).success).toBe(true);
    expect(kybStepSchema(1, today).safeParse({ ...step1, operatingCountries: [] }).success).toBe(false);
  });

  it('takes the basic crypto KYB: legal name and registration country', () => {
    expect(cryptoKybSchema.safeParse({ legalName: 'Andes Crypto', registrationCountry: 'AR' }).success).toBe(true);
    expect(cryptoKybSchema.safeParse({ legalName: 'A', registrationCountry: 'AR' }).success).toBe(false);
    expect(cryptoKybSchema.safeParse({ legalName: 'Andes Crypto', registrationCountry: 'IR' }).success).toBe(false);
  });
});
