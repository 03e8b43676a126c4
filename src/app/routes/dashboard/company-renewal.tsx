import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** A company's renewal detail. */
export function Component() {
  return <ComingSoonScreen screen="companyRenewal" area="dashboard" />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
