import { useTranslation } from 'react-i18next';
import { RouteError } from '@src/components/route-error/route-error';
import { AuthLayout } from '@src/features/auth/components/auth-layout';
import { RegisterForm } from '@src/features/auth/components/register-form';
import { SwitchScreenLink } from '@src/features/auth/components/switch-screen-link';

export function Component() {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={<SwitchScreenLink text={t('register.haveAccount')} link={t('register.login')} to="login" />}
    >
      <RegisterForm />
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
