import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Language } from '@domain/constants';
import { ButtonLink } from '@src/components/button';
import { formatDate } from '@src/i18n/format';
import { href, paths } from '@src/lib/paths';
import type { Article, ArticleSummary } from '../../content/content-types';
import { Icon } from '../icons';
import { Markdown } from '../markdown';
import { TableOfContents } from '../page/table-of-contents';
import { PublicPage } from '../page/public-page';
import { ShareActions } from '../share/share-actions';
import { ArticleCard } from './article-card';
import styles from './article.module.css';

/** An article: header with author, date and reading time, share and print, table of contents, body, call to action, related posts. */
export function ArticleView({ article, related, language }: { article: Article; related: ArticleSummary[]; language: Language }) {
  const { t } = useTranslation('public');
  const initials = article.author
    .split(/\s+/)
    .map((part) => part[0])
    .slice(0, 2)
    .join('');

  return (
    <PublicPage>
      <article className={styles.article}>
        <div className={styles.header}>
          <div className={styles.headerInner}>
            <nav aria-label={t('article.breadcrumb')} className={styles.breadcrumb}>
              <ol>
                <li>
                  <Link to={href(language, paths.blogs)}>{t('blog.title')}</Link>
                </li>
                <li>
                  <Link to={`${href(language, paths.blogs)}?category=${article.category}`}>{t(`blog.categories.${article.category}`)}</Link>
                </li>
              </ol>
            </nav>
            <h1 className={styles.title}>{article.title}</h1>
            <p className={styles.lead}>{article.description}</p>
            <div className={styles.byline}>
              <span className={styles.avatar} aria-hidden="true">
                {initials}
              </span>
              <p>
                <span className={styles.author}>{t('article.by', { author: article.author })}</span>
                <span className={styles.role}>{article.authorRole}</span>
              </p>
              <p className={styles.dates}>
                <time dateTime={article.date}>{t('article.published', { date: formatDate(article.date, language, 'long') })}</time>
                <span aria-hidden="true"> · </span>
                <span>
                  <Icon name="clock" size={16} className={styles.inlineIcon} />
                  {t('blog.readingTime', { count: article.readingMinutes })}
                </span>
              </p>
            </div>
            <ShareActions title={article.title} />
          </div>
        </div>

        <div className={styles.layout}>
          <aside className={styles.aside}>
            <TableOfContents headings={article.toc} label={t('article.toc')} />
          </aside>
          <div className={styles.main}>
            <Markdown html={article.html} />
            <section className={styles.cta} aria-labelledby="article-cta">
              <h2 id="article-cta">{t('article.ctaTitle')}</h2>
              <p>{t('article.ctaText')}</p>
              <ButtonLink to={href(language, paths.startNow)} variant="accent">
                {t('article.ctaButton')}
              </ButtonLink>
            </section>
          </div>
        </div>

        {related.length > 0 && (
          <section className={styles.related} aria-labelledby="article-related">
            <div className={styles.relatedInner}>
              <h2 id="article-related">{t('article.related')}</h2>
              <ul>
                {related.map((other) => (
                  <li key={other.id}>
                    <ArticleCard article={other} language={language} headingLevel={3} />
                  </li>
                ))}
              </ul>
              <Link to={href(language, paths.blogs)} className={styles.allLink}>
                {t('article.backToBlog')}
                <Icon name="arrow" size={18} />
              </Link>
            </div>
          </section>
        )}
      </article>
    </PublicPage>
  );
}
