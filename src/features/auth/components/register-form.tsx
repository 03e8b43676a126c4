import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '@src/components/button';
import { CheckboxField } from '@src/components/form/checkbox-field';
import { FormAlert } from '@src/components/form/form-alert';
import layout from '@src/components/form/form-layout.module.css';
import { TextField } from '@src/components/form/text-field';
import { readAttribution } from '@src/features/attribution/attribution';
import { paidOrderFromState } from '@src/features/checkout/paid-orders';
import { draftToLink } from '@src/features/sync/draft-keys';
import { ApiError } from '@src/lib/api';
import { href, paths } from '@src/lib/paths';
import { useErrorText } from '@src/lib/use-error-text';
import { useFormDataChecks } from '@src/lib/use-form-data-checks';
import { useHydrated } from '@src/lib/use-hydrated';
import { register as registerAccount } from '../api/auth-api';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { AccountEmailField } from './account-email-field';
import { InternationalPhoneField, phoneOf } from './international-phone-field';
import { NewPasswordFields } from './new-password-fields';
import { PaymentExpiredPopup } from './payment-expired-popup';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

const fields = ['firstName', 'lastName', 'email', 'phone', 'password', 'repeatPassword', 'acceptTerms'] as const;
// The schema (zod, with the phone's rules) loads on the form's first focus, not with the page.
const loadSchema = () => import('@domain/register').then((schemas) => schemas.registerFormSchema);

/**
 * Create account (SPEC §2, §5): the form schema of `domain/`, the API body derived from it. Its
 * fields are read from the form when it is sent, so what a visitor types on the pre-rendered page
 * before the app has hydrated it is what is sent (decision 082).
 */
export function RegisterForm() {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const completeSignIn = useCompleteSignIn();
  const errorText = useErrorText();
  // After a payment ('User does not exist'): the account is made from the order's contact. Kept in
  // the history's state, which the pre-rendered page cannot know: shown once hydrated.
  const location = useLocation();
  const [paidOrder] = useState(() => paidOrderFromState(location.state));
  const paid = useHydrated() ? paidOrder : null;
  const [failure, setFailure] = useState<string | null>(null);
  // SPEC §4: an email flagged by an expired payment cannot get a new account either; it sees the payment-expired popup.
  const [blocked, setBlocked] = useState(false);
  const checks = useFormDataChecks(fields, loadSchema, { derived: { phone: phoneOf } });
  // The rules' checklist follows the password, from what was typed before the app hydrated the page on.
  const passwordInput = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  useEffect(() => setPassword(passwordInput.current?.value ?? ''), []);

  const onSubmit = checks.handleSubmit(
    async ({ repeatPassword: _repeat, ...account }) => {
      setFailure(null);
      const user = await registerAccount({ ...account, language, attribution: readAttribution() }, draftToLink());
      await completeSignIn(user);
    },
    (error, form) => {
      if (error instanceof ApiError && (error.code === 'email_taken' || error.code === 'admin_email_reserved'))
        checks.refuseField('email', `errors.${error.code}`, form);
      else if (error instanceof ApiError && error.code === 'user_blocked') setBlocked(true);
      else if (!checks.refuse(error, form)) setFailure(errorText(error));
    },
  );

  return (
    <form className={layout.stack} onSubmit={onSubmit} data-island="register" {...checks.formProps}>
      {paid && <FormAlert tone="success">{t('paidOrder.register', { number: paid.orderNumber })}</FormAlert>}
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className={layout.row}>
        <TextField
          label={t('fields.firstName')}
          name="firstName"
          autoComplete="given-name"
          defaultValue={paid?.firstName ?? ''}
          error={checks.fieldError('firstName')}
        />
        <TextField
          label={t('fields.lastName')}
          name="lastName"
          autoComplete="family-name"
          defaultValue={paid?.lastName ?? ''}
          error={checks.fieldError('lastName')}
        />
      </div>
      <AccountEmailField defaultValue={paid?.email ?? ''} error={checks.fieldError('email')} />
      {/* Everything the wizard collected is kept, the phone and its country too. */}
      <InternationalPhoneField
        label={t('fields.phone')}
        error={checks.fieldError('phone')}
        language={language}
        initial={paid && { phone: paid.phone ?? '', country: paid.phoneCountry ?? null }}
      />
      <NewPasswordFields
        label={t('fields.password')}
        password={{ name: 'password', defaultValue: '', ref: passwordInput, onChange: (event) => setPassword(event.target.value) }}
        repeat={{ name: 'repeatPassword', defaultValue: '' }}
        value={password}
        passwordError={checks.fieldError('password')}
        repeatError={checks.fieldError('repeatPassword')}
      />
      <CheckboxField
        label={
          <Trans
            t={t}
            i18nKey="register.acceptTerms"
            components={{
              terms: <Link to={href(language, paths.terms)} target="_blank" />,
              privacy: <Link to={href(language, paths.privacy)} target="_blank" />,
            }}
          />
        }
        name="acceptTerms"
        error={checks.fieldError('acceptTerms')}
      />
      <Button type="submit" block busy={checks.sending} busyLabel={t('register.submitting')} {...checks.sendButtonProps}>
        {t('register.submit')}
      </Button>
      <PaymentExpiredPopup open={blocked} onClose={() => setBlocked(false)} />
    </form>
  );
}
