import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { redirectCountdownSeconds } from '@domain/constants';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import layout from '@src/components/form/form-layout.module.css';
import { TextField } from '@src/components/form/text-field';
import { formatDuration } from '@src/i18n/format';
import { ApiError } from '@src/lib/api';
import { applyFieldErrors } from '@src/lib/form-errors';
import { href, paths } from '@src/lib/paths';
import { useCountdown } from '@src/lib/use-countdown';
import { useErrorText } from '@src/lib/use-error-text';
import { confirmPasswordReset } from '../api/auth-api';
import { useAccountForm } from '../hooks/use-account-form';
import { forgetResetEmail, recallResetEmail } from '../reset-email';
import styles from './auth-layout.module.css';
import { NewPasswordFields } from './new-password-fields';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

const fields = ['email', 'code', 'newPassword', 'repeatPassword'] as const;

/** Reset password, step 2: the security code and a new password; then back to login after 3 s (SPEC §9). */
export function ResetConfirmForm() {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const location = useLocation();
  const state = location.state as { email?: string; sent?: boolean } | null;
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { register, handleSubmit, setError, watch, isSubmitting, fieldError, preload } = useAccountForm(
    () => import('@domain/account').then((schemas) => schemas.resetConfirmFormSchema),
    {
      email: state?.email ?? recallResetEmail(),
      code: '',
      newPassword: '',
      repeatPassword: '',
    },
  );
  const toLogin = useCallback(() => void navigate(href(language, paths.login), { replace: true }), [language, navigate]);
  const seconds = useCountdown(redirectCountdownSeconds, toLogin, done);

  const onSubmit = handleSubmit(async ({ email, code, newPassword }) => {
    setFailure(null);
    try {
      await confirmPasswordReset({ email, code, newPassword });
      forgetResetEmail();
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_security_code') {
        setError('code', { type: 'server', message: 'errors.invalid_security_code' }, { shouldFocus: true });
        return;
      }
      if (!applyFieldErrors(error, setError, fields)) setFailure(errorText(error));
    }
  });

  if (done) {
    return (
      <div className={layout.stack}>
        <FormAlert tone="success">
          <strong>{t('resetConfirm.success')}</strong>
        </FormAlert>
        <p>{t('resetConfirm.redirecting', { time: formatDuration(seconds, language) })}</p>
        <Link to={href(language, paths.login)}>{t('resetConfirm.goToLogin')}</Link>
      </div>
    );
  }

  return (
    <form className={layout.stack} onSubmit={onSubmit} onFocus={preload} noValidate>
      {state?.sent && !failure && <FormAlert tone="success">{t('resetConfirm.sent')}</FormAlert>}
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" error={fieldError('email')} {...register('email')} />
      <TextField
        label={t('fields.code')}
        hint={t('resetConfirm.codeHint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={fieldError('code')}
        {...register('code')}
      />
      <NewPasswordFields
        label={t('fields.newPassword')}
        password={register('newPassword')}
        repeat={register('repeatPassword')}
        value={watch('newPassword')}
        passwordError={fieldError('newPassword')}
        repeatError={fieldError('repeatPassword')}
      />
      <Button type="submit" block busy={isSubmitting} busyLabel={t('resetConfirm.submitting')}>
        {t('resetConfirm.submit')}
      </Button>
      <p className={styles.between}>
        <Link to={href(language, paths.resetPassword)}>{t('resetConfirm.resend')}</Link>
      </p>
    </form>
  );
}
