import type { Table } from 'dexie';
import { countUnsentChanges, type OutboxEntry, type SyncMeta } from './db';
import type { SyncPhase, SyncStatus } from './engine';
import type { ReceiptFile } from './receipts';

/**
 * What this device holds that the server does not have yet, and a bounded "push it now" for
 * moments that would lose it (logout deletes the user's database). Read-only on the outbox:
 * the engine stays the only writer.
 */

export interface UnsentWork {
  /** Mutations in the outbox, applied here and not yet acknowledged by the server. */
  changes: number;
  /** Receipt files stored on this device and not yet uploaded and attached. */
  receipts: number;
}

export interface UnsentDatabase {
  outbox: Table<OutboxEntry, number>;
  syncMeta: Table<SyncMeta, 'state'>;
  receiptFiles: Table<ReceiptFile, string>;
}

/** Counts what would be lost if this database were deleted now. */
export async function countUnsent(db: UnsentDatabase): Promise<UnsentWork> {
  const [changes, receipts] = await Promise.all([countUnsentChanges(db), db.receiptFiles.where('status').equals('pending').count()]);
  return { changes, receipts };
}

/** The part of `SyncEngine` a flush drives. */
export interface FlushableEngine {
  getStatus(): SyncStatus;
  subscribe(listener: (status: SyncStatus) => void): () => void;
  retryNow(): void;
}

// Where an attempt made for this flush can end short of an empty outbox: the engine backs off,
// or waits for the network, a new sign-in or a reload. Before that attempt starts, these
// phases are stale (`retryNow` is about to replace them) and say nothing.
const failedPhases = new Set<SyncPhase>(['retrying', 'offline', 'unreachable', 'unauthorized', 'outdated']);

/**
 * Asks the engine to push now (forgetting any backoff) and waits until the outbox is empty,
 * the engine cannot push (offline, session ended, outdated app, or a failed attempt after
 * this request), or `timeoutMs` passes. Resolves with the mutations still in the outbox.
 * `onProgress` hears how many are left whenever that changes.
 */
export async function flushOutbox(
  engine: FlushableEngine,
  db: Pick<UnsentDatabase, 'outbox' | 'syncMeta'>,
  options: { timeoutMs: number; onProgress?: (remaining: number) => void },
): Promise<number> {
  const initial = await countUnsentChanges(db);
  options.onProgress?.(initial);
  if (initial === 0) return 0;
  return new Promise<number>((resolve) => {
    let settled = false;
    let attempted = false;
    let lastReported = initial;
    let unsubscribe: () => void = () => {};
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe();
      void countUnsentChanges(db).then(resolve, () => resolve(lastReported));
    };
    const timer = setTimeout(finish, options.timeoutMs);
    const onStatus = (status: SyncStatus) => {
      if (settled) return;
      if (status.pendingCount !== lastReported) {
        lastReported = status.pendingCount;
        options.onProgress?.(status.pendingCount);
      }
      if (status.phase === 'syncing') attempted = true;
      if (!status.online || (attempted && failedPhases.has(status.phase))) return finish();
      // The status's count comes from a live query that may trail a push by a moment: confirm it.
      if (status.pendingCount === 0 || (attempted && status.phase === 'idle')) {
        void countUnsentChanges(db).then((left) => {
          if (left === 0) finish();
        });
      }
    };
    unsubscribe = engine.subscribe(onStatus);
    engine.retryNow();
    onStatus(engine.getStatus());
  });
}
