import { flowCompanyType, type OrderFlow } from '@domain/order-flows';
import { bankingUnavailableResidence } from '@domain/company-terms';
import { computePrice, isBankingService } from '@domain/plan-prices';
import type { PlanCatalog, Quote } from '@domain/plans';
import type { CreateCompanyValues, MigrateCompanyValues, WizardValuesOf } from './wizard-values';

/**
 * The additional services of a selection, only those the catalog offers for this kind of
 * company, and no banking add-on when a partner lives where digital banking is unavailable
 * (SPEC §1; the steps say so, and the server refuses it too).
 */
export function orderServices<F extends OrderFlow>(flow: F, values: WizardValuesOf[F], catalog: PlanCatalog): string[] {
  const companyType = flowCompanyType[flow];
  const speed = values.services.speed === 'none' ? [] : [values.services.speed];
  const company = flow === 'crossBorderCrypto' ? null : (values as CreateCompanyValues | MigrateCompanyValues);
  const extras = company?.services.extras ?? [];
  const noBanking = company !== null && bankingUnavailableResidence(company.partners) !== null;
  const offered = new Set(catalog.services.filter((service) => service.companyTypes.includes(companyType)).map((service) => service.id));
  return [...new Set([...speed, ...extras])].filter((id) => offered.has(id) && !(noBanking && isBankingService(id)));
}

/** The quote of the current selection, or null while no plan is chosen. */
export function quoteOf<F extends OrderFlow>(flow: F, values: WizardValuesOf[F], catalog: PlanCatalog): Quote | null {
  if (values.plan.plan === '') return null;
  const priced = computePrice(catalog, {
    companyType: flowCompanyType[flow],
    plan: values.plan.plan,
    billing: values.plan.billing,
    services: orderServices(flow, values, catalog),
  });
  return priced.ok ? priced.quote : null;
}
