import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RouteError } from '@src/components/route-error/route-error';
import { AuthLayout } from '@src/features/auth/components/auth-layout';
import { ResetRequestForm } from '@src/features/auth/components/reset-request-form';
import { usePageHead } from '@src/features/public-site/head/use-page-head';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { href, paths } from '@src/lib/paths';

/** Reset password, reached from login: its head says what it does, as login's does. */
export function Component() {
  const { t } = useTranslation(['auth', 'common']);
  const language = useLanguage();
  usePageHead({
    lang: language,
    path: paths.resetPassword,
    title: t('common:titleTemplate', { page: t('resetRequest.title') }),
    description: t('resetRequest.subtitle'),
  });
  return (
    <AuthLayout
      title={t('resetRequest.title')}
      subtitle={t('resetRequest.subtitle')}
      footer={<Link to={href(language, paths.login)}>{t('resetRequest.backToLogin')}</Link>}
    >
      <ResetRequestForm />
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
