import { useTranslation } from 'react-i18next';
import { TextField } from '@src/components/form/text-field';

/** The account's email in a form read when it is sent (login, create account, reset password): prefilled with an order's email after a payment. */
export function AccountEmailField({ defaultValue, error }: { defaultValue: string; error?: string }) {
  const { t } = useTranslation('auth');
  return <TextField label={t('fields.email')} name="email" type="email" autoComplete="email" inputMode="email" defaultValue={defaultValue} error={error} />;
}
