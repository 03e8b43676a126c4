import { RouteError } from '@src/components/route-error/route-error';
import { BookkeepingWorkspace } from '@src/features/bookkeeping/components/bookkeeping-workspace';

/**
 * Bookkeeping transactions (SPEC §2). The workspace leaves two slots for the accounts
 * feature: `toolbar` (the CSV import button) and `accounts` (manual and linked accounts),
 * each given the company on screen.
 */
export function Component() {
  return <BookkeepingWorkspace />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
