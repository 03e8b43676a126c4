import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** Start-now chooser: create, migrate or cross-border crypto (built with the funnel). */
export function Component() {
  return <ComingSoonScreen screen="startNow" area="public" />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
