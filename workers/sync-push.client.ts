import type { OutboxPusher } from '@sync/client/cycle';
import { connectWorker, type WorkerHandle } from './comlink.client';
import type { SyncPushWorker } from './sync-push.worker';

/** The pushes of one user's sync engine, sent from the sync push worker (main-thread side). */
export interface WorkerPushes {
  /**
   * The engine's pusher: the whole outbox pushed from the worker, started on the first push and
   * kept. Where the worker cannot run (its script could not be loaded, say after a deploy
   * replaced it, or it failed outside a push) it is ended and `here`, the push on this thread,
   * takes over for good; a push it may have had under way is harmless, since the server applies
   * each mutation once.
   */
  pusher(here: OutboxPusher): OutboxPusher;
  /** Ends the worker; called once no push is under way. */
  terminate(): void;
}

export function startWorkerPushes(userId: string): WorkerPushes {
  let running: { handle: WorkerHandle<SyncPushWorker>; failed: Promise<'failed'> } | null = null;
  let broken = false;
  const terminate = () => {
    running?.handle.terminate();
    running = null;
  };
  const start = () => {
    const worker = new Worker(new URL('./sync-push.worker.ts', import.meta.url), { type: 'module', name: 'alta-sync-push' });
    const failed = new Promise<'failed'>((resolve) =>
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        resolve('failed');
      }),
    );
    return { handle: connectWorker<SyncPushWorker>(worker), failed };
  };
  return {
    pusher: (here) => async () => {
      if (broken) return here();
      running ??= start();
      const outcome = await Promise.race([running.handle.remote.push(userId), running.failed]);
      if (outcome !== 'failed') return outcome;
      broken = true;
      terminate();
      return here();
    },
    terminate,
  };
}
