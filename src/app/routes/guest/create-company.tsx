import { RouteError } from '@src/components/route-error/route-error';
import { GuestWizard } from '@src/features/company-wizard/components/guest-wizard';

/** Create-company wizard: your info, company, type, industry, state, services, partners, plan, then checkout. */
export function Component() {
  return <GuestWizard flow="createCompany" />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
