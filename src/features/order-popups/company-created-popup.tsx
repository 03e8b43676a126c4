import { useTranslation } from 'react-i18next';
import { toastDurationMs } from '@domain/constants';
import { Popup } from '@src/components/popup/popup';

/**
 * SPEC §4: after company creation the popup shows for three times 3000 ms (then the
 * new-company flag resets, which the caller does in `onClose`); a click closes it sooner.
 */
export const companyCreatedPopupMs = 3 * toastDurationMs;

export function CompanyCreatedPopup({ open, companyName, onClose }: { open: boolean; companyName: string | null; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <Popup open={open} onClose={onClose} tone="success" title={t('companyCreated.title')} autoCloseMs={companyCreatedPopupMs}>
      {companyName ? t('companyCreated.textNamed', { name: companyName }) : t('companyCreated.text')}
    </Popup>
  );
}
