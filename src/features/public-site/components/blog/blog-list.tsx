import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { blogCategories, blogPageSize, isBlogCategory, type BlogCategory } from '@domain/blog';
import type { Language } from '@domain/constants';
import { Button } from '@src/components/button';
import type { ArticleSummary } from '../../content/content-types';
import { useHydrated } from '../../hooks/use-hydrated';
import { ArticleCard } from './article-card';
import styles from './blog.module.css';

/**
 * The blog list: category filters (links with `?category=`, so each filter has its own
 * address and works before hydration), newest first, `blogPageSize` at a time with "load more".
 */
export function BlogList({ articles, language }: { articles: ArticleSummary[]; language: Language }) {
  const { t } = useTranslation('public');
  const [searchParams] = useSearchParams();
  // The pre-rendered page is the unfiltered list: a filter in the address applies once hydrated.
  const hydrated = useHydrated();
  const requested = searchParams.get('category');
  const category: BlogCategory | null = hydrated && isBlogCategory(requested) ? requested : null;
  const [visible, setVisible] = useState(blogPageSize);
  const firstNew = useRef<number | null>(null);
  const links = useRef(new Map<number, HTMLAnchorElement>());

  useEffect(() => setVisible(blogPageSize), [category]);
  useEffect(() => {
    // After "load more", keyboard users continue from the first article that appeared.
    if (firstNew.current === null) return;
    links.current.get(firstNew.current)?.focus();
    firstNew.current = null;
  }, [visible]);

  const filtered = category ? articles.filter((article) => article.category === category) : articles;
  const shown = filtered.slice(0, visible);

  const filterLink = (value: BlogCategory | null, label: string) => (
    <li key={value ?? 'all'}>
      <Link to={value ? `?category=${value}` : '.'} preventScrollReset className={styles.filter} aria-current={category === value ? 'page' : undefined}>
        {label}
      </Link>
    </li>
  );

  return (
    <div className={styles.list}>
      <nav aria-label={t('blog.filterLabel')}>
        <ul className={styles.filters}>
          {filterLink(null, t('blog.all'))}
          {blogCategories.map((value) => filterLink(value, t(`blog.categories.${value}`)))}
        </ul>
      </nav>
      <p className={styles.count} role="status">
        {filtered.length > 0 ? t('blog.showing', { shown: shown.length, total: filtered.length }) : t('blog.empty')}
      </p>
      <ul className={styles.grid}>
        {shown.map((article, index) => (
          <li key={article.id}>
            <ArticleCard
              article={article}
              language={language}
              linkRef={(node) => {
                if (node) links.current.set(index, node);
                else links.current.delete(index);
              }}
            />
          </li>
        ))}
      </ul>
      {shown.length < filtered.length && (
        <div className={styles.more}>
          <Button
            variant="secondary"
            disabled={!hydrated}
            onClick={() => {
              firstNew.current = visible;
              setVisible(visible + blogPageSize);
            }}
          >
            {t('blog.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
