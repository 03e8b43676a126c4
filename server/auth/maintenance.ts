import type { AppDeps } from '../context';
import { pruneRateLimits } from '../db/queries/rate-limits';
import { pruneSessions } from '../db/queries/sessions';

const hour = 60 * 60 * 1000;
/** Longer than any rate-limit window, so pruning never forgets a key that still counts. */
const rateLimitMemoryMs = hour;

/** Deletes dead refresh tokens, spent codes and forgotten rate-limit keys, now and every hour. */
export function startAuthMaintenance(deps: AppDeps): () => void {
  const prune = async () => {
    try {
      const now = deps.now();
      await pruneSessions(deps.database.db, now);
      await pruneRateLimits(deps.database.db, now, rateLimitMemoryMs);
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', msg: 'auth pruning failed', error: String(error) }));
    }
  };
  void prune();
  const timer = setInterval(prune, hour);
  timer.unref();
  return () => clearInterval(timer);
}
