import { RouteError } from '@src/components/route-error/route-error';
import { GuestWizard } from '@src/features/company-wizard/components/guest-wizard';

// Its page is pre-rendered with the first step empty, hydrated only for a visitor with no draft to resume.
export { wizardPageHandle as handle } from '@src/features/company-wizard/page-form';

/** Create-company wizard: your info, company, type, industry, state, services, partners, plan, then checkout. */
export function Component() {
  return <GuestWizard flow="createCompany" />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
