import { z } from 'zod';
import { centsSchema } from './bookkeeping';
import { companyNameSchema, einSchema, ownershipSchema, ownershipTotal, taxIdSchema, textMin2 } from './company';
import { countryCodeSchema, usStateSchema } from './country-schemas';
import { isActivityCode } from './naics';
import { type ReturnKind } from './tax-deadlines';
import { taxYearSchema } from './tax-form-draft';
import { capitalTransactionCategories } from './tax-figures';

// The year's figures from the books, apart from the schemas, so the tax form paints without zod (decision 078).
export {
  blockingTransactions,
  capitalTransactionCategories,
  capitalTransactionsFromTransactions,
  profitsFromTransactions,
  reminderVariant,
  type CapitalTransactionCategory,
} from './tax-figures';
import { isoDateSchema } from './field-schemas';

/**
 * The IRS tax form of SPEC §3 (`taxFormData`, `isCompleted`) and its rules (SPEC §5: amounts
 * 0 or more; partners' percentages 1 to 100 summing to 100). The wizard validates each
 * step with the step's schema, the server validates the whole form with `taxFormDataSchema`
 * before it accepts a sent declaration. Money is integer cents, like the books.
 */

/** A year's amount in cents: 0 or more (SPEC §5). */
export const taxAmountSchema = centsSchema({ nonNegative: true, missing: 'validation.required' });

export const taxFormPartnerSchema = z.strictObject({
  name: textMin2(120),
  percentage: ownershipSchema,
  address: textMin2(240),
  /** SSN or ITIN, XXX-XX-XXXX; optional (a foreign partner often has neither). */
  taxId: taxIdSchema,
  usResident: z.boolean({ error: 'validation.required' }),
});

export const taxFormPartnersSchema = z
  .array(taxFormPartnerSchema, { error: 'validation.partnersRequired' })
  .min(1, { error: 'validation.partnersRequired' })
  .max(100, { error: 'validation.tooLong' })
  .superRefine((partners, ctx) => {
    if (partners.some((partner) => !ownershipSchema.safeParse(partner.percentage).success)) return;
    if (ownershipTotal(partners.map((partner) => ({ ownership: partner.percentage }))) !== 100)
      ctx.addIssue({ code: 'custom', path: [], message: 'validation.ownershipTotal' });
  });

/** Money moved between the company and its owners (Form 5472 Part V for a disregarded entity). */
export const capitalTransactionSchema = z.strictObject({
  category: z.enum(capitalTransactionCategories, { error: 'validation.required' }),
  amountCents: taxAmountSchema,
  date: isoDateSchema,
});
export type CapitalTransaction = z.infer<typeof capitalTransactionSchema>;

export const profitsSchema = z.strictObject({
  income: taxAmountSchema,
  expenses: taxAmountSchema,
  salariesAndFreelancersPayments: taxAmountSchema,
  rent: taxAmountSchema,
});
export type Profits = z.infer<typeof profitsSchema>;

const activityCodeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .refine(isActivityCode, { error: 'validation.activityCode' });

const taxFormShape = z.strictObject({
  taxYear: taxYearSchema,
  companyType: z.enum(['LLC', 'C-Corp'], { error: 'validation.required' }),
  realEstateOrBusinessInvestments: z.boolean({ error: 'validation.required' }),
  partners: taxFormPartnersSchema,
  companyName: companyNameSchema,
  usState: usStateSchema,
  ein: einSchema,
  mainActivity: textMin2(200),
  activityCode: activityCodeSchema,
  creationDate: isoDateSchema,
  digitalAssets: z.boolean({ error: 'validation.required' }),
  /** The owner's tax id in their country of tax residence. */
  countryTaxId: textMin2(40),
  taxResidenceCountry: countryCodeSchema,
  countriesWorkedFrom: z
    .array(countryCodeSchema, { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(50, { error: 'validation.tooLong' }),
  nationality: countryCodeSchema,
  capitalTransactions: z.array(capitalTransactionSchema).max(200, { error: 'validation.tooLong' }),
  profits: profitsSchema,
});

/** The whole tax form, as sent (SPEC §3 `taxFormData`). */
export const taxFormDataSchema = taxFormShape.superRefine((form, ctx) => {
  if (form.creationDate.slice(0, 4) > String(form.taxYear))
    ctx.addIssue({ code: 'custom', path: ['creationDate'], message: 'validation.creationAfterTaxYear' });
});
export type TaxFormData = z.infer<typeof taxFormDataSchema>;

// A step checks its own fields of the whole form the wizard holds, so other fields pass through.
const stepShape = z.object(taxFormShape.shape);

/** The wizard's steps and the sub-step of step 1 (SPEC §3 client state: step 1, substep 'substep1'). */
export const taxFormStepSchemas = {
  /** Step 1, substep 1: the company. */
  company: stepShape.pick({
    companyType: true,
    companyName: true,
    usState: true,
    ein: true,
    creationDate: true,
    mainActivity: true,
    activityCode: true,
    realEstateOrBusinessInvestments: true,
    digitalAssets: true,
  }),
  /** Step 1, substep 2: the partners. */
  partners: stepShape.pick({ partners: true }),
  /** Step 2: the owner's tax residence. */
  residence: stepShape.pick({ countryTaxId: true, taxResidenceCountry: true, countriesWorkedFrom: true, nationality: true }),
  /** Step 3: the year's money. */
  money: stepShape.pick({ profits: true, capitalTransactions: true }),
};

/**
 * The owner's tax-info record (SPEC §7 `POST/GET /tk-info`): step 2 of the form, kept for the
 * person so the next form (another year, another company) starts from it. Same rules as the form.
 */
export const taxInfoRecordSchema = taxFormShape.pick({ nationality: true, taxResidenceCountry: true, countryTaxId: true, countriesWorkedFrom: true });
export type TaxInfoRecord = z.infer<typeof taxInfoRecordSchema>;

/** GET /tk-info: the record, with when it was last saved; null before the first form. */
export const taxInfoAnswerSchema = z.object({ record: taxInfoRecordSchema.extend({ updatedAt: z.string() }).nullable() });
export type TaxInfoAnswer = z.infer<typeof taxInfoAnswerSchema>;

/** PUT /api/v1/accounting/drafts/{id} (SPEC §7: taxFormData, isCompleted; plus the company it is about). */
export const taxFormDraftUpdateSchema = z.strictObject({
  companyId: z.uuid({ error: 'validation.invalid' }),
  taxFormData: z
    .record(z.string().max(200), z.unknown())
    .refine((data) => taxYearSchema.safeParse(data.taxYear).success, { error: 'validation.invalid', path: ['taxYear'] }),
  isCompleted: z.boolean(),
});

/** GET/PUT /api/v1/accounting/drafts/{id}: the tax-form draft as the REST API shows it. */
export const taxFormDraftViewSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  taxFormData: z.record(z.string(), z.unknown()),
  isCompleted: z.boolean(),
  updatedAt: z.string(),
});
export type TaxFormDraftView = z.infer<typeof taxFormDraftViewSchema>;

/** GET /accounting/tax-documents/{id}: a company's sent declarations, newest year first, each with its return's forms and PDF address. */
export const taxDocumentsSchema = z.object({
  items: z.array(z.object({ year: z.int(), sentAt: z.string(), forms: z.array(z.string()), url: z.string() })),
});
export type TaxDocument = z.infer<typeof taxDocumentsSchema>['items'][number];

const returnStandingSchema = z.enum(['due', 'extension', 'overdue']);

/**
 * GET /accounting/tax-info/{id}: a company's return for last year — its forms and deadlines,
 * where it stands while unsent (`standing`; `daysRemaining` to `nextDeadline`, or negative days
 * since `deadline` once overdue), the Form 7004 that gives the extended deadline, the IRS
 * penalty for a missing Form 5472, and when it was sent. A company that did not exist last
 * year owes none: `firstReturn` says which year it first declares and by when.
 */
export const returnFactsSchema = z.object({
  companyId: z.uuid(),
  taxYear: z.int(),
  kind: z.enum(['llcSingleMember', 'llcMultiPartner', 'cCorp']).nullable(),
  forms: z.array(z.string()),
  deadline: z.string().nullable(),
  extendedDeadline: z.string().nullable(),
  nextDeadline: z.string().nullable(),
  daysRemaining: z.int().nullable(),
  standing: returnStandingSchema.nullable(),
  /** Form 7004: its code for the return, filed by `fileBy` (the return's deadline) to reach `extendedDeadline`. */
  extension: z.object({ formCode: z.enum(['09', '12']), fileBy: z.string(), extendedDeadline: z.string() }).nullable(),
  /** IRC §6038A(d): dollars per Form 5472 and year not filed on time; null without a Form 5472. */
  penaltyUsd: z.int().nullable(),
  sentAt: z.string().nullable(),
  firstReturn: z.object({ taxYear: z.int(), forms: z.array(z.string()), deadline: z.string(), extendedDeadline: z.string() }).nullable(),
});
export type ReturnFacts = z.infer<typeof returnFactsSchema>;

const pendingGroupSchema = z.object({ companiesCount: z.int().min(0), companyName: z.string().nullable() });
/**
 * The group's most urgent return: overdue first. `daysRemaining` counts to `deadline`, negative
 * once overdue; `standing` `extension` means the deadline holds only with Form 7004 filed in time;
 * `penaltyUsd` the IRS penalty per missing Form 5472 and year when one is among the forms.
 */
const deadlineDataSchema = z
  .object({ deadline: z.string(), daysRemaining: z.int(), standing: returnStandingSchema, penaltyUsd: z.int().nullable() })
  .nullable();

/** GET /api/v1/tax-forms/pending (SPEC §3 pending declarations result). */
export const pendingDeclarationsSchema = z.object({
  llcMultiPartnerResult: pendingGroupSchema,
  llcSingleMemberOrCcorpResult: pendingGroupSchema,
  llcMultiPartnerDeadlineData: deadlineDataSchema,
  llcSoloPartnerOrCCorpDeadlineData: deadlineDataSchema,
});
export type PendingDeclarations = z.infer<typeof pendingDeclarationsSchema>;

/** One company whose declaration is still to send, with where it stands (`standingOn`). */
export interface PendingDeclaration {
  companyName: string;
  kind: ReturnKind;
  deadline: string;
  daysRemaining: number;
  standing: z.infer<typeof returnStandingSchema>;
  penaltyUsd: number | null;
}

/** The SPEC result from the pending companies: per group the count, the name when exactly one, and the most urgent return (the longest overdue, else the nearest deadline). */
export function pendingDeclarationsResult(pending: readonly PendingDeclaration[]): PendingDeclarations {
  const group = (list: readonly PendingDeclaration[]) => ({ companiesCount: list.length, companyName: list.length === 1 ? list[0]!.companyName : null });
  const nearest = (list: readonly PendingDeclaration[]) => {
    const first = [...list].sort((a, b) => a.daysRemaining - b.daysRemaining)[0];
    return first ? { deadline: first.deadline, daysRemaining: first.daysRemaining, standing: first.standing, penaltyUsd: first.penaltyUsd } : null;
  };
  const multi = pending.filter((item) => item.kind === 'llcMultiPartner');
  const solo = pending.filter((item) => item.kind !== 'llcMultiPartner');
  return {
    llcMultiPartnerResult: group(multi),
    llcSingleMemberOrCcorpResult: group(solo),
    llcMultiPartnerDeadlineData: nearest(multi),
    llcSoloPartnerOrCCorpDeadlineData: nearest(solo),
  };
}
