import { useTranslation } from 'react-i18next';
import { RouteError } from '@src/components/route-error/route-error';
import { ContentPageView } from '@src/features/public-site/components/page/content-page-view';
import { useContentPage } from '@src/features/public-site/content/content-resource';
import { usePageHead } from '@src/features/public-site/head/use-page-head';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { paths } from '@src/lib/paths';

/** What each path needs (create, migrate, crypto, banking): `content/pages/requirements/<lang>.md`. */
export function Component() {
  const language = useLanguage();
  const { t } = useTranslation('common');
  const page = useContentPage('requirements', language);
  usePageHead({ lang: language, path: paths.requirements, title: t('titleTemplate', { page: page.title }), description: page.description });
  return <ContentPageView page={page} language={language} />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
