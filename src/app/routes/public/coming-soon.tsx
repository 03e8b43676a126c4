import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@src/components/button';
import { ComingSoon } from '@src/components/coming-soon/coming-soon';
import { RouteError } from '@src/components/route-error/route-error';
import { usePageHead } from '@src/features/public-site/head/use-page-head';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { href, paths } from '@src/lib/paths';

/** The public 'coming soon' page of SPEC §2. */
export function Component() {
  const language = useLanguage();
  const { t } = useTranslation(['public', 'common']);
  usePageHead({ lang: language, path: paths.comingSoon, title: t('common:titleTemplate', { page: t('comingSoon.metaTitle') }), description: t('comingSoon.description') });
  return (
    <ComingSoon
      title={t('comingSoon.title')}
      description={t('comingSoon.text')}
      actions={
        <>
          <ButtonLink to={href(language, paths.home)}>{t('comingSoon.home')}</ButtonLink>
          <ButtonLink to={href(language, paths.blogs)} variant="secondary">
            {t('comingSoon.blog')}
          </ButtonLink>
        </>
      }
    />
  );
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
