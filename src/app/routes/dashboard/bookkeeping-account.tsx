import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** One bookkeeping account's transactions. */
export function Component() {
  return <ComingSoonScreen screen="bookkeepingAccount" area="dashboard" />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
