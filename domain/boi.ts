import { z } from 'zod';
import type { CompanyType } from './company';

/**
 * The BOI report (Corporate Transparency Act, decision 029). Since FinCEN's interim final rule
 * of March 2025, companies formed in the United States ("domestic reporting companies") are
 * exempt; companies formed under a foreign country's law and registered to do business in a US
 * state ("foreign reporting companies") still report their beneficial owners, except those who
 * are US persons. The owner rules are SPEC §5's (KYB owners).
 */

/** The date the exemption of domestic companies took effect (FinCEN interim final rule, 2025-03-26 publication). */
export const boiDomesticExemptionDate = '2025-03-26';

export type BoiRequirement = 'required' | 'exempt' | 'notApplicable';

/**
 * Whether a company must report: a Cross Border Crypto account is no US entity; a company
 * migrated from another country (origin country set) is a foreign reporting company; every
 * LLC or C-Corp formed in a US state is a domestic one, exempt.
 */
export function boiRequirement(company: { type: CompanyType; migrated: boolean; originCountry: string | null }): BoiRequirement {
  if (company.type === 'Cross Border Crypto') return 'notApplicable';
  if (company.migrated && company.originCountry !== null && company.originCountry !== 'US') return 'required';
  return 'exempt';
}

export const identityDocumentTypes = ['passport', 'nationalIdentityCard', 'driverLicense'] as const;
/** SPEC §3 Owner company roles. */
export const ownerRoles = ['ultimateBeneficialOwner', 'partner', 'director', 'legalRepresentative', 'administrator', 'founder'] as const;
export type OwnerRole = (typeof ownerRoles)[number];
/** SPEC §5: roles that make someone a control person, and roles that make them a beneficial owner. */
export const controlRoles: readonly OwnerRole[] = ['director', 'administrator', 'founder', 'partner', 'legalRepresentative', 'ultimateBeneficialOwner'];
export const beneficialRoles: readonly OwnerRole[] = ['ultimateBeneficialOwner', 'partner', 'director', 'founder'];

/** Age in whole years on `today` (both YYYY-MM-DD). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** A beneficial owner as Alta already knows them (a partner of the company). */
export const knownOwnerSchema = z.object({ firstName: z.string(), lastName: z.string(), ownership: z.number(), isDirector: z.boolean(), country: z.string() });

export const boiStatuses = ['notStarted', 'submitted', 'filed'] as const;

/** GET /boi-report: each of the caller's companies with its requirement, owners and report. */
export const boiCompanyReportSchema = z.object({
  companyId: z.uuid(),
  companyName: z.string(),
  type: z.string(),
  relation: z.enum(['owner', 'teammate']),
  requirement: z.enum(['required', 'exempt', 'notApplicable']),
  status: z.enum(boiStatuses),
  submittedAt: z.string().nullable(),
  filedAt: z.string().nullable(),
  knownOwners: z.array(knownOwnerSchema),
  form: z.unknown().nullable(),
  /** Prefill for a new form: the company's name and formation country. */
  formationCountry: z.string().nullable(),
});
export type BoiCompanyReport = z.infer<typeof boiCompanyReportSchema>;
