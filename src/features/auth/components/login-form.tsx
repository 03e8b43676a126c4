import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import layout from '@src/components/form/form-layout.module.css';
import { PasswordField } from '@src/components/form/password-field';
import { TextField } from '@src/components/form/text-field';
import { paidOrderFromState } from '@src/features/checkout/paid-orders';
import { ApiError } from '@src/lib/api';
import { applyFieldErrors } from '@src/lib/form-errors';
import { href, paths } from '@src/lib/paths';
import { useErrorText } from '@src/lib/use-error-text';
import { login, type LoginResult } from '../api/auth-api';
import { useAccountForm } from '../hooks/use-account-form';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import styles from './auth-layout.module.css';
import { GoogleSignIn } from './google-sign-in';
import { PaymentExpiredPopup } from './payment-expired-popup';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

/** Login with email and password, or Google when configured (SPEC §2, §7). */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  // After a payment ('User exists'): the order's email, and the order attached at login.
  const location = useLocation();
  const [paid] = useState(() => paidOrderFromState(location.state));
  const { register, handleSubmit, setError, isSubmitting, fieldError, preload } = useAccountForm(
    () => import('@domain/account').then((schemas) => schemas.loginFormSchema),
    {
      email: paid?.email ?? '',
      password: '',
    },
  );
  const [googleBusy, setGoogleBusy] = useState(false);
  // Failed attempts locked the account: the right password now also needs the code mailed to it.
  const [codeAsked, setCodeAsked] = useState(false);
  const [code, setCode] = useState('');

  const settle = async (result: LoginResult, email: string | undefined) => {
    if (result.status === 'NEW_PASSWORD_REQUIRED') {
      const query = search.toString();
      await navigate(href(language, paths.newPassword) + (query ? `?${query}` : ''), { state: { email, cognitoSession: result.data.cognitoSession } });
      return;
    }
    await completeSignIn(result.data);
  };

  const fail = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'user_blocked') {
      setBlocked(true);
      return;
    }
    setFailure(errorText(error));
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await settle(await login({ ...values, ...(codeAsked ? { code: code.trim() } : {}) }), values.email);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'login_code_required') {
        setCodeAsked(true);
        return;
      }
      if (!applyFieldErrors(error, setError, ['email', 'password'])) fail(error);
    }
  });

  const onGoogle = async (token: string) => {
    setFailure(null);
    setGoogleBusy(true);
    try {
      await settle(await login({ token }), undefined);
    } catch (error) {
      fail(error);
    } finally {
      setGoogleBusy(false);
    }
  };

  return (
    <>
      <form className={layout.stack} onSubmit={onSubmit} onFocus={preload} noValidate>
        {paid && <FormAlert tone="success">{t('paidOrder.login', { number: paid.orderNumber })}</FormAlert>}
        {failure && <FormAlert>{failure}</FormAlert>}
        <TextField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" error={fieldError('email')} {...register('email')} />
        <PasswordField label={t('fields.password')} autoComplete="current-password" error={fieldError('password')} {...register('password')} />
        {codeAsked && (
          <>
            <FormAlert tone="success">{t('login.codeSent')}</FormAlert>
            <TextField
              label={t('fields.code')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoFocus
            />
          </>
        )}
        <div className={styles.between}>
          <Link to={href(language, paths.resetPassword)}>{t('login.forgot')}</Link>
        </div>
        <Button type="submit" block busy={isSubmitting || googleBusy} busyLabel={t('login.submitting')}>
          {t('login.submit')}
        </Button>
      </form>
      <GoogleSignIn language={language} onCredential={(token) => void onGoogle(token)} divider={t('login.or')} />
      <PaymentExpiredPopup open={blocked} onClose={() => setBlocked(false)} />
    </>
  );
}
