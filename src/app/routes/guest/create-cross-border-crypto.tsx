import { RouteError } from '@src/components/route-error/route-error';
import { GuestWizard } from '@src/features/company-wizard/components/guest-wizard';

/** Cross-border crypto wizard: your info, business, country of residence and plan, then checkout. */
export function Component() {
  return <GuestWizard flow="crossBorderCrypto" />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
