import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Requirements to form or migrate a US company (built with the public site). */
export function Component() {
  return <ComingSoonScreen screen="requirements" area="public" />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
