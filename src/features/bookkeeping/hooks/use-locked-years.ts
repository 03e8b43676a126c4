import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { AppDB } from '@sync/client/db';

const none: ReadonlySet<number> = new Set();

/** The company's years locked by a sent declaration, as this device last synced them. */
export function useLockedYears(db: AppDB | null, companyId: string | null): ReadonlySet<number> {
  const rows = useLiveQuery(async () => (db && companyId ? db.lockedYears.where('companyId').equals(companyId).toArray() : []), [db, companyId]);
  return useMemo(() => (rows && rows.length > 0 ? new Set(rows.map((row) => row.year)) : none), [rows]);
}
