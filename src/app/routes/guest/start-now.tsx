import { useTranslation } from 'react-i18next';
import { RouteError } from '@src/components/route-error/route-error';
import { StartNowChooser } from '@src/features/company-wizard/components/start-now-chooser';
import { usePageHead } from '@src/features/public-site/head/use-page-head';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { paths } from '@src/lib/paths';

/** Start now: create a company, migrate one, or open a Cross Border Crypto account. Pre-rendered: its cards are links, so it needs no app. */
export function Component() {
  const { t } = useTranslation(['wizard', 'common']);
  const language = useLanguage();
  usePageHead({ lang: language, path: paths.startNow, title: t('common:titleTemplate', { page: t('chooser.title') }), description: t('chooser.intro') });
  return <StartNowChooser />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
