import { logError } from '../lib/log-error';
import type { AppDeps } from '../context';
import { pruneRateLimits } from '../db/queries/rate-limits';
import { pruneSessions } from '../db/queries/sessions';

const hour = 60 * 60 * 1000;
/** Longer than any rate-limit window, so pruning never forgets a key that still counts. */
const rateLimitMemoryMs = hour;

/** Deletes refresh tokens and codes dead for a day, and rate-limit keys quiet for an hour. */
export async function pruneAuthData(deps: AppDeps) {
  const now = deps.now();
  await pruneSessions(deps.database.db, now);
  await pruneRateLimits(deps.database.db, now, rateLimitMemoryMs);
}

/** Prunes now and every hour; every instance may run it, the deletes are idempotent. Returns the stop function. */
export function startAuthMaintenance(deps: AppDeps): () => void {
  const prune = () =>
    pruneAuthData(deps).catch((error: unknown) => {
      logError('auth pruning failed', {}, error);
    });
  void prune();
  const timer = setInterval(() => void prune(), hour);
  timer.unref();
  return () => clearInterval(timer);
}
