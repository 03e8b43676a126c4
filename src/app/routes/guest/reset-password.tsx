import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RouteError } from '@src/components/route-error/route-error';
import { AuthLayout } from '@src/features/auth/components/auth-layout';
import { ResetRequestForm } from '@src/features/auth/components/reset-request-form';
import { href, paths } from '@src/lib/paths';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

export function Component() {
  const { t } = useTranslation('auth');
  const language = useLanguage();
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
