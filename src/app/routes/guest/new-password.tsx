import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { RouteError } from '@src/components/route-error/route-error';
import { AuthLayout } from '@src/features/auth/components/auth-layout';
import { NewPasswordForm } from '@src/features/auth/components/new-password-form';
import { href, paths } from '@src/lib/paths';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

/** Reached only from login's NEW_PASSWORD_REQUIRED answer, which carries the challenge in the history state. */
export function Component() {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const state = useLocation().state as { email?: string; cognitoSession?: string } | null;
  if (!state?.email || !state.cognitoSession) return <Navigate to={href(language, paths.login)} replace />;
  return (
    <AuthLayout title={t('newPassword.title')} subtitle={t('newPassword.subtitle')}>
      <NewPasswordForm email={state.email} cognitoSession={state.cognitoSession} />
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
