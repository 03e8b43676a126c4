import type { OrderFlow } from '@domain/order-flows';
import type { PartnerValues } from './wizard-values';

/**
 * The steps of each guest wizard (SPEC §2) and where each shows a field. Their validation is
 * `wizard-checks.ts`, loaded when a step is first checked (decision 076).
 */

export type StepId =
  'owner' | 'names' | 'type' | 'industry' | 'state' | 'services' | 'partners' | 'plan' | 'migrationCompany' | 'origin' | 'documents' | 'business' | 'residence';

export const wizardSteps = {
  createCompany: ['owner', 'names', 'type', 'industry', 'state', 'services', 'partners', 'plan'],
  migrateCompany: ['owner', 'migrationCompany', 'industry', 'origin', 'documents', 'services', 'partners', 'plan'],
  crossBorderCrypto: ['owner', 'business', 'residence', 'plan'],
} as const satisfies Record<OrderFlow, readonly StepId[]>;

/** The ownership input's text as a number: '33,5' and '33.5' are 33.5; anything else is NaN (refused as required). */
export function parseOwnership(value: string): number {
  const normalized = value.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : Number.NaN;
}

/** The live total of the partners' ownership, exact to two decimals, counting only the shares typed so far. */
export function liveOwnershipTotal(partners: readonly Pick<PartnerValues, 'ownership'>[]): number {
  const hundredths = partners.reduce((sum, partner) => {
    const share = parseOwnership(partner.ownership);
    return Number.isFinite(share) ? sum + Math.round(share * 100) : sum;
  }, 0);
  return hundredths / 100;
}

/** Where the form shows a field the server named (`wizard.partners`, `plan`, …), with the step it is on. */
const stepPrefixes: Record<StepId, readonly string[]> = {
  owner: ['owner'],
  names: ['company.nameOption1', 'company.nameOption2'],
  type: ['company.type'],
  industry: ['company.industry', 'company.industryOther'],
  state: ['company.state'],
  services: ['services'],
  partners: ['partners'],
  plan: ['plan'],
  migrationCompany: ['company.existingCompanyName', 'company.type', 'company.formationDate'],
  origin: ['company.originKind', 'company.originState', 'company.originCountry'],
  documents: ['company.ein', 'company.documents'],
  business: ['business'],
  residence: ['residenceCountry'],
};

export function formPathOfServerField(field: string): string {
  if (field.startsWith('wizard.')) return field.slice('wizard.'.length);
  if (field === 'plan' || field === 'billing') return `plan.${field}`;
  return field;
}

/** The step (0-based) showing a form path, or -1 when no step has it. */
export function stepOfPath(flow: OrderFlow, path: string): number {
  return wizardSteps[flow].findIndex((step) => stepPrefixes[step].some((prefix) => path === prefix || path.startsWith(`${prefix}.`)));
}
