import { RouteError } from '@src/components/route-error/route-error';
import { InvoicesScreen } from '@src/features/billing/components/invoices-screen';

/** Invoices (labelled Stripe): every payment's invoice with its PDF. */
export function Component() {
  return <InvoicesScreen />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
