import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Teammates. */
export function Component() {
  return <ComingSoonScreen screen="teammates" area="dashboard" />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
