import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { RouteError } from '@src/components/route-error/route-error';
import { AuthLayout } from '@src/features/auth/components/auth-layout';
import { ResetRequestForm } from '@src/features/auth/components/reset-request-form';
import { href, paths } from '@src/lib/paths';

export function Component() {
  const { t } = useTranslation('auth');
  const { lang } = useParams();
  const language = isLanguage(lang) ? lang : defaultLanguage;
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
