import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SyncEngine, SyncStatus } from '@sync/client/engine';
import { syncEngine } from '../sync-engine';

const noEngine = () => () => {};
const nothing = () => null;

/**
 * The sync status of the signed-in user's database (online, pending count, last synced,
 * failures, rejected changes) and the engine for "retry now" and dismissing; both null for
 * a guest. Showing it again after a sign-in resumes a sync paused by an ended session.
 *
 * The sync runtime (engine, replica, mutators and their schemas, zod) is loaded here, once the
 * layout has rendered, instead of with every dashboard route's first JavaScript: no screen needs
 * it to paint, and a screen that writes loads it itself when it does (decisions 077, 078).
 */
export function useSyncStatus(): { status: SyncStatus | null; engine: SyncEngine | null } {
  const [engine, setEngine] = useState<SyncEngine | null>(null);
  useEffect(() => {
    let mounted = true;
    void syncEngine().then(
      (current) => {
        if (mounted) setEngine(current);
      },
      (error: unknown) => console.error('the sync runtime could not load', error),
    );
    return () => {
      mounted = false;
    };
  }, []);
  const status = useSyncExternalStore(engine ? (listener) => engine.subscribe(listener) : noEngine, engine ? () => engine.getStatus() : nothing, nothing);
  useEffect(() => {
    if (engine?.getStatus().phase === 'unauthorized') engine.retryNow();
  }, [engine]);
  return { status, engine };
}
