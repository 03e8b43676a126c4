import type { KybFile, KybForm } from './kyb';

/** A stored KYB file for tests: a PDF under `kyb/` (one fixed key: the domain rules do not look it up). */
export const kybTestFile = (name: string): KybFile => ({
  key: 'kyb/11111111-1111-1111-1111-111111111111/22222222-2222-2222-2222-222222222222.pdf',
  name,
  size: 1000,
  contentType: 'application/pdf',
});

/** A KYB that passes every rule on 2026-11-22 (its files made by `file`). */
export const validKyb = (file: (name: string) => KybFile = kybTestFile): KybForm => ({
  legalName: 'Andes Labs LLC',
  dba: 'Andes',
  incorporationDate: '2025-03-01',
  entityType: 'llc',
  phone: '+5491155551234',
  website: 'https://andes.example.com',
  ein: '12-3456789',
  naicsCode: '812990',
  operatingCountries: ['AR', 'US'],
  sourceOfFunds: 'revenue',
  description: 'Software services, consulting and support.',
  physicalAddress: { addressLine1: 'Av. Corrientes 1234', city: 'Buenos Aires', state: 'CABA', country: 'AR', zip: '1043' },
  sameAsMailing: true,
  owners: [
    {
      firstName: 'Ana',
      lastName: 'Pérez',
      nationality: 'AR',
      birthDate: '1990-05-04',
      documentType: 'passport',
      documentNumber: 'AAB123456',
      role: 'ultimateBeneficialOwner',
      ownership: 100,
      address: { addressLine1: 'Av. Corrientes 1234', city: 'Buenos Aires', state: 'CABA', country: 'AR', zip: '1043' },
      residenceCountry: 'AR',
      phone: '+5491155551234',
      identityDocument: file('passport.pdf'),
      proofOfAddress: file('bill.pdf'),
      proofOfAddressType: 'utilityBill',
      proofOfAddressDate: '2026-10-01',
    },
  ],
  documents: {
    incorporationDocument: file('articles.pdf'),
    shareholdingCertificate: file('shares.pdf'),
    proofOfAddress: file('lease.pdf'),
    taxIdDocument: file('ein.pdf'),
    bankStatement1: file('statement.pdf'),
  },
  proofOfAddressDate: '2026-09-30',
  transactionLimit: 1,
  termsAccepted: true,
});
