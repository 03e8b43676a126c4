import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { transactionChanges } from '../schema/bookkeeping';
import { users } from '../schema/users';

/** Most history entries returned for one transaction. */
export const maxHistoryEntries = 200;

/** The recorded changes of a transaction of one of `companyIds`, newest first (none for another company's id). */
export async function listTransactionChanges(db: Db, transactionId: string, companyIds: readonly string[]) {
  if (companyIds.length === 0) return [];
  return db
    .select({
      id: transactionChanges.id,
      action: transactionChanges.action,
      changes: transactionChanges.changes,
      changedAt: transactionChanges.changedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(transactionChanges)
    .leftJoin(users, eq(users.id, transactionChanges.userId))
    .where(and(eq(transactionChanges.transactionId, transactionId), inArray(transactionChanges.companyId, [...companyIds])))
    .orderBy(desc(transactionChanges.id))
    .limit(maxHistoryEntries);
}
