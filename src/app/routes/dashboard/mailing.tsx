import { RouteError } from '@src/components/route-error/route-error';
import { MailingScreen } from '@src/features/mailing/components/mailing-screen';

/** Mail scans of the user's companies. */
export function Component() {
  return <MailingScreen />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
