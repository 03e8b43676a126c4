import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { RouteError } from '@src/components/route-error/route-error';
import { AuthLayout } from '@src/features/auth/components/auth-layout';
import { LoginForm } from '@src/features/auth/components/login-form';
import { href, paths } from '@src/lib/paths';

export function Component() {
  const { t } = useTranslation('auth');
  const { lang } = useParams();
  const language = isLanguage(lang) ? lang : defaultLanguage;
  const [search] = useSearchParams();
  const query = search.toString();
  return (
    <AuthLayout
      title={t('login.title')}
      subtitle={search.get('from') ? t('login.subtitleReturn') : t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')} <Link to={href(language, paths.register) + (query ? `?${query}` : '')}>{t('login.createAccount')}</Link>
        </>
      }
    >
      <LoginForm />
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
