import { RouteError } from '@src/components/route-error/route-error';
import { AccountingHome } from '@src/features/bookkeeping/components/accounting-home';

/** Accounting analytics (SPEC §2 accounting-ai). */
export function Component() {
  return <AccountingHome />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
