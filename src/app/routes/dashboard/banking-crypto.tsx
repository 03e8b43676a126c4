import { RouteError } from '@src/components/route-error/route-error';
import { BankingScreen } from '@src/features/banking/components/banking-screen';

/** Bank account and crypto wallet. */
export function Component() {
  return <BankingScreen />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
