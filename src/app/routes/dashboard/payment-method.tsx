import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Saved cards and a new card for subscriptions. */
export function Component() {
  return <ComingSoonScreen screen="paymentMethod" area="dashboard" />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
