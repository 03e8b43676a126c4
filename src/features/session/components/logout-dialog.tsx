import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@src/components/dialog/confirm-dialog';
import { useSignOut } from '../hooks/use-sign-out';

/** SPEC §2: logout asks for confirmation first. */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const { busy, signOutAndGo } = useSignOut();
  return (
    <ConfirmDialog
      open={open}
      title={t('logout.title')}
      description={t('logout.description')}
      confirmLabel={t('logout.confirm')}
      cancelLabel={t('logout.cancel')}
      busy={busy}
      onCancel={onClose}
      onConfirm={async () => {
        await signOutAndGo();
        onClose();
      }}
    />
  );
}
