import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Create-company wizard (built with the funnel). */
export function Component() {
  return <ComingSoonScreen screen="createCompany" area="public" />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
