import type { OutboxPusher } from '@sync/client/cycle';
import { connectWorker, type WorkerHandle } from './comlink.client';
import type { SyncPushWorker } from './sync-push.worker';

/** The pushes of one user's sync engine, sent from the sync push worker (main-thread side). */
export interface WorkerPushes {
  /**
   * The engine's pusher: the whole outbox pushed from the worker. The first push of the session
   * starts the worker and goes from this thread (`here`), as do the pushes until the worker has
   * loaded: a change made then is not held back by the worker's start. Where the worker cannot
   * run (its script could not be loaded, say after a deploy replaced it, or it failed outside a
   * push) it is ended and `here` takes over for good; a push it may have had under way is
   * harmless, since the server applies each mutation once.
   */
  pusher(here: OutboxPusher): OutboxPusher;
  /** Ends the worker; called once no push is under way. */
  terminate(): void;
}

export function startWorkerPushes(userId: string): WorkerPushes {
  let worker: { handle: WorkerHandle<SyncPushWorker>; failed: Promise<'failed'>; ready: boolean } | null = null;
  let broken = false;
  const terminate = () => {
    worker?.handle.terminate();
    worker = null;
  };
  const fail = () => {
    broken = true;
    terminate();
  };
  const start = () => {
    const created = new Worker(new URL('./sync-push.worker.ts', import.meta.url), { type: 'module', name: 'alta-sync-push' });
    const failed = new Promise<'failed'>((resolve) =>
      created.addEventListener('error', (event) => {
        event.preventDefault();
        resolve('failed');
      }),
    );
    const started = { handle: connectWorker<SyncPushWorker>(created), failed, ready: false };
    // Its first answer says the worker has loaded.
    void Promise.race([started.handle.remote.ready(), failed]).then(
      (outcome) => {
        if (worker !== started) return;
        if (outcome === 'failed') fail();
        else started.ready = true;
      },
      () => worker === started && fail(),
    );
    return started;
  };
  return {
    pusher: (here) => async () => {
      if (broken) return here();
      worker ??= start();
      if (!worker.ready) return here();
      const outcome = await Promise.race([worker.handle.remote.push(userId), worker.failed]);
      if (outcome !== 'failed') return outcome;
      fail();
      return here();
    },
    terminate,
  };
}
