import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnsentWork } from '@sync/client/flush';
import { ConfirmDialog } from '@src/components/dialog/confirm-dialog';
import { preloadUnsentWork, sendUnsentWorkFirst, syncNowAfterStaying, useSignOut } from '../hooks/use-sign-out';
import { useCurrentUser } from '../session-store';
import { nothingUnsent, UnsentWorkDialog } from './unsent-work-dialog';

/** `work` null: what the device holds could not be checked. */
type Step = { kind: 'confirm' } | { kind: 'sending'; changes: number } | { kind: 'unsent'; work: UnsentWork | null };

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

  useEffect(() => {
    if (open) setStep({ kind: 'confirm' });
  }, [open]);

  // Only once someone is signed in here (the dashboard has the engine loaded anyway): public
  // pages stay free of Dexie.
  useEffect(() => {
    if (signedIn) preloadUnsentWork();
  }, [signedIn]);

  const logOut = async () => {
    await signOutAndGo(undefined, { unsentChecked: true });
    onClose();
  };

  const sendThenLogOut = async () => {
    setStep({ kind: 'sending', changes: 0 });
    const unsent = await sendUnsentWorkFirst((work) => setStep({ kind: 'sending', changes: work.changes }));
    if (nothingUnsent(unsent)) await logOut();
    else setStep({ kind: 'unsent', work: unsent });
  };

  if (step.kind === 'unsent') {
    return (
      <UnsentWorkDialog
        open={open}
        work={step.work}
        busy={busy}
        onStay={() => {
          onClose();
          syncNowAfterStaying();
        }}
        onLogOutAnyway={() => void logOut()}
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
