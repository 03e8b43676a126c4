import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Migrate-company wizard (built with the funnel). */
export function Component() {
  return <ComingSoonScreen screen="migrateCompany" area="public" />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
