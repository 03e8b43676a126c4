import { logError } from '../lib/log-error';

/**
 * Runs `job` now and then every `everyMs` on this instance, never two runs of it at once. A run
 * that throws (the database away) is logged as `failure` and the next tick tries again: every job
 * claims its work in the database, so instances run side by side and a failed run loses nothing.
 * Returns the stop function.
 */
export function repeatEvery(everyMs: number, failure: string, job: () => Promise<unknown>): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await job();
    } catch (error) {
      logError(failure, {}, error);
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
