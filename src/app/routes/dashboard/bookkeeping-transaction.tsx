import { RouteError } from '@src/components/route-error/route-error';
import { TransactionDetail } from '@src/features/bookkeeping/components/transaction-detail';

/** One transaction of the bookkeeping list: fields, receipt and history. */
export function Component() {
  return <TransactionDetail />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
