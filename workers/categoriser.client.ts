import { connectWorker, type WorkerHandle } from './comlink.client';
import type { CategoriserWorker } from './categoriser.worker';

/** Starts the categoriser worker of one company (main-thread side); `terminate` ends it. */
export function startCategoriser(): WorkerHandle<CategoriserWorker> {
  const worker = new Worker(new URL('./categoriser.worker.ts', import.meta.url), { type: 'module', name: 'alta-categoriser' });
  return connectWorker<CategoriserWorker>(worker);
}
