import { useTranslation } from 'react-i18next';
import { Popup } from '@src/components/popup/popup';

interface PaymentSuccessPopupProps {
  open: boolean;
  orderNumber: string;
  email: string;
  /** SPEC §4: 'User exists' (log in next) or 'User does not exist' (create the account next); null when unknown. */
  userExists: boolean | null;
  onClose: () => void;
}

/** SPEC §4: the payment-success popup; it closes on a click or after 3000 ms, with the 300 ms animation. */
export function PaymentSuccessPopup({ open, orderNumber, email, userExists, onClose }: PaymentSuccessPopupProps) {
  const { t } = useTranslation('checkout');
  const next = userExists === null ? t('success.userUnknown') : t(userExists ? 'success.userExists' : 'success.userDoesNotExist', { email });
  return (
    <Popup open={open} onClose={onClose} tone="success" title={t('success.title')}>
      <p>{t('success.order', { number: orderNumber })}</p>
      <p>{next}</p>
    </Popup>
  );
}
