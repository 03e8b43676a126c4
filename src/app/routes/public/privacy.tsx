import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Privacy policy (built with the public site). */
export function Component() {
  return <ComingSoonScreen screen="privacy" area="public" />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
