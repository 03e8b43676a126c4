import { isBankingAvailable } from './countries';

/**
 * The company vocabulary the wizards' screens show (types, statuses, industries, migration
 * documents) and the SPEC §1 banking rule on partners' residences, apart from the schemas of
 * `company.ts` (which re-exports them) so a screen that lists them does not load zod
 * (decision 076).
 */

export const companyTypes = ['LLC', 'C-Corp', 'Cross Border Crypto'] as const;
export type CompanyType = (typeof companyTypes)[number];

/** The types the create and migrate wizards offer; Cross Border Crypto has its own wizard. */
export const formationTypes = ['LLC', 'C-Corp'] as const satisfies readonly CompanyType[];

/** Company progress (SPEC §4), in order, plus Canceled. A paid order starts at Start. */
export const companyStatuses = [
  'Start',
  'RegisteredInState',
  'ObtainingEin',
  'ProvisionalEinLetterObtained',
  'BoiReport',
  'ReadyForBankAccount',
  'BankAccountProcessing',
  'Completed',
  'Canceled',
] as const;
export type CompanyStatus = (typeof companyStatuses)[number];

/** Industries of the industry step; 'other' asks for the customer's own words (`industryOther`). */
export const industries = [
  'technology',
  'software',
  'ecommerce',
  'consulting',
  'marketing',
  'finance',
  'crypto',
  'realEstate',
  'importExport',
  'logistics',
  'education',
  'health',
  'tourism',
  'entertainment',
  'manufacturing',
  'food',
  'other',
] as const;
export type Industry = (typeof industries)[number];

/** Documents a migrating company already has; files are uploaded through storage and referenced by key. */
export const migrationDocumentKinds = ['articlesOfOrganization', 'operatingAgreement', 'einLetter', 'certificateOfGoodStanding', 'boiReport', 'other'] as const;

/** SPEC §1: the first partner's residence whose residents cannot open digital banking, or null when banking is open to all. */
export function bankingUnavailableResidence(partners: readonly { country: string }[]): string | null {
  return partners.find((partner) => partner.country !== '' && !isBankingAvailable(partner.country))?.country ?? null;
}
