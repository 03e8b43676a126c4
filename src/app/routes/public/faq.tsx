import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Frequently asked questions (built with the public site). */
export function Component() {
  return <ComingSoonScreen screen="faq" area="public" />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
