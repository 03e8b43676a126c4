import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import layout from '@src/components/form/form-layout.module.css';
import { href, paths } from '@src/lib/paths';
import { useErrorText } from '@src/lib/use-error-text';
import { useFormDataChecks } from '@src/lib/use-form-data-checks';
import { requestPasswordReset } from '../api/auth-api';
import { rememberResetEmail } from '../reset-email';
import { AccountEmailField } from './account-email-field';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

const fields = ['email'] as const;
// The schema (zod, with the server's rules and messages) loads on the form's first focus.
const loadSchema = () => import('@domain/account').then((schemas) => schemas.resetRequestSchema);

/**
 * Reset password, step 1: the email that receives a 6-digit code; then the confirm screen. Its
 * field is read from the form when it is sent, so what a visitor types on the pre-rendered page
 * before the app has hydrated it is what is sent (decision 082).
 */
export function ResetRequestForm() {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const checks = useFormDataChecks(fields, loadSchema);

  const onSubmit = checks.handleSubmit(
    async ({ email }) => {
      setFailure(null);
      await requestPasswordReset({ email, language });
      rememberResetEmail(email);
      await navigate(href(language, paths.resetPasswordConfirm), { state: { email, sent: true } });
    },
    (error, form) => {
      if (!checks.refuse(error, form)) setFailure(errorText(error));
    },
  );

  return (
    <form className={layout.stack} onSubmit={onSubmit} data-island="form" {...checks.formProps}>
      {failure && <FormAlert>{failure}</FormAlert>}
      <AccountEmailField defaultValue="" error={checks.fieldError('email')} />
      <Button type="submit" block busy={checks.sending} busyLabel={t('resetRequest.submitting')} {...checks.sendButtonProps}>
        {t('resetRequest.submit')}
      </Button>
    </form>
  );
}
