import { RouteError } from '@src/components/route-error/route-error';
import { PaymentMethodsScreen } from '@src/features/billing/components/payment-methods-screen';

/** Payment methods: saved cards, the default, a new card through the provider's setup flow. */
export function Component() {
  return <PaymentMethodsScreen />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
