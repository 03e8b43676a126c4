import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RouteError } from '@src/components/route-error/route-error';
import { AuthLayout } from '@src/features/auth/components/auth-layout';
import { LoginForm } from '@src/features/auth/components/login-form';
import { SwitchScreenLink } from '@src/features/auth/components/switch-screen-link';

export function Component() {
  const { t } = useTranslation('auth');
  const [search] = useSearchParams();
  return (
    <AuthLayout
      title={t('login.title')}
      subtitle={search.get('from') ? t('login.subtitleReturn') : t('login.subtitle')}
      footer={<SwitchScreenLink text={t('login.noAccount')} link={t('login.createAccount')} to="register" />}
    >
      <LoginForm />
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
