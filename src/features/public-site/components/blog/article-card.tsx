import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Language } from '@domain/constants';
import { formatDate } from '@src/i18n/format';
import { href, paths } from '@src/lib/paths';
import type { ArticleSummary } from '../../content/content-types';
import styles from './blog.module.css';

/** An article in a list: category, title (the link), summary, date and reading time. */
export function ArticleCard({
  article,
  language,
  headingLevel = 2,
  linkRef,
}: {
  article: ArticleSummary;
  language: Language;
  headingLevel?: 2 | 3;
  linkRef?: (node: HTMLAnchorElement | null) => void;
}) {
  const { t } = useTranslation('public');
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={styles.card}>
      <p className={styles.category}>{t(`blog.categories.${article.category}`)}</p>
      <Heading className={styles.cardTitle}>
        <Link ref={linkRef} to={href(language, paths.blog(article.id))} className={styles.cardLink}>
          {article.title}
        </Link>
      </Heading>
      <p className={styles.cardText}>{article.description}</p>
      <p className={styles.cardMeta}>
        <time dateTime={article.date}>{formatDate(article.date, language, 'medium')}</time>
        <span aria-hidden="true">·</span>
        <span>{t('blog.readingTime', { count: article.readingMinutes })}</span>
      </p>
    </article>
  );
}
