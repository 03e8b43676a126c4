import { useTranslation } from 'react-i18next';
import type { UnsentWork } from '@sync/client/flush';
import { ConfirmDialog } from '@src/components/dialog/confirm-dialog';

/**
 * Logout would delete work only this device holds: names it with its count (`work` null when
 * it could not be checked) and lets the user stay to sync (focused first) or log out anyway.
 */
export function UnsentWorkDialog({
  open,
  work,
  busy,
  onStay,
  onLogOutAnyway,
}: {
  open: boolean;
  work: UnsentWork | null;
  busy: boolean;
  onStay: () => void;
  onLogOutAnyway: () => void;
}) {
  const { t } = useTranslation('common');
  const description = [
    work === null ? t('logout.unsentUnknown') : null,
    work && work.changes > 0 ? t('logout.unsentChanges', { count: work.changes }) : null,
    work && work.receipts > 0 ? t('logout.unsentReceipts', { count: work.receipts }) : null,
    t('logout.unsentHint'),
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <ConfirmDialog
      open={open}
      title={t('logout.unsentTitle')}
      description={description}
      confirmLabel={t('logout.anyway')}
      cancelLabel={t('logout.stay')}
      tone="danger"
      busy={busy}
      onCancel={onStay}
      onConfirm={onLogOutAnyway}
    />
  );
}

/** True when nothing would be lost. */
export const nothingUnsent = (work: UnsentWork | null): boolean => work !== null && work.changes === 0 && work.receipts === 0;
