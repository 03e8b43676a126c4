import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** The public 'coming soon' page of SPEC §2. */
export function Component() {
  return <ComingSoonScreen screen="comingSoon" area="public" />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
