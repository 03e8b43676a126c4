import { z } from 'zod';
import type { OrderFlow } from '@domain/checkout';
import { companyInfoStepSchemas, migrationStepSchemas, partnersSchema } from '@domain/company';
import {
  createCompanyWizardSchema,
  crossBorderCryptoStepSchemas,
  crossBorderCryptoWizardSchema,
  migrateCompanyWizardSchema,
  ownerContactSchema,
  ownerPhoneSchema,
} from '@domain/company-wizard';
import { countryCodeSchema, usStateSchema } from '@domain/country-schemas';
import { planIds } from '@domain/plan-prices';
import { parseOwnership, wizardSteps, type StepId } from './wizard-steps';
import {
  originKinds,
  type CreateCompanyValues,
  type CrossBorderCryptoValues,
  type MigrateCompanyValues,
  type PartnerValues,
  type WizardValuesOf,
} from './wizard-values';

/**
 * The validation of each guest wizard's steps: each step checks its own fields with the
 * domain's step schemas (step-by-step validation), and the last one builds the order's
 * `wizard` and checks it whole with the schema the server uses. With zod and the phone rules,
 * this module is loaded when a step is first checked, not with the wizard (decision 076).
 */

/** A partner as the domain schema reads it. */
export const partnerInput = (partner: PartnerValues) => ({ ...partner, ownership: parseOwnership(partner.ownership) });

/** The order's `wizard` (before parsing) built from the values of a wizard. */
export function orderWizardInput<F extends OrderFlow>(flow: F, values: WizardValuesOf[F]): unknown {
  if (flow === 'createCompany') {
    const { owner, company, partners } = values as CreateCompanyValues;
    return {
      owner,
      company: { ...company, industryOther: company.industry === 'other' ? company.industryOther : '' },
      partners: partners.map(partnerInput),
    };
  }
  if (flow === 'migrateCompany') {
    const { owner, company, partners } = values as MigrateCompanyValues;
    const { originKind, documents, ...rest } = company;
    return {
      owner,
      company: {
        ...rest,
        industryOther: company.industry === 'other' ? company.industryOther : '',
        // Only the origin the visitor chose counts: a state typed before switching to "abroad" is not sent.
        originState: originKind === 'us' ? company.originState : '',
        originCountry: originKind === 'abroad' ? company.originCountry : '',
        documents: documents.map((kind) => ({ kind })),
      },
      partners: partners.map(partnerInput),
    };
  }
  const { owner, business, residenceCountry } = values as CrossBorderCryptoValues;
  return { owner, business, residenceCountry };
}

export const wizardSchemas = {
  createCompany: createCompanyWizardSchema,
  migrateCompany: migrateCompanyWizardSchema,
  crossBorderCrypto: crossBorderCryptoWizardSchema,
} as const;

interface Check<Values> {
  schema: z.ZodType;
  input: (values: Values) => unknown;
  /** Runs only when this says so (a rule that depends on an earlier answer). */
  when?: (values: Values) => boolean;
}

const under = (key: string, schema: z.ZodType) => z.object({ [key]: schema });

// The phone also on its own: every wrong field of "your info" shows on the same Continue.
const ownerChecks: Check<{ owner: unknown }>[] = [
  { schema: under('owner', ownerContactSchema), input: ({ owner }) => ({ owner }) },
  { schema: under('owner', ownerPhoneSchema), input: ({ owner }) => ({ owner }) },
];
const partnersCheck: Check<{ partners: PartnerValues[] }> = {
  schema: under('partners', partnersSchema),
  input: ({ partners }) => ({ partners: partners.map(partnerInput) }),
};
const planCheck: Check<{ plan: { plan: string } }> = {
  schema: under('plan', z.object({ plan: z.enum(planIds, { error: 'validation.required' }) })),
  input: ({ plan }) => ({ plan: { plan: plan.plan } }),
};
const pick = <T extends object, K extends keyof T>(value: T, keys: readonly K[]) => Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;

type Checks<Values> = Partial<Record<StepId, Check<Values>[]>>;

const createCompanyChecks: Checks<CreateCompanyValues> = {
  owner: ownerChecks,
  names: [{ schema: under('company', companyInfoStepSchemas.names), input: ({ company }) => ({ company: pick(company, ['nameOption1', 'nameOption2']) }) }],
  type: [{ schema: under('company', companyInfoStepSchemas.type), input: ({ company }) => ({ company: pick(company, ['type']) }) }],
  industry: [
    { schema: under('company', companyInfoStepSchemas.industry), input: ({ company }) => ({ company: pick(company, ['industry', 'industryOther']) }) },
  ],
  state: [{ schema: under('company', companyInfoStepSchemas.state), input: ({ company }) => ({ company: pick(company, ['state']) }) }],
  partners: [partnersCheck],
  plan: [planCheck],
};

const migrateCompanyChecks: Checks<MigrateCompanyValues> = {
  owner: ownerChecks,
  migrationCompany: [
    {
      schema: under('company', migrationStepSchemas.company),
      input: ({ company }) => ({ company: pick(company, ['existingCompanyName', 'type', 'formationDate']) }),
    },
  ],
  industry: [{ schema: under('company', migrationStepSchemas.industry), input: ({ company }) => ({ company: pick(company, ['industry', 'industryOther']) }) }],
  origin: [
    {
      schema: under('company', z.object({ originKind: z.enum(originKinds, { error: 'validation.required' }) })),
      input: ({ company }) => ({ company: pick(company, ['originKind']) }),
    },
    // The domain's origin rule (exactly one of state and country) as the two questions the
    // step asks: the state when the company is in the US, the country when it is abroad.
    {
      schema: under('company', z.object({ originState: usStateSchema })),
      when: ({ company }) => company.originKind === 'us',
      input: ({ company }) => ({ company: pick(company, ['originState']) }),
    },
    {
      schema: under('company', z.object({ originCountry: countryCodeSchema.refine((code) => code !== 'US', { error: 'validation.migrationOrigin' }) })),
      when: ({ company }) => company.originKind === 'abroad',
      input: ({ company }) => ({ company: pick(company, ['originCountry']) }),
    },
  ],
  documents: [
    {
      schema: under('company', migrationStepSchemas.documents),
      input: ({ company }) => ({ company: { ein: company.ein, documents: company.documents.map((kind) => ({ kind })) } }),
    },
  ],
  partners: [partnersCheck],
  plan: [planCheck],
};

const crossBorderCryptoChecks: Checks<CrossBorderCryptoValues> = {
  owner: ownerChecks,
  business: [{ schema: under('business', crossBorderCryptoStepSchemas.business), input: ({ business }) => ({ business }) }],
  residence: [{ schema: crossBorderCryptoStepSchemas.residence, input: ({ residenceCountry }) => ({ residenceCountry }) }],
  plan: [planCheck],
};

const checks: { [F in OrderFlow]: Checks<WizardValuesOf[F]> } = {
  createCompany: createCompanyChecks,
  migrateCompany: migrateCompanyChecks,
  crossBorderCrypto: crossBorderCryptoChecks,
};

/** Field path → i18n key. Only `validation.*` keys reach the page; anything else reads as invalid. */
export type StepErrors = Record<string, string>;

const asMessage = (message: string) => (message.startsWith('validation.') ? message : 'validation.invalid');

/** The first problem of each field of one step, e.g. `{ 'company.nameOption2': 'validation.companyNamesDistinct' }`. */
export function validateStep<F extends OrderFlow>(flow: F, step: StepId, values: WizardValuesOf[F]): StepErrors {
  const errors: StepErrors = {};
  for (const check of (checks[flow] as Checks<WizardValuesOf[F]>)[step] ?? []) {
    if (check.when && !check.when(values)) continue;
    const result = check.schema.safeParse(check.input(values));
    if (result.success) continue;
    for (const issue of result.error.issues) errors[issue.path.map(String).join('.')] ??= asMessage(issue.message);
  }
  return errors;
}

/** The first step (0-based) with a problem, or -1 when every step is valid. */
export function firstInvalidStep<F extends OrderFlow>(flow: F, values: WizardValuesOf[F]): number {
  return wizardSteps[flow].findIndex((step) => Object.keys(validateStep(flow, step, values)).length > 0);
}
