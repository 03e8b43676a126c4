import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import layout from '@src/components/form/form-layout.module.css';
import { TextField } from '@src/components/form/text-field';
import { applyFieldErrors } from '@src/lib/form-errors';
import { href, paths } from '@src/lib/paths';
import { useErrorText } from '@src/lib/use-error-text';
import { requestPasswordReset } from '../api/auth-api';
import { useAccountForm } from '../hooks/use-account-form';
import { rememberResetEmail } from '../reset-email';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

/** Reset password, step 1: the email that receives a 6-digit code; then the confirm screen. */
export function ResetRequestForm() {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, isSubmitting, fieldError, preload } = useAccountForm(
    () => import('@domain/account').then((schemas) => schemas.resetRequestSchema),
    { email: '' },
  );

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await requestPasswordReset({ email, language });
      rememberResetEmail(email);
      await navigate(href(language, paths.resetPasswordConfirm), { state: { email, sent: true } });
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['email'])) setFailure(errorText(error));
    }
  });

  return (
    <form className={layout.stack} onSubmit={onSubmit} onFocus={preload} noValidate>
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" error={fieldError('email')} {...register('email')} />
      <Button type="submit" block busy={isSubmitting} busyLabel={t('resetRequest.submitting')}>
        {t('resetRequest.submit')}
      </Button>
    </form>
  );
}
