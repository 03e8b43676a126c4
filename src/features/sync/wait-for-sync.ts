import { syncEngine } from './sync-engine';

/** Resolves once this device has nothing left to push (or after 10 s: the server checks anyway). */
export async function waitForSync(): Promise<void> {
  const engine = await syncEngine();
  if (!engine || engine.getStatus().pendingCount === 0) return;
  return new Promise((resolve) => {
    const timer = setTimeout(done, 10_000);
    const stop = engine.subscribe((status) => {
      if (status.pendingCount === 0) done();
    });
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
    engine.retryNow();
  });
}
