import { useTranslation } from 'react-i18next';
import { RouteError } from '@src/components/route-error/route-error';
import { AuthLayout } from '@src/features/auth/components/auth-layout';
import { RegisterForm } from '@src/features/auth/components/register-form';
import { SwitchScreenLink } from '@src/features/auth/components/switch-screen-link';
import { usePageHead } from '@src/features/public-site/head/use-page-head';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { paths } from '@src/lib/paths';

/** Create account, pre-rendered for a visitor's first visit as login is (decision 082). */
export function Component() {
  const { t } = useTranslation(['auth', 'common']);
  const language = useLanguage();
  usePageHead({ lang: language, path: paths.register, title: t('common:titleTemplate', { page: t('register.title') }), description: t('register.subtitle') });
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
