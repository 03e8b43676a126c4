import type { CompanyDetail } from '@domain/company';
import type { CapitalTransaction, Profits, TaxFormData, TaxInfoRecord } from '@domain/tax-form';

/** The form's values while being filled in: any of them may still be missing or invalid. */
export type TaxFormValues = Partial<TaxFormData>;

interface Known {
  companyName: string | null;
  /** The year's figures from the books on this device. */
  books: { profits: Profits; capitalTransactions: CapitalTransaction[] } | null;
  /** GET /companies/{id}, when online. */
  detail?: CompanyDetail;
  /** The owner's tax-info record (GET /tk-info), when online and saved before. */
  taxInfo?: TaxInfoRecord | null;
}

/**
 * What Alta already knows, as the form's starting values: the company's name, type, state,
 * formation date and EIN, its partners (never their SSN/ITIN: the API only shows its last
 * digits, so the owner types it), the owner's tax-info record (their last form's residence
 * answers) or else the first partner's country as residence, and the year's profits and owner
 * movements from the books (the owner confirms or overrides them).
 */
export function prefilledValues({ companyName, books, detail, taxInfo }: Known): TaxFormValues {
  const values = companyValues({ companyName, books, detail });
  if (!taxInfo) return values;
  const { nationality, taxResidenceCountry, countryTaxId, countriesWorkedFrom } = taxInfo;
  return { ...values, nationality, taxResidenceCountry, countryTaxId, countriesWorkedFrom };
}

function companyValues({ companyName, books, detail }: Known): TaxFormValues {
  const values: TaxFormValues = { capitalTransactions: [] };
  if (companyName) values.companyName = companyName;
  if (books) {
    values.profits = books.profits;
    values.capitalTransactions = books.capitalTransactions;
  }
  if (!detail) return values;
  if (detail.type === 'LLC' || detail.type === 'C-Corp') values.companyType = detail.type;
  values.companyName = detail.name;
  if (detail.state) values.usState = detail.state;
  if (detail.constitutionDate) values.creationDate = detail.constitutionDate;
  const ein = detail.details?.ein;
  if (typeof ein === 'string') values.ein = ein;
  if (detail.partners.length > 0) {
    values.partners = detail.partners.map((partner) => ({
      name: `${partner.firstName} ${partner.lastName}`,
      percentage: partner.ownership,
      address: [partner.addressLine1, partner.addressLine2, partner.city, partner.stateOrProvince, partner.postalCode, partner.country].filter(Boolean).join(', '),
      taxId: undefined,
      usResident: partner.country === 'US',
    }));
    const country = detail.partners[0]!.country;
    values.nationality = country;
    values.taxResidenceCountry = country;
    values.countriesWorkedFrom = [country];
  }
  return values;
}
