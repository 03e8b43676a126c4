import { currentUserDatabase } from '@sync/client/db';
import { resumeGuestUploads } from './guest-drafts';
import { currentSyncEngine } from './sync-runtime';

/**
 * Run once when the app starts, on every page: nothing saved on this device waits for the next
 * keystroke. The signed-in user's engine starts (it pushes the outbox and pulls at once, and
 * again on `online`), and a guest's wizard drafts not yet uploaded are sent (and again on `online`).
 */
export function resumeUploads(): void {
  if (currentUserDatabase()) currentSyncEngine();
  resumeGuestUploads();
}
