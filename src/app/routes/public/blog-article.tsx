import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { RouteError } from '@src/components/route-error/route-error';
import { ArticleView } from '@src/features/public-site/components/blog/article-view';
import { relatedArticles } from '@src/features/public-site/components/blog/related-articles';
import { useArticle, useArticleIndex } from '@src/features/public-site/content/content-resource';
import type { Article } from '@src/features/public-site/content/content-types';
import { usePageHead } from '@src/features/public-site/head/use-page-head';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { href, paths } from '@src/lib/paths';

/** One article; an unknown id goes to the blog list. */
export function Component() {
  const language = useLanguage();
  const { id = '' } = useParams();
  const article = useArticle(language, id);
  if (!article) return <Navigate to={href(language, paths.blogs)} replace />;
  return <ArticlePage article={article} />;
}

function ArticlePage({ article }: { article: Article }) {
  const language = useLanguage();
  const { t } = useTranslation(['public', 'common']);
  const index = useArticleIndex(language);
  usePageHead({
    lang: language,
    path: paths.blog(article.id),
    title: t('common:titleTemplate', { page: article.title }),
    description: article.description,
    type: 'article',
    publishedTime: article.date,
    structuredData: [
      {
        type: 'article',
        headline: article.title,
        description: article.description,
        datePublished: article.date,
        author: article.author,
        authorRole: article.authorRole,
        section: t(`blog.categories.${article.category}`),
      },
    ],
  });
  return <ArticleView article={article} related={relatedArticles(index, article)} language={language} />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
