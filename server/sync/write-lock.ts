import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * The transaction advisory lock every writer of synced rows holds until commit (the
 * `sync_stamp_row` trigger takes it too, see migration `0003_sync_triggers`). It makes
 * change versions visible in increasing order, and makes pushes run one after the other so
 * a mutator's reads cannot go stale before its writes.
 */
export const syncWriteLockKey = 4_207_002;

/** Takes the sync write lock for the rest of the transaction. */
export async function syncWriteLock(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${syncWriteLockKey})`);
}
