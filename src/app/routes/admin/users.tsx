import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Admin user list: search, sort, filter, login as user, copy emails. */
export function Component() {
  return <ComingSoonScreen screen="adminUsers" area="admin" />;
}

export function ErrorBoundary() {
  return <RouteError area="admin" />;
}
