import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Admin company list: search, sort, status filter. */
export function Component() {
  return <ComingSoonScreen screen="adminCompanies" area="admin" />;
}

export function ErrorBoundary() {
  return <RouteError area="admin" />;
}
