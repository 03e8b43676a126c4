import { z } from 'zod';
import { einSchema, textMin2 } from './company';
import { minimumOwnerAge, ownershipDisclosureThreshold } from './constants';
import { isBankingAvailable } from './countries';
import { countryCodeSchema } from './country-schemas';
import { monthsBefore, yearsBefore } from './days';
import { storedFileSchema } from './files';
import { isActivityCode } from './naics';
import {
  kybBeneficialRoles,
  kybControlRoles,
  kybDocumentTypes,
  kybEntityTypes,
  kybOwnerRoles,
  kybProofOfAddressTypes,
  kybSourcesOfFunds,
  kybTransactionLimits,
} from './kyb-terms';
import { phoneSchema } from './phone';

/**
 * The company's KYB (SPEC §2 "KYB form", §3 KYB and Owner, §5 KYB, §9 limits): step 0 is the
 * start page, then company information (1), owners and documentation (2), account setup (3).
 * The wizard checks each step with its schema; the server checks the whole form with
 * `kybFormSchema(today)` before it accepts a submission, which can never change afterwards.
 * Cross Border Crypto companies give the basic crypto KYB instead (legal name, registration
 * country). Rules that depend on the day take it as `today` (YYYY-MM-DD) so server and
 * browser agree and tests can fix it.
 */

// The choices the form offers, apart from the schemas, so the form paints without zod (decision 078).
export {
  kybBeneficialRoles,
  kybCompanyDocuments,
  kybControlRoles,
  kybDocumentTypes,
  kybEntityTypes,
  kybOptionalDocuments,
  kybOwnerRoles,
  kybProofOfAddressTypes,
  kybSourcesOfFunds,
  kybTransactionLimits,
  type KybCompanyDocument,
  type KybOwnerRole,
} from './kyb-terms';
import { isoDateSchema } from './field-schemas';

/** An uploaded KYB file as the form keeps it: JPG, PNG or PDF (SPEC §5). */
export const kybFileSchema = storedFileSchema.refine(
  (file) => /\.(jpe?g|png|pdf)$/i.test(file.name) && /^(image\/(jpeg|png)|application\/pdf)$/.test(file.contentType),
  {
    error: 'validation.fileTypeNotAllowed',
  },
);
export type KybFile = z.infer<typeof kybFileSchema>;

const required = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' || value === null ? undefined : value), schema);
const optionalText = (max: number, message = 'validation.tooLong') =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), z.string().trim().max(max, { error: message }).optional());

/** SPEC §5: address lines up to 35 letters, digits, spaces and . , - / */
const addressLine = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(35, { error: 'kyb.validation.addressLine' })
  .regex(/^[\p{L}\d .,\-/]+$/u, { error: 'kyb.validation.addressLine' });

/** A PO box or a virtual (mail-forwarding) address, in English, Spanish or Portuguese. */
export const isPoBoxOrVirtual = (line: string) =>
  /\b(p\.?\s*o\.?\s*box|post\s+office\s+box|apartado(\s+postal)?|casilla(\s+de\s+correo)?|caixa\s+postal|virtual\s+(office|address)|mailbox|pmb)\b/i.test(line);

export const kybAddressSchema = z.strictObject({
  addressLine1: addressLine,
  addressLine2: z.preprocess((value) => (value === '' || value === null ? undefined : value), addressLine.optional()),
  city: textMin2(80),
  state: textMin2(80),
  country: countryCodeSchema,
  zip: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/, { error: 'kyb.validation.zip' }),
});

const physicalAddressSchema = kybAddressSchema.superRefine((address, ctx) => {
  for (const field of ['addressLine1', 'addressLine2'] as const) {
    if (address[field] && isPoBoxOrVirtual(address[field])) ctx.addIssue({ code: 'custom', path: [field], message: 'kyb.validation.poBox' });
  }
});

/** Step 1: company information. */
export const kybCompanyStepSchema = z.strictObject({
  legalName: textMin2(120),
  dba: optionalText(120).refine((value) => value === undefined || value.length >= 2, { error: 'validation.min2' }),
  incorporationDate: isoDateSchema,
  entityType: z.enum(kybEntityTypes, { error: 'validation.required' }),
  phone: phoneSchema,
  website: optionalText(200).refine((value) => value === undefined || /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]{2,}$/i.test(value), {
    error: 'kyb.validation.website',
  }),
  /** EIN: exactly 9 digits (SPEC §5), shown as XX-XXXXXXX. */
  ein: einSchema,
  naicsCode: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .refine(isActivityCode, { error: 'validation.activityCode' }),
  operatingCountries: z
    .array(countryCodeSchema, { error: 'kyb.validation.operatingCountries' })
    .min(1, { error: 'kyb.validation.operatingCountries' })
    .max(250),
  sourceOfFunds: z.enum(kybSourcesOfFunds, { error: 'validation.required' }),
  description: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .max(500, { error: 'validation.descriptionTooLong' })
    .regex(/^[\p{L}\d ,.-]+$/u, { error: 'kyb.validation.description' }),
  physicalAddress: physicalAddressSchema,
  sameAsMailing: z.boolean({ error: 'validation.required' }),
  mailingAddress: kybAddressSchema.optional(),
});

export const kybOwnerSchema = z.strictObject({
  firstName: textMin2(60),
  lastName: textMin2(60),
  nationality: countryCodeSchema,
  birthDate: isoDateSchema,
  documentType: z.enum(kybDocumentTypes, { error: 'validation.required' }),
  documentNumber: textMin2(40),
  role: z.enum(kybOwnerRoles, { error: 'validation.required' }),
  /** 0 to 100 with at most two decimals (SPEC §5). */
  ownership: required(z.number({ error: 'validation.required' }).min(0, { error: 'kyb.validation.ownership' }).max(100, { error: 'kyb.validation.ownership' })),
  address: kybAddressSchema,
  residenceCountry: countryCodeSchema,
  phone: phoneSchema,
  identityDocument: kybFileSchema,
  proofOfAddress: kybFileSchema,
  proofOfAddressType: z.enum(kybProofOfAddressTypes, { error: 'validation.required' }),
  /** The date the proof of address was issued: less than 3 months before the submission. */
  proofOfAddressDate: isoDateSchema,
});

/** Step 2: owners and documentation. */
export const kybOwnersStepSchema = z.strictObject({
  owners: z.array(kybOwnerSchema, { error: 'kyb.validation.owners' }).min(1, { error: 'kyb.validation.owners' }).max(20, { error: 'validation.tooLong' }),
  documents: z.strictObject(
    {
      incorporationDocument: kybFileSchema,
      shareholdingCertificate: kybFileSchema,
      proofOfAddress: kybFileSchema,
      taxIdDocument: kybFileSchema,
      bankStatement1: kybFileSchema,
      bankStatement2: kybFileSchema.optional(),
      bankStatement3: kybFileSchema.optional(),
    },
    { error: 'validation.required' },
  ),
  /** The issue date of the company's proof of address. */
  proofOfAddressDate: isoDateSchema,
});

/** Step 3: account setup. */
export const kybAccountStepSchema = z.strictObject({
  /** Index into `kybTransactionLimits`. */
  transactionLimit: required(
    z
      .int({ error: 'validation.required' })
      .min(0, { error: 'validation.required' })
      .max(kybTransactionLimits.length - 1, { error: 'validation.required' }),
  ),
  termsAccepted: z.literal(true, { error: 'validation.acceptTerms' }),
});

export const kybStepSchemas = { 1: kybCompanyStepSchema, 2: kybOwnersStepSchema, 3: kybAccountStepSchema } as const;

const kybShape = z.strictObject({ ...kybCompanyStepSchema.shape, ...kybOwnersStepSchema.shape, ...kybAccountStepSchema.shape });
export type KybForm = z.infer<typeof kybShape>;

export interface KybIssue {
  path: (string | number)[];
  message: string;
}

/**
 * The SPEC §5 KYB rules across fields and against the day: dates not in the future, owners
 * 18 or older, ownership totals, the 25 % holder, control and beneficial roles, proofs of
 * address under 3 months, the mailing address when it differs, and SPEC §1 residences.
 */
export function kybIssues(form: Partial<KybForm>, today: string): KybIssue[] {
  const issues: KybIssue[] = [];
  if (form.incorporationDate && form.incorporationDate > today) issues.push({ path: ['incorporationDate'], message: 'kyb.validation.future' });
  if (form.sameAsMailing === false && !form.mailingAddress) issues.push({ path: ['mailingAddress', 'addressLine1'], message: 'validation.required' });
  const recent = monthsBefore(today, 3);
  if (form.proofOfAddressDate && (form.proofOfAddressDate > today || form.proofOfAddressDate < recent))
    issues.push({ path: ['proofOfAddressDate'], message: 'kyb.validation.proofOfAddressAge' });
  const owners = form.owners ?? [];
  const adult = yearsBefore(today, minimumOwnerAge);
  owners.forEach((owner, index) => {
    if (owner.birthDate > today) issues.push({ path: ['owners', index, 'birthDate'], message: 'kyb.validation.future' });
    else if (owner.birthDate > adult) issues.push({ path: ['owners', index, 'birthDate'], message: 'kyb.validation.ownerAge' });
    if (owner.proofOfAddressDate > today || owner.proofOfAddressDate < recent)
      issues.push({ path: ['owners', index, 'proofOfAddressDate'], message: 'kyb.validation.proofOfAddressAge' });
    if (!isBankingAvailable(owner.residenceCountry))
      issues.push({ path: ['owners', index, 'residenceCountry'], message: 'validation.bankingUnavailableCountry' });
    if (Math.round(owner.ownership * 100) !== owner.ownership * 100)
      issues.push({ path: ['owners', index, 'ownership'], message: 'validation.ownershipDecimals' });
  });
  if (owners.length === 1 && owners[0]!.ownership === 0) issues.push({ path: ['owners', 0, 'ownership'], message: 'kyb.validation.singleOwnerZero' });
  if (owners.length > 0) {
    const total = owners.reduce((sum, owner) => sum + Math.round(owner.ownership * 100), 0);
    if (total > 10_000) issues.push({ path: ['owners'], message: 'kyb.validation.ownershipTotal' });
    if (!owners.some((owner) => owner.ownership >= ownershipDisclosureThreshold)) issues.push({ path: ['owners'], message: 'kyb.validation.threshold' });
    if (!owners.some((owner) => kybControlRoles.includes(owner.role))) issues.push({ path: ['owners'], message: 'kyb.validation.controlPerson' });
    if (!owners.some((owner) => kybBeneficialRoles.includes(owner.role))) issues.push({ path: ['owners'], message: 'kyb.validation.beneficialOwner' });
  }
  return issues;
}

const withDayRules = <T extends z.ZodType<Partial<KybForm>>>(schema: T, today: string) =>
  schema.superRefine((form, ctx) => {
    for (const issue of kybIssues(form, today)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

/** One step's schema with the day rules that concern its fields. */
export const kybStepSchema = (step: 1 | 2 | 3, today: string) => withDayRules(kybStepSchemas[step] as z.ZodType<Partial<KybForm>>, today);

/** The whole KYB as the server accepts it on `today`. */
export const kybFormSchema = (today: string) => withDayRules(kybShape, today) as unknown as z.ZodType<KybForm>;

/** SPEC §3 basic crypto KYB for Cross Border Crypto companies. */
export const cryptoKybSchema = z
  .strictObject({
    legalName: textMin2(120),
    registrationCountry: countryCodeSchema,
  })
  .refine((form) => isBankingAvailable(form.registrationCountry), { path: ['registrationCountry'], error: 'validation.bankingUnavailableCountry' });
