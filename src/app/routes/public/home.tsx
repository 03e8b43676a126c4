import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Home: what Alta does and the three ways to start (built with the public site). */
export function Component() {
  return <ComingSoonScreen screen="home" area="public" />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
