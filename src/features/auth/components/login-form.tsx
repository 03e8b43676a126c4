import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import layout from '@src/components/form/form-layout.module.css';
import { PasswordField } from '@src/components/form/password-field';
import { TextField } from '@src/components/form/text-field';
import { paidOrderFromState } from '@src/features/checkout/paid-orders';
import { useHydrated } from '@src/lib/use-hydrated';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { ApiError } from '@src/lib/api';
import { href, paths } from '@src/lib/paths';
import { useErrorText } from '@src/lib/use-error-text';
import { useFormDataChecks } from '@src/lib/use-form-data-checks';
import { login, type LoginResult } from '../api/auth-api';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { AccountEmailField } from './account-email-field';
import styles from './auth-layout.module.css';
import { GoogleSignIn } from './google-sign-in';
import { PaymentExpiredPopup } from './payment-expired-popup';

const fields = ['email', 'password'] as const;
// The schema (zod, with the same rules and messages as the server) loads on the form's first
// focus, not with the page.
const loadSchema = () => import('@domain/account').then((schemas) => schemas.loginFormSchema);

/**
 * Login with email and password, or Google when configured (SPEC §2, §7). Its fields are read
 * from the form when it is sent, so what a visitor types on the pre-rendered page before the app
 * has hydrated it is what is sent (decision 082); the schema checks them first, then again as
 * they change once a send was refused, as the other forms do.
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const checks = useFormDataChecks(fields, loadSchema);
  // After a payment ('User exists'): the order's email, and the order attached at login. Kept in
  // the history's state, which the pre-rendered page cannot know: shown once hydrated.
  const location = useLocation();
  const [paidOrder] = useState(() => paidOrderFromState(location.state));
  const paid = useHydrated() ? paidOrder : null;
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

  const onSubmit = checks.handleSubmit(
    async (values) => {
      setFailure(null);
      await settle(await login({ ...values, ...(codeAsked ? { code: code.trim() } : {}) }), values.email);
    },
    (error, form) => {
      if (error instanceof ApiError && error.code === 'login_code_required') setCodeAsked(true);
      else if (!checks.refuse(error, form)) fail(error);
    },
  );

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
      <form className={layout.stack} onSubmit={onSubmit} data-island="login" {...checks.formProps}>
        {paid && <FormAlert tone="success">{t('paidOrder.login', { number: paid.orderNumber })}</FormAlert>}
        {failure && <FormAlert>{failure}</FormAlert>}
        <AccountEmailField defaultValue={paid?.email ?? ''} error={checks.fieldError('email')} />
        <PasswordField label={t('fields.password')} name="password" autoComplete="current-password" defaultValue="" error={checks.fieldError('password')} />
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
        <Button type="submit" block busy={checks.sending || googleBusy} busyLabel={t('login.submitting')} {...checks.sendButtonProps}>
          {t('login.submit')}
        </Button>
      </form>
      <GoogleSignIn language={language} onCredential={(token) => void onGoogle(token)} divider={t('login.or')} />
      <PaymentExpiredPopup open={blocked} onClose={() => setBlocked(false)} />
    </>
  );
}
