import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Subscriptions (and a managed user's). */
export function Component() {
  return <ComingSoonScreen screen="subscriptions" area="dashboard" />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
