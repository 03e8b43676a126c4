import { setImmediate } from 'node:timers/promises';
import { logError } from '../lib/log-error';
import { and, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { drafts } from '../db/schema/drafts';
import { syncOwnWrites, syncRejections, syncState, syncTombstones } from '../db/schema/sync';
import { purgedThroughKey } from './pull';

/**
 * How long deletions and rejections are kept for devices to learn about. A device whose
 * cursor is older than the purged tombstones resyncs in full; a guest draft never linked to
 * an account by then is dropped too.
 */
export const syncRetentionDays = 30;

/**
 * Tombstones purged per transaction. A month-old bulk delete of a big company leaves hundreds of
 * thousands of them due at once: purged in one statement, they were one long transaction, and
 * every purged row's answer was held in the server's memory (on embedded PGlite, one block of
 * the server's thread).
 */
const purgeBatchRows = 5_000;

/**
 * Purges tombstones, rejection records, own-write records and unclaimed guest drafts older than
 * the retention window. Tombstones go in transactions of at most `batchRows`, each raising the
 * resync threshold of the scopes it purged, so a pull sees either the tombstones or the
 * threshold. Meant to be run by the background job queue.
 */
export async function purgeSyncHistory(
  db: Db,
  now: Date,
  batchRows = purgeBatchRows,
): Promise<{ tombstones: number; rejections: number; guestDrafts: number }> {
  const cutoff = new Date(now.getTime() - syncRetentionDays * 24 * 60 * 60 * 1000);
  let tombstones = 0;
  let purged: number;
  do {
    purged = await purgeTombstones(db, cutoff, batchRows);
    tombstones += purged;
    // Other requests get a turn between two batches (embedded PGlite answers in microtasks only).
    await setImmediate();
  } while (purged === batchRows);
  return db.transaction(async (tx) => {
    const rejections = await tx.delete(syncRejections).where(lt(syncRejections.createdAt, cutoff)).returning({ id: syncRejections.mutationId });
    // A device that pulls after that long gets its own changes back in full, as before decision 091.
    await tx.delete(syncOwnWrites).where(lt(syncOwnWrites.createdAt, cutoff));
    const guestDrafts = await tx
      .delete(drafts)
      .where(and(isNull(drafts.userId), lt(drafts.createdAt, cutoff)))
      .returning({ id: drafts.id });
    return { tombstones, rejections: rejections.length, guestDrafts: guestDrafts.length };
  });
}

/** Purges at most `limit` tombstones deleted before `cutoff`, raising their scopes' resync thresholds in the same transaction; answers how many. */
function purgeTombstones(db: Db, cutoff: Date, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ tableName: syncTombstones.tableName, rowId: syncTombstones.rowId, scopeId: syncTombstones.scopeId })
      .from(syncTombstones)
      .where(lt(syncTombstones.deletedAt, cutoff))
      .limit(limit)
      // Instances purging at once take different tombstones rather than wait for each other's.
      .for('update', { skipLocked: true });
    const rows = await tx
      .delete(syncTombstones)
      .where(sql`(${syncTombstones.tableName}, ${syncTombstones.rowId}, ${syncTombstones.scopeId}) in ${due}`)
      .returning({ scopeId: syncTombstones.scopeId, version: syncTombstones.version });
    // Per scope: a device's position in a quiet scope must not fall behind another scope's purge.
    const through = new Map<string, number>();
    for (const { scopeId, version } of rows) through.set(scopeId, Math.max(through.get(scopeId) ?? 0, version));
    if (through.size > 0) {
      await tx
        .insert(syncState)
        // In one order of keys whoever purges, so two instances' batches never wait for each other in a circle.
        .values([...through].sort(([a], [b]) => (a < b ? -1 : 1)).map(([scopeId, value]) => ({ key: purgedThroughKey(scopeId), value })))
        .onConflictDoUpdate({ target: syncState.key, set: { value: sql`greatest(${syncState.value}, excluded.value)` } });
    }
    return rows.length;
  });
}

const day = 24 * 60 * 60 * 1000;

/**
 * Purges now and once a day, until the returned stop is called. Every instance may run it:
 * the deletes are idempotent and the resync threshold only ever rises. The database-backed
 * job queue, when it exists, can call `purgeSyncHistory` instead.
 */
export function startSyncMaintenance(db: Db, now: () => Date): () => void {
  const purge = () =>
    purgeSyncHistory(db, now()).catch((error: unknown) => {
      logError('sync history purge failed', {}, error);
    });
  void purge();
  const timer = setInterval(() => void purge(), day);
  timer.unref();
  return () => clearInterval(timer);
}
