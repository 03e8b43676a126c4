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
 * Purges tombstones, rejection records, own-write records and unclaimed guest drafts older than
 * the retention window, and raises each affected scope's resync threshold in the same
 * transaction, so a pull sees either the tombstones or the threshold. Meant to be run by the
 * background job queue.
 */
export async function purgeSyncHistory(db: Db, now: Date): Promise<{ tombstones: number; rejections: number; guestDrafts: number }> {
  const cutoff = new Date(now.getTime() - syncRetentionDays * 24 * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    const purged = await tx
      .delete(syncTombstones)
      .where(lt(syncTombstones.deletedAt, cutoff))
      .returning({ scopeId: syncTombstones.scopeId, version: syncTombstones.version });
    // Per scope: a device's position in a quiet scope must not fall behind another scope's purge.
    const through = new Map<string, number>();
    for (const { scopeId, version } of purged) through.set(scopeId, Math.max(through.get(scopeId) ?? 0, version));
    if (through.size > 0) {
      await tx
        .insert(syncState)
        .values([...through].map(([scopeId, value]) => ({ key: purgedThroughKey(scopeId), value })))
        .onConflictDoUpdate({ target: syncState.key, set: { value: sql`greatest(${syncState.value}, excluded.value)` } });
    }
    const rejections = await tx.delete(syncRejections).where(lt(syncRejections.createdAt, cutoff)).returning({ id: syncRejections.mutationId });
    // A device that pulls after that long gets its own changes back in full, as before decision 091.
    await tx.delete(syncOwnWrites).where(lt(syncOwnWrites.createdAt, cutoff));
    const guestDrafts = await tx
      .delete(drafts)
      .where(and(isNull(drafts.userId), lt(drafts.createdAt, cutoff)))
      .returning({ id: drafts.id });
    return { tombstones: purged.length, rejections: rejections.length, guestDrafts: guestDrafts.length };
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
