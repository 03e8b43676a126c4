import { z } from 'zod';
import { isBankingAvailable } from './countries';
import { countryCodeSchema, usStateSchema } from './country-schemas';
import { formationTypes, industries, migrationDocumentKinds, type Industry } from './company-terms';
import { isoDateSchema, personNameSchema } from './field-schemas';

/**
 * Company formation rules (SPEC §3 and §5): company information, partners, the owner's
 * contact, migration and cross-border crypto data. Each wizard step has its own schema
 * (`...StepSchemas`) and the whole wizard one schema the server validates the order with.
 * Messages are i18n keys of the `validation` namespace.
 */

export { bankingUnavailableResidence, companyStatuses, companyTypes, type CompanyStatus, type CompanyType, type Industry } from './company-terms';

/** Empty text and null mean "not given" for optional form fields. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** Trimmed text of at least 2 characters (SPEC §5: names, address lines, city, state, country, postal code). */
export const textMin2 = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .min(2, { error: 'validation.min2' })
    .max(max, { error: 'validation.tooLong' });

export const companyNameSchema = textMin2(120);

/** SSN or ITIN, XXX-XX-XXXX; optional (empty means not given). */
export const taxIdSchema = z.preprocess(
  blankToUndefined,
  z
    .string({ error: 'validation.ssnItin' })
    .trim()
    .regex(/^\d{3}-\d{2}-\d{4}$/, { error: 'validation.ssnItin' })
    .optional(),
);

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export type Check<T> = (value: T, ctx: z.RefinementCtx) => void;

/** The second name option is a fallback for the state's name check: it must differ from the first. */
const checkDistinctNames: Check<{ nameOption1: string; nameOption2: string }> = (value, ctx) => {
  if (sameName(value.nameOption1, value.nameOption2)) {
    ctx.addIssue({ code: 'custom', path: ['nameOption2'], message: 'validation.companyNamesDistinct' });
  }
};

/** 'other' needs the customer's own industry, at least 2 characters. */
const checkIndustryOther: Check<{ industry: Industry; industryOther?: string | undefined }> = (value, ctx) => {
  if (value.industry !== 'other') return;
  const text = value.industryOther ?? '';
  if (text.length === 0) ctx.addIssue({ code: 'custom', path: ['industryOther'], message: 'validation.required' });
  else if (text.length < 2) ctx.addIssue({ code: 'custom', path: ['industryOther'], message: 'validation.min2' });
};

const industryOtherSchema = z.preprocess(blankToUndefined, z.string().trim().max(100, { error: 'validation.tooLong' }).optional());

const companyInfoShape = z.strictObject({
  type: z.enum(formationTypes, { error: 'validation.required' }),
  nameOption1: companyNameSchema,
  nameOption2: companyNameSchema,
  industry: z.enum(industries, { error: 'validation.required' }),
  industryOther: industryOtherSchema,
  state: usStateSchema,
});

/** Company information of the create-company wizard: type, two name options, industry, state. */
export const companyInfoSchema = companyInfoShape.superRefine((value, ctx) => {
  checkDistinctNames(value, ctx);
  checkIndustryOther(value, ctx);
});

/** The create-company wizard's company steps, validated one at a time (step-by-step validation). */
export const companyInfoStepSchemas = {
  names: companyInfoShape.pick({ nameOption1: true, nameOption2: true }).superRefine(checkDistinctNames),
  type: companyInfoShape.pick({ type: true }),
  industry: companyInfoShape.pick({ industry: true, industryOther: true }).superRefine(checkIndustryOther),
  state: companyInfoShape.pick({ state: true }),
};

/** Ownership in percent: 1 to 100, at most two decimals (33.33 + 33.33 + 33.34 is a valid split). */
export const ownershipSchema = z
  .number({ error: 'validation.required' })
  .min(1, { error: 'validation.ownershipRange' })
  .max(100, { error: 'validation.ownershipRange' })
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { error: 'validation.ownershipDecimals' });

/** A partner (SPEC §3): name, ownership, director flag, address of residence and optional SSN/ITIN. */
export const partnerSchema = z.strictObject({
  firstName: personNameSchema,
  lastName: personNameSchema,
  ownership: ownershipSchema,
  isDirector: z.boolean({ error: 'validation.required' }),
  addressLine1: textMin2(120),
  addressLine2: z.preprocess(blankToUndefined, z.string().trim().max(120, { error: 'validation.tooLong' }).optional()),
  city: textMin2(80),
  stateOrProvince: textMin2(80),
  country: countryCodeSchema,
  postalCode: textMin2(12),
  taxId: taxIdSchema,
});
export type Partner = z.infer<typeof partnerSchema>;

/** Ownership percentages in hundredths, so sums are exact (no floating-point drift). */
const hundredths = (value: number) => Math.round(value * 100);

/** The sum of the partners' ownership in percent, exact to two decimals. */
export function ownershipTotal(partners: readonly { ownership: number }[]): number {
  return partners.reduce((sum, partner) => sum + hundredths(partner.ownership), 0) / 100;
}

/** Each partner valid and the ownership summing to exactly 100 %. */
export const partnersSchema = z
  .array(partnerSchema, { error: 'validation.partnersRequired' })
  .min(1, { error: 'validation.partnersRequired' })
  .max(100, { error: 'validation.tooLong' })
  .superRefine((partners, ctx) => {
    // Only a sum of valid shares is meaningful; a bad share already has its own message.
    if (partners.some((partner) => !ownershipSchema.safeParse(partner.ownership).success)) return;
    if (partners.reduce((sum, partner) => sum + hundredths(partner.ownership), 0) !== 10_000) {
      ctx.addIssue({ code: 'custom', path: [], message: 'validation.ownershipTotal' });
    }
  });

export const migrationDocumentSchema = z.strictObject({
  kind: z.enum(migrationDocumentKinds, { error: 'validation.required' }),
  fileKey: z.preprocess(blankToUndefined, z.string().max(500, { error: 'validation.tooLong' }).optional()),
  fileName: z.preprocess(blankToUndefined, z.string().trim().max(255, { error: 'validation.tooLong' }).optional()),
});

/** The IRS employer number of an existing company, XX-XXXXXXX (9 digits; the dash is added when left out). */
export const einSchema = z
  .string({ error: 'validation.ein' })
  .trim()
  .regex(/^\d{2}-?\d{7}$/, { error: 'validation.ein' })
  .transform((value) => (value.includes('-') ? value : `${value.slice(0, 2)}-${value.slice(2)}`));

const migrationShape = z.strictObject({
  type: z.enum(formationTypes, { error: 'validation.required' }),
  existingCompanyName: companyNameSchema,
  /** When the existing company was formed (optional): its first tax year, so Alta knows which returns it owes (domain/tax-deadlines.ts). */
  formationDate: z.preprocess(blankToUndefined, isoDateSchema.optional()),
  industry: z.enum(industries, { error: 'validation.required' }),
  industryOther: industryOtherSchema,
  /** Where the company exists today: a US state, or a country for a foreign company. */
  originState: z.preprocess(blankToUndefined, usStateSchema.optional()),
  originCountry: z.preprocess(blankToUndefined, countryCodeSchema.optional()),
  documents: z.array(migrationDocumentSchema).max(20, { error: 'validation.tooLong' }).default([]),
  /** The company's EIN when it already has one (optional: some migrating companies have none yet). */
  ein: z.preprocess(blankToUndefined, einSchema.optional()),
});

/** Exactly one origin: a US state, or a country other than the US (a US company has a state). */
const checkMigrationOrigin: Check<{ originState?: string | undefined; originCountry?: string | undefined }> = (value, ctx) => {
  const hasState = value.originState !== undefined;
  const hasCountry = value.originCountry !== undefined;
  if (hasState === hasCountry) ctx.addIssue({ code: 'custom', path: ['originState'], message: 'validation.migrationOrigin' });
  else if (value.originCountry === 'US') ctx.addIssue({ code: 'custom', path: ['originCountry'], message: 'validation.migrationOrigin' });
};

/** The migrate-company wizard's company data. */
export const migrationSchema = migrationShape.superRefine((value, ctx) => {
  checkMigrationOrigin(value, ctx);
  checkIndustryOther(value, ctx);
});

export const migrationStepSchemas = {
  company: migrationShape.pick({ type: true, existingCompanyName: true, formationDate: true }),
  industry: migrationShape.pick({ industry: true, industryOther: true }).superRefine(checkIndustryOther),
  origin: migrationShape.pick({ originState: true, originCountry: true }).superRefine(checkMigrationOrigin),
  documents: migrationShape.pick({ documents: true, ein: true }),
};

/** The basic crypto KYB of the cross-border crypto wizard: the business's legal name and registration country. */
export const cryptoBusinessSchema = z.strictObject({
  legalName: companyNameSchema,
  registrationCountry: countryCodeSchema,
});

/** Residence country of the cross-border crypto applicant: refused for the SPEC §1 countries. */
export const residenceCountrySchema = countryCodeSchema.refine(isBankingAvailable, { error: 'validation.bankingUnavailableCountry' });
