import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RouteError } from '@src/components/route-error/route-error';
import { AuthLayout, SteadyText } from '@src/features/auth/components/auth-layout';
import { LoginForm } from '@src/features/auth/components/login-form';
import { SwitchScreenLink } from '@src/features/auth/components/switch-screen-link';
import { usePageHead } from '@src/features/public-site/head/use-page-head';
import { useHydrated } from '@src/lib/use-hydrated';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { paths } from '@src/lib/paths';

/** Login, pre-rendered for a visitor's first visit (decision 082). */
export function Component() {
  const { t } = useTranslation(['auth', 'common']);
  const language = useLanguage();
  const [search] = useSearchParams();
  usePageHead({ lang: language, path: paths.login, title: t('common:titleTemplate', { page: t('login.title') }), description: t('login.subtitle') });
  // Sent here from a page that needs an account: the query is not in the pre-rendered page, so
  // its subtitle follows once the app runs it, in a place already as tall as either.
  const returning = useHydrated() && search.has('from');
  return (
    <AuthLayout
      title={t('login.title')}
      subtitle={<SteadyText texts={[t('login.subtitle'), t('login.subtitleReturn')]} shown={returning ? 1 : 0} />}
      footer={<SwitchScreenLink text={t('login.noAccount')} link={t('login.createAccount')} to="register" />}
    >
      <LoginForm />
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
