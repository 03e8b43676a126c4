import { RouteError } from '@src/components/route-error/route-error';
import { SubscriptionsScreen } from '@src/features/billing/components/subscriptions-screen';

/** Subscriptions: each company's plan, billing and next charge (and a managed user's, SPEC §6). */
export function Component() {
  return <SubscriptionsScreen />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
