import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import layout from '@src/components/form/form-layout.module.css';
import { PasswordField } from '@src/components/form/password-field';
import { TextField } from '@src/components/form/text-field';
import { paidOrderFromState } from '@src/features/checkout/paid-orders';
import { useHydrated } from '@src/features/public-site/hooks/use-hydrated';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { ApiError } from '@src/lib/api';
import { messageKey } from '@src/lib/error-message';
import { loadOnce } from '@src/lib/load-once';
import { href, paths } from '@src/lib/paths';
import { useErrorText } from '@src/lib/use-error-text';
import { login, type LoginResult } from '../api/auth-api';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import styles from './auth-layout.module.css';
import { GoogleSignIn } from './google-sign-in';
import { PaymentExpiredPopup } from './payment-expired-popup';

const fields = ['email', 'password'] as const;
type Field = (typeof fields)[number];
/** Field → its message key (`validation.*`, or the server's). */
type FieldErrors = Partial<Record<Field, string>>;

// The schema (zod, with the same rules and messages as the server) loads on the form's first
// focus, not with the page.
const loadSchema = loadOnce(() => import('@domain/account').then((schemas) => schemas.loginFormSchema));

/** What the form holds, read from its fields: typed before the app hydrated the page, it is kept. */
function valuesOf(form: HTMLFormElement): Record<Field, string> {
  const data = new FormData(form);
  const text = (field: Field) => {
    const value = data.get(field);
    return typeof value === 'string' ? value : '';
  };
  return { email: text('email'), password: text('password') };
}

/** The first message of each field the schema (or the server) refused. */
function firstErrors(entries: Iterable<[PropertyKey, string | undefined]>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, message] of entries) {
    const field = fields.find((candidate) => candidate === name);
    if (field && message && !errors[field]) errors[field] = message;
  }
  return errors;
}

async function check(form: HTMLFormElement) {
  const result = (await loadSchema()).safeParse(valuesOf(form));
  return result.success ? { values: result.data, errors: {} } : { errors: firstErrors(result.error.issues.map((issue) => [issue.path[0]!, issue.message])) };
}

function focusFirst(form: HTMLFormElement, errors: FieldErrors) {
  const first = fields.find((field) => errors[field]);
  if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
}

/**
 * Login with email and password, or Google when configured (SPEC §2, §7). Its fields are read
 * from the form when it is sent, so what a visitor types on the pre-rendered page before the app
 * has hydrated it is what is sent (decision 082); the schema checks them first, then again as
 * they change once a send was refused, as the other forms do.
 */
export function LoginForm() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const language = useLanguage();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refused, setRefused] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // After a payment ('User exists'): the order's email, and the order attached at login. Kept in
  // the history's state, which the pre-rendered page cannot know: shown once hydrated.
  const location = useLocation();
  const [paidOrder] = useState(() => paidOrderFromState(location.state));
  const paid = useHydrated() ? paidOrder : null;
  const [googleBusy, setGoogleBusy] = useState(false);
  // Failed attempts locked the account: the right password now also needs the code mailed to it.
  const [codeAsked, setCodeAsked] = useState(false);
  const [code, setCode] = useState('');

  const fieldError = (field: Field) => (errors[field] ? t(messageKey(errors[field])) : undefined);

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

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    setFailure(null);
    setSubmitting(true);
    try {
      const checked = await check(form);
      setErrors(checked.errors);
      setRefused(!checked.values);
      if (!checked.values) return focusFirst(form, checked.errors);
      await settle(await login({ ...checked.values, ...(codeAsked ? { code: code.trim() } : {}) }), checked.values.email);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'login_code_required') {
        setCodeAsked(true);
        return;
      }
      const server = error instanceof ApiError ? firstErrors(Object.entries(error.errors).map(([name, keys]) => [name, keys[0]])) : {};
      if (Object.keys(server).length === 0) return fail(error);
      setErrors(server);
      setRefused(true);
      focusFirst(form, server);
    } finally {
      setSubmitting(false);
    }
  };

  // Once a send was refused, the messages follow what is typed.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (!refused) return;
    const form = event.currentTarget;
    check(form).then(
      (checked) => setErrors(checked.errors),
      () => undefined, // The schema could not load (offline): the send says so.
    );
  };

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
      <form
        className={layout.stack}
        onSubmit={(event) => void onSubmit(event)}
        onChange={onChange}
        onFocus={() => void loadSchema().catch(() => undefined)}
        noValidate
        data-island="login"
      >
        {paid && <FormAlert tone="success">{t('paidOrder.login', { number: paid.orderNumber })}</FormAlert>}
        {failure && <FormAlert>{failure}</FormAlert>}
        <TextField
          label={t('fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          defaultValue={paid?.email ?? ''}
          error={fieldError('email')}
        />
        <PasswordField label={t('fields.password')} name="password" autoComplete="current-password" defaultValue="" error={fieldError('password')} />
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
        <Button type="submit" block busy={submitting || googleBusy} busyLabel={t('login.submitting')}>
          {t('login.submit')}
        </Button>
      </form>
      <GoogleSignIn language={language} onCredential={(token) => void onGoogle(token)} divider={t('login.or')} />
      <PaymentExpiredPopup open={blocked} onClose={() => setBlocked(false)} />
    </>
  );
}
