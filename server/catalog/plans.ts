import { companyCreationFromUsd } from '@domain/constants';
import { annualPrice, planCatalogSchema, type AdditionalService, type Plan, type PlanCatalog } from '@domain/plans';

/**
 * Alta's price list: the only source of prices. GET /api/v1/plans serves it, and every
 * order is priced from it on the server, whatever total the client computed. Amounts are
 * integer cents. Annual prices are derived (monthly × 12 × 0.85), never typed in.
 */

const usaCompany = (
  id: Plan['id'],
  setupFee: number,
  monthly: number,
  processingDays: { min: number; max: number },
  cpaHoursPerMonth: number,
  features: string[],
  highlighted = false,
): Plan => ({
  id,
  companyType: 'USA_COMPANY',
  setupFee,
  monthly,
  annual: annualPrice(monthly),
  processingDays,
  cpaHoursPerMonth,
  cryptoMonthlyVolumeLimitUsd: null,
  features,
  highlighted,
});

const cryptoAccount = (id: Plan['id'], setupFee: number, monthly: number, volumeLimitUsd: number | null, features: string[], highlighted = false): Plan => ({
  id,
  companyType: 'CRYPTO_COMPANY',
  setupFee,
  monthly,
  annual: annualPrice(monthly),
  processingDays: null,
  cpaHoursPerMonth: 0,
  cryptoMonthlyVolumeLimitUsd: volumeLimitUsd,
  features,
  highlighted,
});

const formationFeatures = ['stateFiling', 'operatingAgreement', 'einApplication', 'dashboard'];

export const plans: Plan[] = [
  usaCompany('standard', 45_000, 4_900, { min: 25, max: 30 }, 0, formationFeatures),
  usaCompany(
    'professional',
    69_500,
    9_900,
    { min: 18, max: 21 },
    0,
    [...formationFeatures, 'registeredAgentFirstYear', 'boiReportFiling', 'bookkeepingAi', 'mailScanning'],
    true,
  ),
  usaCompany('enterprise', 119_500, 19_900, { min: 12, max: 15 }, 2, [
    ...formationFeatures,
    'registeredAgentFirstYear',
    'boiReportFiling',
    'bookkeepingAi',
    'mailScanning',
    'expressFormation',
    'cpaHours',
    'annualTaxFiling',
  ]),
  cryptoAccount('standard', 0, 9_900, 500_000, ['virtualAccount', 'cryptoWallet', 'cryptoVolume']),
  cryptoAccount('professional', 0, 19_900, 1_000_000, ['virtualAccount', 'cryptoWallet', 'cryptoVolume', 'liquidationAddresses'], true),
  cryptoAccount('enterprise', 0, 39_900, null, ['virtualAccount', 'cryptoWallet', 'cryptoVolumeUnlimited', 'liquidationAddresses', 'prioritySupport']),
];

const service = (
  id: string,
  price: number,
  options: Partial<Pick<AdditionalService, 'recurrence' | 'companyTypes' | 'group' | 'turnaroundHours'>> = {},
): AdditionalService => ({
  id,
  price,
  recurrence: options.recurrence ?? 'one_time',
  companyTypes: options.companyTypes ?? ['USA_COMPANY'],
  group: options.group ?? null,
  turnaroundHours: options.turnaroundHours ?? null,
});

export const additionalServices: AdditionalService[] = [
  service('priorityProcessing', 14_900, { group: 'processingSpeed', turnaroundHours: 48, companyTypes: ['USA_COMPANY', 'CRYPTO_COMPANY'] }),
  service('vipProcessing', 24_900, { group: 'processingSpeed', turnaroundHours: 24, companyTypes: ['USA_COMPANY', 'CRYPTO_COMPANY'] }),
  service('einWithoutSsn', 19_900),
  service('registeredAgent', 14_900, { recurrence: 'year' }),
  service('itinApplication', 39_900),
  service('boiReportFiling', 9_900),
  service('virtualAddress', 19_900, { recurrence: 'year' }),
  service('customOperatingAgreement', 14_900),
  service('bankAccountAssistance', 9_900),
  service('certificateOfGoodStanding', 7_900),
  service('apostille', 17_900),
  service('annualReportFiling', 12_900, { recurrence: 'year' }),
];

/** The catalog GET /api/v1/plans returns, checked against its schema when the server loads it. */
export const planCatalog: PlanCatalog = planCatalogSchema.parse({
  currency: 'usd',
  annualDiscountPercent: 15,
  companyCreationFrom: Math.min(...plans.filter((plan) => plan.companyType === 'USA_COMPANY').map((plan) => plan.setupFee)),
  plans,
  custom: { id: 'custom', contactOnly: true },
  services: additionalServices,
});

// The SPEC's "company creation from $450" is advertised copy: the price list must agree with it.
if (planCatalog.companyCreationFrom !== companyCreationFromUsd * 100) {
  throw new Error(`The cheapest company formation must be $${companyCreationFromUsd}`);
}

/**
 * Renewing a US company for a year through Alta (state annual report or franchise tax filing
 * and the registered agent), in cents, by plan: the higher plans include more of the work
 * (docs/decisions/025-company-renewals-and-documents.md).
 */
export const renewalPrices: Record<Plan['id'], number> = { standard: 29_900, professional: 24_900, enterprise: 19_900 };

/** Filing a company's dissolution with its state, in cents. */
export const dissolutionPrice = 34_900;
