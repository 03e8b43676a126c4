import { useLiveQuery } from 'dexie-react-hooks';
import type { ManualAccount } from '@domain/bookkeeping';
import { currentUserDatabase } from '@sync/client/db';

/** The company's manual accounts on this device, by name; undefined while Dexie answers. */
export function useManualAccounts(companyId: string): ManualAccount[] | undefined {
  return useLiveQuery(async () => {
    const db = currentUserDatabase();
    if (!db) return [];
    const accounts = await db.manualAccounts.where('companyId').equals(companyId).toArray();
    return accounts.sort((a, b) => a.name.localeCompare(b.name));
  }, [companyId]);
}
