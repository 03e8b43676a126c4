import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { UnsentWork } from '@sync/client/flush';
import { href, paths } from '@src/lib/paths';
import { nothingUnsent, UnsentWorkDialog } from '../components/unsent-work-dialog';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

// Dexie and the sync engine come with it: loaded only when someone signs out (or about to).
const loadUnsentWork = () => import('../unsent-work');

/** Loads the unsent-work check ahead (while online), so a sign-out made offline can still run it. */
export function preloadUnsentWork(): void {
  void loadUnsentWork().catch(() => {});
}

/**
 * Sends what only this device holds (receipts, then the outbox; a short bounded wait) and
 * resolves with what is still unsent; null when that could not be checked (its code did not
 * load offline, the database cannot be read), which callers treat as "maybe something".
 */
export async function sendUnsentWorkFirst(onProgress?: (work: UnsentWork) => void): Promise<UnsentWork | null> {
  try {
    const { sendBeforeLogout } = await loadUnsentWork();
    return await sendBeforeLogout(onProgress);
  } catch (error) {
    console.error('checking unsent changes failed', error);
    return null;
  }
}

/** "Stay and sync": the engine tries again now rather than after its backoff. */
export function syncNowAfterStaying(): void {
  void loadUnsentWork().then(
    ({ syncNow }) => syncNow(),
    () => {},
  );
}

/**
 * Signs out and goes to `to` (login by default). The session module (with Dexie) is loaded
 * only now, so the public chrome that offers logout stays light. Sign-out deletes the user's
 * database, so unsent work is sent first; when some is still unsent the user is asked
 * (`unsentPrompt`, which the caller renders) unless the caller asked already
 * (`unsentChecked`, the logout dialog).
 */
export function useSignOut() {
  const navigate = useNavigate();
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const [unsent, setUnsent] = useState<{ to: string; work: UnsentWork | null } | null>(null);

  const signOutAndGo = useCallback(
    async (to: string = href(language, paths.login), options: { unsentChecked?: boolean } = {}) => {
      setBusy(true);
      try {
        if (!options.unsentChecked) {
          const work = await sendUnsentWorkFirst();
          if (!nothingUnsent(work)) {
            setUnsent({ to, work });
            return;
          }
        }
        const { signOut } = await import('../local-session');
        await signOut();
        setUnsent(null);
      } finally {
        setBusy(false);
      }
      await navigate(to, { replace: true });
    },
    [language, navigate],
  );

  const unsentPrompt: ReactNode = unsent && (
    <UnsentWorkDialog
      open
      work={unsent.work}
      busy={busy}
      onStay={() => {
        setUnsent(null);
        syncNowAfterStaying();
      }}
      onLogOutAnyway={() => void signOutAndGo(unsent.to, { unsentChecked: true })}
    />
  );

  return { busy, signOutAndGo, unsentPrompt };
}
