import { z } from 'zod';
import { personNameSchema, phoneSchema } from './account';
import { companyNameSchema, textMin2, type CompanyType } from './company';
import { minimumOwnerAge, ownershipDisclosureThreshold } from './constants';
import { countryCodeSchema, usStateCodes } from './countries';

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

const percentageSchema = z
  .number({ error: 'validation.required' })
  .min(0, { error: 'validation.percentageRange' })
  .max(100, { error: 'validation.percentageRange' });

/** One beneficial owner (SPEC §3 Owner); `today` decides the age rule. */
export const beneficialOwnerSchema = (today: string) =>
  z.strictObject({
    firstName: personNameSchema,
    lastName: personNameSchema,
    nationality: countryCodeSchema,
    birthDate: z.iso
      .date({ error: 'validation.invalidDate' })
      .refine((value) => value <= today, { error: 'validation.birthDateFuture', abort: true })
      .refine((value) => ageOn(value, today) >= minimumOwnerAge, { error: 'validation.ownerAge' }),
    documentType: z.enum(identityDocumentTypes, { error: 'validation.required' }),
    documentNumber: textMin2(40),
    role: z.enum(ownerRoles, { error: 'validation.required' }),
    ownership: percentageSchema,
    addressLine1: textMin2(120),
    addressLine2: z.string().trim().max(120, { error: 'validation.tooLong' }).default(''),
    city: textMin2(80),
    stateOrProvince: textMin2(80),
    postalCode: textMin2(12),
    residenceCountry: countryCodeSchema,
    phone: phoneSchema,
  });
export type BeneficialOwner = z.infer<ReturnType<typeof beneficialOwnerSchema>>;

const hundredths = (value: number) => Math.round(value * 100);

/**
 * SPEC §5 owner rules over the whole list: a single owner cannot hold 0 %; the total is not above
 * 100 %; someone holds at least the disclosure threshold (25 %); there is a control person and a
 * beneficial owner (who may be the same person). Each issue names the list (`path` given).
 */
export function ownersIssues(owners: readonly Pick<BeneficialOwner, 'ownership' | 'role'>[]): string[] {
  const issues: string[] = [];
  if (owners.some((owner) => !percentageSchema.safeParse(owner.ownership).success)) return issues;
  if (owners.length === 1 && owners[0]!.ownership === 0) issues.push('validation.singleOwnerZero');
  if (owners.reduce((sum, owner) => sum + hundredths(owner.ownership), 0) > 10_000) issues.push('validation.ownershipOver100');
  if (!owners.some((owner) => owner.ownership >= ownershipDisclosureThreshold)) issues.push('validation.ownershipThreshold');
  if (!owners.some((owner) => controlRoles.includes(owner.role))) issues.push('validation.controlPersonRequired');
  if (!owners.some((owner) => beneficialRoles.includes(owner.role))) issues.push('validation.beneficialOwnerRequired');
  return issues;
}

/** The company part of the report of a foreign reporting company. */
export const boiCompanySchema = z.strictObject({
  legalName: companyNameSchema,
  formationCountry: countryCodeSchema.refine((code) => code !== 'US', { error: 'validation.foreignFormation' }),
  /** The US state where it first registered to do business. */
  registrationState: z.enum(usStateCodes as [string, ...string[]], { error: 'validation.required' }),
  /** EIN (9 digits) or the tax id of the country of formation. */
  taxId: textMin2(30),
});

/** The whole report as a foreign reporting company submits it; `today` decides the owners' ages. */
export const boiReportFormSchema = (today: string) =>
  z.strictObject({
    company: boiCompanySchema,
    owners: z
      .array(beneficialOwnerSchema(today), { error: 'validation.required' })
      .min(1, { error: 'validation.ownersRequired' })
      .max(50, { error: 'validation.tooLong' })
      .superRefine((owners, ctx) => {
        for (const message of ownersIssues(owners)) ctx.addIssue({ code: 'custom', path: [], message });
      }),
  });
export type BoiReportForm = z.infer<ReturnType<typeof boiReportFormSchema>>;

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
