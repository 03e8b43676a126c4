import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { RouteError } from '@src/components/route-error/route-error';
import { AuthLayout } from '@src/features/auth/components/auth-layout';
import { RegisterForm } from '@src/features/auth/components/register-form';
import { href, paths } from '@src/lib/paths';

export function Component() {
  const { t } = useTranslation('auth');
  const { lang } = useParams();
  const language = isLanguage(lang) ? lang : defaultLanguage;
  const [search] = useSearchParams();
  const query = search.toString();
  return (
    <AuthLayout
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')} <Link to={href(language, paths.login) + (query ? `?${query}` : '')}>{t('register.login')}</Link>
        </>
      }
    >
      <RegisterForm />
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
