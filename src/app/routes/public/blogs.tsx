import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Blog list with category filters (built with the public site). */
export function Component() {
  return <ComingSoonScreen screen="blogs" area="public" />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
