import type { CompanyDetail } from '@domain/company-views';
import type { CapitalTransaction, Profits, TaxFormData, TaxInfoRecord } from '@domain/tax-form';
import { fetchCompanyDetail, fetchTaxCountry, fetchTaxInfo } from './api/tax-form-api';

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
  /** The owner's tax residence country (GET /tk-info/country), when online and known. */
  taxCountry?: string | null;
}

/**
 * What Alta already knows, as the form's starting values: the company's name, type, state,
 * formation date and EIN, its partners (never their SSN/ITIN: the API only shows its last
 * digits, so the owner types it), the owner's tax-info record (their last form's residence
 * answers) or else the first partner's country as residence, the owner's own tax residence
 * country (their partner entry, decision 035) before it, and the year's profits and owner
 * movements from the books (the owner confirms or overrides them).
 */
export function prefilledValues({ companyName, books, detail, taxInfo, taxCountry }: Known): TaxFormValues {
  const values = companyValues({ companyName, books, detail });
  if (taxInfo) {
    const { nationality, taxResidenceCountry, countryTaxId, countriesWorkedFrom } = taxInfo;
    return { ...values, nationality, taxResidenceCountry, countryTaxId, countriesWorkedFrom };
  }
  return taxCountry ? { ...values, taxResidenceCountry: taxCountry } : values;
}

/**
 * What the API knows of the form's answers (the company's details, the owner's tax-info record
 * and tax residence country, asked at once), as pre-filled values; null when none answered.
 */
export async function knownValues(companyId: string, companyName: string | null, signal: AbortSignal): Promise<TaxFormValues | null> {
  const [detail, taxInfo, taxCountry] = await Promise.all([
    fetchCompanyDetail(companyId, signal).catch(() => undefined),
    fetchTaxInfo().catch(() => null),
    fetchTaxCountry(signal).catch(() => null),
  ]);
  if (!detail && !taxInfo && !taxCountry) return null;
  return prefilledValues({ companyName, books: null, detail, taxInfo, taxCountry });
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
      address: [partner.addressLine1, partner.addressLine2, partner.city, partner.stateOrProvince, partner.postalCode, partner.country]
        .filter(Boolean)
        .join(', '),
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
