import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Accounting analytics. */
export function Component() {
  return <ComingSoonScreen screen="accountingAi" area="dashboard" />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
