import { RouteError } from '@src/components/route-error/route-error';
import { BoiScreen } from '@src/features/boi/components/boi-screen';

/** BOI report. */
export function Component() {
  return <BoiScreen />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
