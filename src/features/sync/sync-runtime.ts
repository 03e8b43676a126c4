import type { AppDB } from '@sync/client/db';
import { currentUserDatabase } from '@sync/client/db';
import { SyncEngine } from '@sync/client/engine';
import { browserHost } from '@sync/client/host';
import { startReceiptUploads } from '@sync/client/receipt-uploads';
import { createHttpTransport } from '@sync/client/transport';
import { startWorkerPushes } from '@workers/sync-push.client';
import { adoptGuestDrafts } from './guest-drafts';

/**
 * The sync engine of this tab: one per signed-in user's database, started on first use and
 * replaced when another user signs in. It stops by itself when the database is closed or
 * deleted (sign-out), keeping nothing in memory that the database does not hold.
 */
let running: { db: AppDB; engine: SyncEngine; stopReceipts: () => void; stopPushes: () => void } | null = null;
/** The database whose session is ending: no engine starts for it again (see `stopSyncEngine`). */
let ended: AppDB | null = null;

/** The engine of `db`, started if needed. */
export function syncEngineFor(db: AppDB): SyncEngine {
  if (running?.db === db && !running.engine.stopped) return running.engine;
  void stopRunning();
  // Pushes go from a worker, where one is available (see `OutboxPusher`).
  const pushes = typeof Worker === 'undefined' ? null : startWorkerPushes(db.userId);
  const engine = new SyncEngine(db, db.userId, createHttpTransport(), browserHost(), pushes?.pusher).start();
  // Receipts kept on this device upload whenever there is a network, then attach through the engine.
  const stopReceipts = startReceiptUploads(db, { mutate: (name, args) => engine.mutate(name, args), now: () => new Date() });
  running = { db, engine, stopReceipts, stopPushes: () => pushes?.terminate() };
  // What this device drafted as a guest now belongs to the signed-in user.
  void adoptGuestDrafts(engine).catch((error) => console.error('adopting guest drafts failed', error));
  return engine;
}

/** The signed-in user's engine (even offline, from the last user's database); null for a guest. */
export function currentSyncEngine(): SyncEngine | null {
  const db = currentUserDatabase();
  return db && db !== ended ? syncEngineFor(db) : null;
}

/**
 * Stops this tab's engine for the rest of its session, which is about to end (sign-out, or
 * "return to admin", decision 033): nothing more pulls, listens or refreshes with it. Its
 * database stays open until deleted, and no engine starts for it again, whoever asks; the next
 * sign-in opens a new database with its own engine. Settles once a cycle already in flight has
 * had its answers, so the session can end without a request of this engine arriving after.
 */
export function stopSyncEngine(): Promise<void> {
  ended = running?.db ?? currentUserDatabase();
  return stopRunning();
}

/** Stops the running engine and what runs beside it; its push worker ends once a push under way has its answer. */
function stopRunning(): Promise<void> {
  if (!running) return Promise.resolve();
  const { engine, stopReceipts, stopPushes } = running;
  running = null;
  stopReceipts();
  return engine.stop().finally(stopPushes);
}
