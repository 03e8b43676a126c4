import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { SyncEngine, SyncStatus } from '@sync/client/engine';
import { currentSyncEngine } from '../sync-runtime';

const noEngine = () => () => {};
const nothing = () => null;

/**
 * The sync status of the signed-in user's database (online, pending count, last synced,
 * failures, rejected changes) and the engine for "retry now" and dismissing; both null for
 * a guest. Showing it again after a sign-in resumes a sync paused by an ended session.
 */
export function useSyncStatus(): { status: SyncStatus | null; engine: SyncEngine | null } {
  const engine = useMemo(() => currentSyncEngine(), []);
  const status = useSyncExternalStore(engine ? (listener) => engine.subscribe(listener) : noEngine, engine ? () => engine.getStatus() : nothing, nothing);
  useEffect(() => {
    if (engine?.getStatus().phase === 'unauthorized') engine.retryNow();
  }, [engine]);
  return { status, engine };
}
