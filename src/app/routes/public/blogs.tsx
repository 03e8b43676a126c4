import { useTranslation } from 'react-i18next';
import { RouteError } from '@src/components/route-error/route-error';
import { BlogList } from '@src/features/public-site/components/blog/blog-list';
import { PageHeader } from '@src/features/public-site/components/page/page-header';
import { PublicPage } from '@src/features/public-site/components/page/public-page';
import pageStyles from '@src/features/public-site/components/page/page.module.css';
import { useArticleIndex } from '@src/features/public-site/content/content-resource';
import { usePageHead } from '@src/features/public-site/head/use-page-head';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { paths } from '@src/lib/paths';

/** The blog: every article of the page's language, filterable by category. */
export function Component() {
  const language = useLanguage();
  const { t } = useTranslation(['public', 'common']);
  const articles = useArticleIndex(language);
  usePageHead({ lang: language, path: paths.blogs, title: t('common:titleTemplate', { page: t('blog.metaTitle') }), description: t('blog.description') });
  return (
    <PublicPage>
      <PageHeader eyebrow={t('blog.eyebrow')} title={t('blog.heading')} lead={t('blog.lead')} />
      <div className={pageStyles.wide}>
        <BlogList articles={articles} language={language} />
      </div>
    </PublicPage>
  );
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
