import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { blockingTransactions, capitalTransactionsFromTransactions, profitsFromTransactions } from '@domain/tax-figures';
import { currentUserDatabase } from '@sync/client/db';
import { useCurrentUser } from '@src/features/session/session-store';

/**
 * What the company's books on this device say about a tax year (offline too): the profits
 * by tax line, the owners' capital movements, and how many transactions still stop the
 * declaration (uncategorised, unchecked). Undefined until the database answered.
 */
export function useYearBooks(companyId: string, taxYear: number) {
  const user = useCurrentUser();
  const db = useMemo(() => (user ? currentUserDatabase() : null), [user]);
  return useLiveQuery(async () => {
    if (!db) return null;
    const rows = await db.transactions
      .where('[companyId+date]')
      .between([companyId, `${taxYear}-01-01`], [companyId, `${taxYear}-12-31`], true, true)
      .toArray();
    return {
      count: rows.length,
      profits: profitsFromTransactions(rows, taxYear),
      capitalTransactions: capitalTransactionsFromTransactions(rows, taxYear),
      blocking: blockingTransactions(rows, taxYear),
    };
  }, [db, companyId, taxYear]);
}
