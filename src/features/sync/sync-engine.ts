import type { SyncEngine } from '@sync/client/engine';
import { loadOnce } from '@src/lib/load-once';
import { nextTask } from '@src/lib/slices';

/**
 * The sync runtime (engine, replica, every mutator with its schemas, zod) is not part of any
 * screen's first JavaScript (decisions 077, 078): the layout loads it once the page has
 * rendered, and a screen that writes asks for the engine here when it writes. Every caller
 * awaits the same import, so changes made before it arrives keep the order they were made in.
 */
export const loadSyncRuntime = loadOnce(async () => {
  // Evaluating the runtime's modules is mostly building their schemas, some 100–190 ms of one
  // task on a laptop (four times that on a phone): the modules that build the most are
  // evaluated first, each in a task of its own, so input and paint are not held for all of it.
  for (const stage of runtimeStages) {
    await stage();
    await nextTask();
  }
  return import('./sync-runtime');
});

/** The runtime's heaviest modules to evaluate, in the order they are evaluated before it. */
const runtimeStages = [() => import('@domain/files'), () => import('@domain/draft'), () => import('@domain/bookkeeping'), () => import('@sync/mutators')];

/** The signed-in user's engine, started if needed; null for a guest. */
export async function syncEngine(): Promise<SyncEngine | null> {
  return (await loadSyncRuntime()).currentSyncEngine();
}
