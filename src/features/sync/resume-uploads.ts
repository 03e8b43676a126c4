import { currentUserDatabase } from '@sync/client/db';
import { loadSyncRuntime } from './sync-engine';

/**
 * Run once when the app starts, on every page: nothing saved on this device waits for the next
 * keystroke. The signed-in user's engine starts (it pushes the outbox and pulls at once, and
 * again on `online`), and a guest's wizard drafts not yet uploaded are sent (and again on `online`).
 * The runtime comes through `loadSyncRuntime`, evaluated in steps like for every other caller.
 */
export async function resumeUploads(): Promise<void> {
  const { currentSyncEngine } = await loadSyncRuntime();
  if (currentUserDatabase()) currentSyncEngine();
  // Part of the runtime, evaluated with it.
  (await import('./guest-drafts')).resumeGuestUploads();
}
