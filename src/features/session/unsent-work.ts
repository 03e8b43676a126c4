import { currentUserDatabase } from '@sync/client/db';
import { countUnsent, flushOutbox, type FlushableEngine, type UnsentDatabase, type UnsentWork } from '@sync/client/flush';
import { uploadPendingReceipts, type ReceiptUploadDeps } from '@sync/client/receipt-uploads';
import type { ReceiptsDatabase } from '@sync/client/receipts';
import { currentSyncEngine } from '@src/features/sync/sync-runtime';

/**
 * Before logout deletes the user's database: send what only this device holds (receipt
 * files, then the outbox), within a short bounded wait, and say what is still unsent so the
 * user can choose. Loaded only when someone logs out (it brings Dexie and the engine).
 */

/** How long logout waits for the push before it asks the user. */
export const logoutSendMs = 8000;

export interface SendDeps {
  db: UnsentDatabase & ReceiptsDatabase;
  /** The sync engine, asked for only when there is something to send; null when none can push. */
  engine: () => (FlushableEngine & Pick<ReceiptUploadDeps, 'mutate'>) | null;
  isOnline(): boolean;
  timeoutMs: number;
  /** Hears the unsent work as it shrinks. */
  onProgress?: (work: UnsentWork) => void;
}

/** Settles with the promise or after `ms`, whichever is first; never rejects (the count afterwards tells the outcome). */
function within(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, ms));
    promise.then(
      () => (clearTimeout(timer), resolve()),
      () => (clearTimeout(timer), resolve()),
    );
  });
}

/** Tries to send everything unsent within `timeoutMs`; resolves with what is still unsent. */
export async function sendUnsentWork({ db, engine: engineOf, isOnline, timeoutMs, onProgress }: SendDeps): Promise<UnsentWork> {
  const before = await countUnsent(db);
  onProgress?.(before);
  if ((before.changes === 0 && before.receipts === 0) || !isOnline()) return before;
  const engine = engineOf();
  if (!engine) return before;
  const deadline = Date.now() + timeoutMs;
  if (before.receipts > 0) {
    // Each uploaded receipt queues its mutation (`attachReceipt`, `addInboxReceipt`), which the flush below pushes.
    await within(uploadPendingReceipts(db, { mutate: (name, args) => engine.mutate(name, args), now: () => new Date() }), deadline - Date.now());
  }
  const receipts = (await countUnsent(db)).receipts;
  await flushOutbox(engine, db, { timeoutMs: Math.max(0, deadline - Date.now()), onProgress: (changes) => onProgress?.({ changes, receipts }) });
  return countUnsent(db);
}

/** The signed-in user's unsent work after one bounded attempt to send it; nothing for a guest. */
export async function sendBeforeLogout(onProgress?: (work: UnsentWork) => void): Promise<UnsentWork> {
  const db = currentUserDatabase();
  if (!db) return { changes: 0, receipts: 0 };
  // Where no engine runs yet (a public page), one starts only when there is something to send.
  return sendUnsentWork({ db, engine: currentSyncEngine, isOnline: () => navigator.onLine, timeoutMs: logoutSendMs, onProgress });
}

/** "Stay and sync": the engine tries again now instead of after its backoff. */
export function syncNow(): void {
  currentSyncEngine()?.retryNow();
}
