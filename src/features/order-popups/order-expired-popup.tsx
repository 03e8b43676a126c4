import { useTranslation } from 'react-i18next';
import { Popup } from '@src/components/popup/popup';

/** SPEC §4's payment-expired popup, for an order whose 24 hours ran out before it was paid. */
export function OrderExpiredPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('checkout');
  return (
    <Popup open={open} onClose={onClose} tone="warning" title={t('expired.popupTitle')}>
      {t('expired.popupText')}
    </Popup>
  );
}
