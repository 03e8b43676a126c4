import { z } from 'zod';
import { ageOn, beneficialRoles, controlRoles, identityDocumentTypes, ownerRoles } from './boi';
import { companyNameSchema, textMin2 } from './company';
import { minimumOwnerAge, ownershipDisclosureThreshold } from './constants';
import { usStateCodes } from './countries';
import { countryCodeSchema } from './country-schemas';
import { phoneSchema } from './phone';
import { personNameSchema } from './field-schemas';

/**
 * The BOI report's form (decision 029, SPEC §5 owner rules): apart from `boi.ts` because each
 * owner has a phone (`phone.ts`), which only the report's form and the server check.
 */

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
