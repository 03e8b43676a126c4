import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnsentWork } from '@sync/client/flush';
import { ConfirmDialog } from '@src/components/dialog/confirm-dialog';
import { useSignOut } from '../hooks/use-sign-out';
import { useCurrentUser } from '../session-store';

/** `work` null: the device's database could not be read, so what it holds is unknown. */
type Step = { kind: 'confirm' } | { kind: 'sending'; changes: number } | { kind: 'unsent'; work: UnsentWork | null };

const loadUnsentWork = () => import('../unsent-work');

/**
 * SPEC §2: logout asks for confirmation first. Logout deletes this device's database, so on
 * "Log out" the changes and receipts only this device holds are sent first (a short bounded
 * wait, with the count left shown); whatever is still unsent is named with its count, and the
 * user chooses between staying to sync and losing it.
 */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const { busy, signOutAndGo } = useSignOut();
  const [step, setStep] = useState<Step>({ kind: 'confirm' });
  const signedIn = useCurrentUser() !== null;
  const unsentText = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (open) setStep({ kind: 'confirm' });
  }, [open]);

  // Loaded ahead while online, so a logout made offline can still count what it would lose.
  // Only once someone is signed in here (the dashboard has the engine loaded anyway): public
  // pages stay free of Dexie.
  useEffect(() => {
    if (signedIn) void loadUnsentWork().catch(() => {});
  }, [signedIn]);

  // The buttons were disabled while sending, which drops the focus: give it to the safe choice, staying.
  useEffect(() => {
    if (step.kind === 'unsent') unsentText.current?.closest('dialog')?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [step.kind]);

  const logOut = async () => {
    await signOutAndGo();
    onClose();
  };

  const sendThenLogOut = async () => {
    setStep({ kind: 'sending', changes: 0 });
    let unsent: UnsentWork | null;
    try {
      const { sendBeforeLogout } = await loadUnsentWork();
      unsent = await sendBeforeLogout((work) => setStep({ kind: 'sending', changes: work.changes }));
    } catch (error) {
      // The check itself failed (its code could not load offline, the database cannot be read):
      // say so rather than risk deleting unsent work without a word.
      console.error('counting unsent changes failed', error);
      unsent = null;
    }
    if (unsent && unsent.changes === 0 && unsent.receipts === 0) await logOut();
    else setStep({ kind: 'unsent', work: unsent });
  };

  const stay = () => {
    onClose();
    void loadUnsentWork().then(({ syncNow }) => syncNow(), () => {});
  };

  if (step.kind === 'unsent') {
    const { work } = step;
    return (
      <ConfirmDialog
        open={open}
        title={t('logout.unsentTitle')}
        description={
          <span ref={unsentText}>
            {[
              work === null ? t('logout.unsentUnknown') : null,
              work && work.changes > 0 ? t('logout.unsentChanges', { count: work.changes }) : null,
              work && work.receipts > 0 ? t('logout.unsentReceipts', { count: work.receipts }) : null,
              t('logout.unsentHint'),
            ]
              .filter(Boolean)
              .join(' ')}
          </span>
        }
        confirmLabel={t('logout.anyway')}
        cancelLabel={t('logout.stay')}
        tone="danger"
        busy={busy}
        onCancel={stay}
        onConfirm={() => void logOut()}
      />
    );
  }

  const sending = step.kind === 'sending';
  return (
    <ConfirmDialog
      open={open}
      title={t('logout.title')}
      description={
        sending ? (
          <span role="status">
            {t('logout.sending')} {step.changes > 0 ? t('logout.sendingLeft', { count: step.changes }) : null}
          </span>
        ) : (
          t('logout.description')
        )
      }
      confirmLabel={t('logout.confirm')}
      cancelLabel={t('logout.cancel')}
      busy={busy || sending}
      onCancel={onClose}
      onConfirm={() => void sendThenLogOut()}
    />
  );
}
