import { RouteError } from '@src/components/route-error/route-error';
import { ContinuePage } from '@src/features/drafts/components/continue-page';

/** Continue on this device a guest wizard started on another one (`/{lang}/continue#<id>.<secret>`). */
export function Component() {
  return <ContinuePage />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
