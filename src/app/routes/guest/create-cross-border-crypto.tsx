import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Cross-border crypto wizard (built with the funnel). */
export function Component() {
  return <ComingSoonScreen screen="createCrossBorderCrypto" area="public" />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
