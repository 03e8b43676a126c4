import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Bank account and crypto wallet. */
export function Component() {
  return <ComingSoonScreen screen="bankingCrypto" area="dashboard" />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
