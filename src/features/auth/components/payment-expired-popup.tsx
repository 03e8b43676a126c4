import { useTranslation } from 'react-i18next';
import { Popup } from '@src/components/popup/popup';

/** SPEC §4: a blocked user (expired payment) trying to log in. */
export function PaymentExpiredPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <Popup open={open} onClose={onClose} tone="warning" title={t('paymentExpired.title')}>
      {t('paymentExpired.text')}
    </Popup>
  );
}
