import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Banking and crypto FAQ. */
export function Component() {
  return <ComingSoonScreen screen="bankingCryptoFaq" area="dashboard" />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
