import { RouteError } from '@src/components/route-error/route-error';
import { TeammatesScreen } from '@src/features/teammates/components/teammates-screen';

/** Teammates: invite, list and remove (owners); the teams of joined companies (teammates). */
export function Component() {
  return <TeammatesScreen />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
