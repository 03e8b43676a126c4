import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import layout from '@src/components/form/form-layout.module.css';
import { ApiError } from '@src/lib/api';
import { applyFieldErrors } from '@src/lib/form-errors';
import { href, paths } from '@src/lib/paths';
import { useErrorText } from '@src/lib/use-error-text';
import { confirmTemporaryPassword } from '../api/auth-api';
import { useAccountForm } from '../hooks/use-account-form';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { NewPasswordFields } from './new-password-fields';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

/** SPEC §7 temporary-confirm: login answered NEW_PASSWORD_REQUIRED; a new password opens the session. */
export function NewPasswordForm({ email, cognitoSession }: { email: string; cognitoSession: string }) {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const completeSignIn = useCompleteSignIn();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const { register, handleSubmit, setError, watch, isSubmitting, fieldError, preload } = useAccountForm(
    () => import('@domain/account').then((schemas) => schemas.temporaryConfirmFormSchema),
    {
      newPassword: '',
      repeatPassword: '',
    },
  );

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setFailure(null);
    try {
      await completeSignIn(await confirmTemporaryPassword({ email, newPassword, cognitoSession }));
    } catch (error) {
      // The challenge of the first login expired or was already used: log in again.
      if (error instanceof ApiError && error.code === 'invalid_security_code') {
        setExpired(true);
        return;
      }
      if (!applyFieldErrors(error, setError, ['newPassword'])) setFailure(errorText(error));
    }
  });

  if (expired) {
    return (
      <FormAlert>
        {t('newPassword.expired')} <Link to={href(language, paths.login)}>{t('newPassword.loginAgain')}</Link>
      </FormAlert>
    );
  }

  return (
    <form className={layout.stack} onSubmit={onSubmit} onFocus={preload} noValidate>
      {failure && <FormAlert>{failure}</FormAlert>}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordFields
        label={t('fields.newPassword')}
        password={register('newPassword')}
        repeat={register('repeatPassword')}
        value={watch('newPassword')}
        passwordError={fieldError('newPassword')}
        repeatError={fieldError('repeatPassword')}
      />
      <Button type="submit" block busy={isSubmitting} busyLabel={t('newPassword.submitting')}>
        {t('newPassword.submit')}
      </Button>
    </form>
  );
}
