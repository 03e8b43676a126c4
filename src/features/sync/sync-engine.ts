import type { SyncEngine } from '@sync/client/engine';
import { loadOnce } from '@src/lib/load-once';

/**
 * The sync runtime (engine, replica, every mutator with its schemas, zod) is not part of any
 * screen's first JavaScript (decisions 077, 078): the layout loads it once the page has
 * rendered, and a screen that writes asks for the engine here when it writes. Every caller
 * awaits the same import, so changes made before it arrives keep the order they were made in.
 */
export const loadSyncRuntime = loadOnce(() => import('./sync-runtime'));

/** The signed-in user's engine, started if needed; null for a guest. */
export async function syncEngine(): Promise<SyncEngine | null> {
  return (await loadSyncRuntime()).currentSyncEngine();
}
