import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { registerFormSchema } from '@domain/account';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { Button } from '@src/components/button';
import { CheckboxField } from '@src/components/form/checkbox-field';
import { FormAlert } from '@src/components/form/form-alert';
import { PasswordField } from '@src/components/form/password-field';
import { TextField } from '@src/components/form/text-field';
import { readAttribution } from '@src/features/attribution/attribution';
import { orderToAttach, paidOrderFromState } from '@src/features/checkout/paid-orders';
import { ApiError } from '@src/lib/api';
import { applyFieldErrors, useFieldError } from '@src/lib/form-errors';
import { href, paths } from '@src/lib/paths';
import { useErrorText } from '@src/lib/use-error-text';
import { register as registerAccount } from '../api/auth-api';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import styles from './auth-layout.module.css';
import { PasswordRules } from './password-rules';
import { PaymentExpiredPopup } from './payment-expired-popup';
import { PhoneField } from './phone-field';

type RegisterValues = z.input<typeof registerFormSchema>;
const fields = ['firstName', 'lastName', 'email', 'phone', 'password', 'repeatPassword', 'acceptTerms'] as const;

/** The company draft a visitor started in a wizard before creating the account (issue: funnel). */
const companyDraftKey = 'alta.companyDraftId';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function companyDraftId(): string | undefined {
  try {
    const id = localStorage.getItem(companyDraftKey);
    return id && uuidPattern.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Create account (SPEC §2, §5): the form schema of `domain/`, the API body derived from it. */
export function RegisterForm() {
  const { t } = useTranslation('auth');
  const { lang } = useParams();
  const language = isLanguage(lang) ? lang : defaultLanguage;
  const completeSignIn = useCompleteSignIn();
  const errorText = useErrorText();
  const rulesId = useId();
  // After a payment ('User does not exist'): the account is made from the order's contact.
  const location = useLocation();
  const [paid] = useState(() => paidOrderFromState(location.state));
  const [failure, setFailure] = useState<string | null>(null);
  // SPEC §4: an email flagged by an expired payment cannot get a new account either; it sees the payment-expired popup.
  const [blocked, setBlocked] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues, unknown, z.output<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { firstName: paid?.firstName ?? '', lastName: paid?.lastName ?? '', email: paid?.email ?? '', phone: '', password: '', repeatPassword: '' },
  });
  const fieldError = useFieldError(errors);
  const password = watch('password');

  const onSubmit = handleSubmit(async ({ repeatPassword: _repeat, ...account }) => {
    setFailure(null);
    try {
      const user = await registerAccount({ ...account, language, companyDraftId: companyDraftId(), attribution: readAttribution(), order: orderToAttach() });
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
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {paid && <FormAlert tone="success">{t('paidOrder.register', { number: paid.orderNumber })}</FormAlert>}
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className={styles.row}>
        <TextField label={t('fields.firstName')} autoComplete="given-name" error={fieldError('firstName')} {...register('firstName')} />
        <TextField label={t('fields.lastName')} autoComplete="family-name" error={fieldError('lastName')} {...register('lastName')} />
      </div>
      <TextField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" error={fieldError('email')} {...register('email')} />
      <Controller
        control={control}
        name="phone"
        render={({ field }) => (
          <PhoneField
            label={t('fields.phone')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldError('phone')}
            language={language}
          />
        )}
      />
      <PasswordField label={t('fields.password')} autoComplete="new-password" describedBy={rulesId} error={fieldError('password')} {...register('password')} />
      <PasswordRules id={rulesId} value={password ?? ''} />
      <PasswordField label={t('fields.repeatPassword')} autoComplete="new-password" error={fieldError('repeatPassword')} {...register('repeatPassword')} />
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
