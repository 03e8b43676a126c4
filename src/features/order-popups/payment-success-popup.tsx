import { useTranslation } from 'react-i18next';
import { countryName } from '@domain/countries';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { Popup } from '@src/components/popup/popup';

/** What happens after a payment, in plain words: the same text in the popup and on the page it leaves behind. */
export interface PaidNextStep {
  orderNumber: string;
  email: string;
  /** SPEC §4: an account with the order's email exists (log in next) or not (create it next); null when unknown. */
  userExists: boolean | null;
  /** Set when the order already belongs to the signed-in payer: the company is in the dashboard. */
  companyId: string | null;
  /** SPEC §1: a partner lives in this country, where digital banking is unavailable; null when banking is open. */
  bankingUnavailableIn: string | null;
}

/** The sentence for the next step (its `checkout` key and values): the dashboard, log in, create the account, or either when unknown. */
export function paidNextStep({ email, userExists, companyId }: Pick<PaidNextStep, 'email' | 'userExists' | 'companyId'>): {
  key: string;
  values: { email: string };
} {
  if (companyId) return { key: 'success.owned', values: { email } };
  if (userExists === null) return { key: 'success.userUnknown', values: { email } };
  return { key: userExists ? 'success.userExists' : 'success.userDoesNotExist', values: { email } };
}

export function usePaidNextStepText() {
  const { t } = useTranslation('checkout');
  return (step: PaidNextStep) => {
    const { key, values } = paidNextStep(step);
    return t(key, values);
  };
}

/** SPEC §1: said after payment, as the wizard said it, when a partner lives where digital banking is unavailable. */
export function NoBankingNote({ country }: { country: string | null }) {
  const { t, i18n } = useTranslation('checkout');
  if (!country) return null;
  const language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
  return <p>{t('success.noBanking', { country: countryName(country, language) })}</p>;
}

/** SPEC §4: the payment-success popup; it closes on a click or after 3000 ms, with the 300 ms animation. */
export function PaymentSuccessPopup({ open, step, onClose }: { open: boolean; step: PaidNextStep; onClose: () => void }) {
  const { t } = useTranslation('checkout');
  const nextStep = usePaidNextStepText();
  return (
    <Popup open={open} onClose={onClose} tone="success" title={t('success.title')}>
      <p>{t('success.order', { number: step.orderNumber })}</p>
      <p>{nextStep(step)}</p>
      <NoBankingNote country={step.bankingUnavailableIn} />
    </Popup>
  );
}
