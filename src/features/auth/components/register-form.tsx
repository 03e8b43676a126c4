import { useState } from 'react';
import { Controller } from 'react-hook-form';
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
import { applyFieldErrors } from '@src/lib/form-errors';
import { href, paths } from '@src/lib/paths';
import { useErrorText } from '@src/lib/use-error-text';
import { register as registerAccount } from '../api/auth-api';
import { useAccountForm } from '../hooks/use-account-form';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { InternationalPhoneField } from './international-phone-field';
import { NewPasswordFields } from './new-password-fields';
import { PaymentExpiredPopup } from './payment-expired-popup';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

const fields = ['firstName', 'lastName', 'email', 'phone', 'password', 'repeatPassword', 'acceptTerms'] as const;

/** Create account (SPEC §2, §5): the form schema of `domain/`, the API body derived from it. */
export function RegisterForm() {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const completeSignIn = useCompleteSignIn();
  const errorText = useErrorText();
  // After a payment ('User does not exist'): the account is made from the order's contact.
  const location = useLocation();
  const [paid] = useState(() => paidOrderFromState(location.state));
  const [failure, setFailure] = useState<string | null>(null);
  // SPEC §4: an email flagged by an expired payment cannot get a new account either; it sees the payment-expired popup.
  const [blocked, setBlocked] = useState(false);
  const { register, control, handleSubmit, setError, watch, isSubmitting, fieldError, preload } = useAccountForm(
    () => import('@domain/register').then((schemas) => schemas.registerFormSchema),
    {
      firstName: paid?.firstName ?? '',
      lastName: paid?.lastName ?? '',
      email: paid?.email ?? '',
      // Everything the wizard collected is kept, the phone and its country too.
      phone: paid?.phone ?? '',
      password: '',
      repeatPassword: '',
    },
  );

  const onSubmit = handleSubmit(async ({ repeatPassword: _repeat, ...account }) => {
    setFailure(null);
    try {
      const user = await registerAccount({ ...account, language, attribution: readAttribution() }, draftToLink());
      await completeSignIn(user);
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'email_taken' || error.code === 'admin_email_reserved')) {
        setError('email', { type: 'server', message: `errors.${error.code}` }, { shouldFocus: true });
        return;
      }
      if (error instanceof ApiError && error.code === 'user_blocked') {
        setBlocked(true);
        return;
      }
      if (!applyFieldErrors(error, setError, fields)) setFailure(errorText(error));
    }
  });

  return (
    <form className={layout.stack} onSubmit={onSubmit} onFocus={preload} noValidate>
      {paid && <FormAlert tone="success">{t('paidOrder.register', { number: paid.orderNumber })}</FormAlert>}
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className={layout.row}>
        <TextField label={t('fields.firstName')} autoComplete="given-name" error={fieldError('firstName')} {...register('firstName')} />
        <TextField label={t('fields.lastName')} autoComplete="family-name" error={fieldError('lastName')} {...register('lastName')} />
      </div>
      <TextField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" error={fieldError('email')} {...register('email')} />
      <Controller
        control={control}
        name="phone"
        render={({ field }) => (
          <InternationalPhoneField
            label={t('fields.phone')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldError('phone')}
            language={language}
            initialCountry={paid?.phoneCountry ?? null}
          />
        )}
      />
      <NewPasswordFields
        label={t('fields.password')}
        password={register('password')}
        repeat={register('repeatPassword')}
        value={watch('password')}
        passwordError={fieldError('password')}
        repeatError={fieldError('repeatPassword')}
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
        error={fieldError('acceptTerms')}
        {...register('acceptTerms')}
      />
      <Button type="submit" block busy={isSubmitting} busyLabel={t('register.submitting')}>
        {t('register.submit')}
      </Button>
      <PaymentExpiredPopup open={blocked} onClose={() => setBlocked(false)} />
    </form>
  );
}
