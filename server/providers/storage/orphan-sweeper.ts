import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { inboxReceipts, transactions, uploads } from '../../db/schema/bookkeeping';
import { storageOrphans } from '../../db/schema/storage';
import { lockSyncScopes } from '../../sync/write-lock';
import type { StorageProvider } from './storage';
import { logError } from '../../lib/log-error';

/**
 * Deletes stored files that no record points at any more (`storage_orphans`, filled by a
 * trigger in the transaction that dropped the reference). Runs after commit, so a mutation
 * never waits on storage or fails because of it; a delete that fails is tried again later
 * with backoff, and the row stays until storage confirms.
 */

/** The NOTIFY channel the trigger signals on commit. */
export const storageOrphansChannel = 'storage_orphans';

/** Keys handled per sweep; a full batch sweeps again at once. */
export const orphanBatchSize = 100;

const retryBaseMs = 60_000;
const retryMaxMs = 6 * 60 * 60_000;

/** The wait before attempt `attempts + 1`: one minute, doubling, at most six hours. */
export const orphanRetryDelayMs = (attempts: number) => Math.min(retryMaxMs, retryBaseMs * 2 ** Math.max(0, attempts - 1));

export interface SweepResult {
  /** Objects deleted from storage. */
  deleted: number;
  /** Keys that turned out to be in use again (attached to another transaction): kept. */
  kept: number;
  /** Deletes that failed, to be tried again. */
  failed: number;
}

const receiptKey = sql<string>`(${transactions.receipt} ->> 'key')`;
const inboxKey = sql<string>`(${inboxReceipts.receipt} ->> 'key')`;

/** One pass over the orphans that are due at `now`. */
export async function sweepStorageOrphans(db: Db, storage: StorageProvider, now: Date): Promise<SweepResult> {
  const due = await db
    .select({ key: storageOrphans.key, attempts: storageOrphans.attempts })
    .from(storageOrphans)
    .where(lte(storageOrphans.nextAttemptAt, now))
    .orderBy(asc(storageOrphans.nextAttemptAt))
    .limit(orphanBatchSize);
  if (due.length === 0) return { deleted: 0, kept: 0, failed: 0 };

  // A key can only be attached by a push in its upload's company (`attachReceipt` accepts only
  // a verified upload of the caller's company). Under those companies' sync write locks no such
  // push runs, so no key can be attached between this check and forgetting its upload; once the
  // upload is forgotten, no mutation can attach the key again, so what is unreferenced here stays so.
  const inUse = await db.transaction(async (tx) => {
    const keys = due.map((orphan) => orphan.key);
    const owners = await tx.selectDistinct({ companyId: uploads.companyId }).from(uploads).where(inArray(uploads.key, keys));
    await lockSyncScopes(
      tx,
      owners.map((owner) => owner.companyId),
    );
    // A key matched from the inbox moved to a transaction; one still in an inbox waits there.
    const rows = await tx.selectDistinct({ key: receiptKey }).from(transactions).where(inArray(receiptKey, keys));
    const inbox = await tx.selectDistinct({ key: inboxKey }).from(inboxReceipts).where(inArray(inboxKey, keys));
    const referenced = new Set([...rows, ...inbox].map((row) => row.key));
    const unreferenced = keys.filter((key) => !referenced.has(key));
    if (referenced.size > 0) await tx.delete(storageOrphans).where(inArray(storageOrphans.key, [...referenced]));
    if (unreferenced.length > 0) await tx.delete(uploads).where(inArray(uploads.key, unreferenced));
    return referenced;
  });

  const result: SweepResult = { deleted: 0, kept: inUse.size, failed: 0 };
  for (const orphan of due) {
    if (inUse.has(orphan.key)) continue;
    try {
      await storage.delete(orphan.key);
      await db.delete(storageOrphans).where(eq(storageOrphans.key, orphan.key));
      result.deleted += 1;
    } catch (error) {
      const attempts = orphan.attempts + 1;
      await db
        .update(storageOrphans)
        .set({ attempts, lastError: String(error).slice(0, 500), nextAttemptAt: new Date(now.getTime() + orphanRetryDelayMs(attempts)) })
        .where(eq(storageOrphans.key, orphan.key));
      result.failed += 1;
    }
  }
  return result;
}

/** How often due retries are looked for when no commit wakes the sweeper. */
export const orphanSweepIntervalMs = 10 * 60_000;

export interface StorageSweeper {
  /** Resolves when no sweep is running. */
  idle(): Promise<void>;
  /** Stops listening and the timer, after the running sweep. */
  stop(): Promise<void>;
}

/**
 * Sweeps at start, whenever a commit records an orphan (NOTIFY, on every instance: deleting
 * an absent object does nothing, so two instances racing is harmless), and every ten
 * minutes for retries.
 */
export function startStorageSweeper(database: Database, storage: StorageProvider, now: () => Date): StorageSweeper {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const sweep = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          const result = await sweepStorageOrphans(database.db, storage, now());
          if (result.deleted + result.kept + result.failed === orphanBatchSize && result.failed < orphanBatchSize) again = true;
          if (result.failed > 0) logError('deleting stored files failed; retried later', { failed: result.failed });
        } catch (error) {
          logError('storage orphan sweep failed', {}, error);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const unlisten = database
    .listen(storageOrphansChannel, () => void sweep())
    .catch((error: unknown) => {
      logError('storage orphan listener failed; sweeping on the timer only', {}, error);
      return null;
    });
  void sweep();
  const timer = setInterval(() => void sweep(), orphanSweepIntervalMs);
  timer.unref();

  return {
    idle: async () => {
      await unlisten;
      while (running) await running;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await (
        await unlisten
      )?.();
      await running;
    },
  };
}
