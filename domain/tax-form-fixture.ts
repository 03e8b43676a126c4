import type { TaxFormData } from './tax-form';

/** A complete, valid tax form for tests (a Brazilian owner's single-member LLC), with `overrides`. */
export const completeTaxForm = (overrides: Partial<TaxFormData> = {}): TaxFormData => ({
  taxYear: 2025,
  companyType: 'LLC',
  realEstateOrBusinessInvestments: false,
  partners: [{ name: 'Ana Souza', percentage: 100, address: 'Rua Augusta 100, São Paulo, Brasil', taxId: undefined, usResident: false }],
  companyName: 'Acme Digital LLC',
  usState: 'WY',
  ein: '12-3456789',
  mainActivity: 'Software development',
  activityCode: '541511',
  creationDate: '2024-03-01',
  digitalAssets: false,
  countryTaxId: '123.456.789-09',
  taxResidenceCountry: 'BR',
  countriesWorkedFrom: ['BR'],
  nationality: 'BR',
  capitalTransactions: [],
  profits: { income: 12_000_00, expenses: 3_000_00, salariesAndFreelancersPayments: 0, rent: 0 },
  ...overrides,
});
