import { RouteError } from '@src/components/route-error/route-error';
import { StartNowChooser } from '@src/features/company-wizard/components/start-now-chooser';

/** Start now: create a company, migrate one, or open a Cross Border Crypto account. */
export function Component() {
  return <StartNowChooser />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
