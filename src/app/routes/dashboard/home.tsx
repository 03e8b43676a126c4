import { RouteError } from '@src/components/route-error/route-error';
import { CompaniesOverview } from '@src/features/dashboard/components/companies-overview';

export function Component() {
  return <CompaniesOverview />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
