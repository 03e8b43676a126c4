import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { BatchImport } from '@domain/bookkeeping';
import { currentUserDatabase } from '@sync/client/db';
import type { HeldImport } from '@sync/client/held-imports';

/** Batch imports shown per page of the history (SPEC §9: import history uses load-more). */
export const importHistoryPageSize = 10;

export interface ImportHistory {
  /** The newest `limit` imports of the company; undefined while Dexie answers. */
  imports: BatchImport[] | undefined;
  /** Its imports the server refused, kept whole on this device until retried or discarded (decision 054), newest first. */
  held: HeldImport[];
  /** True when older imports exist beyond those shown. */
  more: boolean;
}

/** The company's batch imports, newest first, read live from this device (they sync like transactions). */
export function useImportHistory(companyId: string, limit: number): ImportHistory {
  const found = useLiveQuery(async () => {
    const db = currentUserDatabase();
    if (!db) return { imports: [], held: [], more: false };
    const rows = await db.batchImports
      .where('[companyId+createdAt]')
      .between([companyId, Dexie.minKey], [companyId, Dexie.maxKey])
      .reverse()
      .limit(limit + 1)
      .toArray();
    const held = (await db.heldImports.where('companyId').equals(companyId).toArray()).sort((a, b) => b.batch.createdAt.localeCompare(a.batch.createdAt));
    return { imports: rows.slice(0, limit), held, more: rows.length > limit };
  }, [companyId, limit]);
  return { imports: found?.imports, held: found?.held ?? [], more: found?.more ?? false };
}
