import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Company details: progress, documents, services, renewal and dissolution. */
export function Component() {
  return <ComingSoonScreen screen="company" area="dashboard" />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
