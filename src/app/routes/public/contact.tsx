import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Contact form (built with the public site). */
export function Component() {
  return <ComingSoonScreen screen="contact" area="public" />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
