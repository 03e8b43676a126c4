import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Terms and conditions (built with the public site). */
export function Component() {
  return <ComingSoonScreen screen="terms" area="public" />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
