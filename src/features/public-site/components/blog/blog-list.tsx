import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { blogCategories, blogPageSize, isBlogCategory, type BlogCategory } from '@domain/blog';
import type { Language } from '@domain/constants';
import { Button } from '@src/components/button';
import type { ArticleSummary } from '../../content/content-types';
import { useHydrated } from '@src/lib/use-hydrated';
import { ArticleCard } from './article-card';
import styles from './blog.module.css';

/**
 * The blog list: category filters (links with `?category=`, so each filter has its own
 * address and works before hydration), newest first, `blogPageSize` at a time with "load more".
 * Every article is in the HTML, those not shown `hidden`: a page without the app filters and
 * loads more over the same markup (blog-island.ts).
 */
export function BlogList({ articles, language }: { articles: ArticleSummary[]; language: Language }) {
  const { t } = useTranslation('public');
  const [searchParams] = useSearchParams();
  // The pre-rendered page is the unfiltered list: a filter in the address applies once hydrated.
  const hydrated = useHydrated();
  const requested = searchParams.get('category');
  const category: BlogCategory | null = hydrated && isBlogCategory(requested) ? requested : null;
  const [visible, setVisible] = useState(blogPageSize);
  const firstNew = useRef<string | null>(null);
  const links = useRef(new Map<string, HTMLAnchorElement>());

  useEffect(() => setVisible(blogPageSize), [category]);
  useEffect(() => {
    // After "load more", keyboard users continue from the first article that appeared.
    if (firstNew.current === null) return;
    links.current.get(firstNew.current)?.focus();
    firstNew.current = null;
  }, [visible]);

  const filtered = category ? articles.filter((article) => article.category === category) : articles;
  const shown = new Set(filtered.slice(0, visible));

  const filterLink = (value: BlogCategory | null, label: string) => (
    <li key={value ?? 'all'}>
      <Link to={value ? `?category=${value}` : '.'} preventScrollReset className={styles.filter} aria-current={category === value ? 'page' : undefined}>
        {label}
      </Link>
    </li>
  );

  return (
    <div className={styles.list} data-blog-list>
      <nav aria-label={t('blog.filterLabel')}>
        <ul className={styles.filters}>
          {filterLink(null, t('blog.all'))}
          {blogCategories.map((value) => filterLink(value, t(`blog.categories.${value}`)))}
        </ul>
      </nav>
      <p className={styles.count} role="status">
        {filtered.length > 0 ? t('blog.showing', { shown: shown.size, total: filtered.length }) : t('blog.empty')}
      </p>
      <ul className={styles.grid}>
        {articles.map((article) => (
          <li key={article.id} hidden={!shown.has(article)} data-category={article.category}>
            <ArticleCard
              article={article}
              language={language}
              linkRef={(node) => {
                if (node) links.current.set(article.id, node);
                else links.current.delete(article.id);
              }}
            />
          </li>
        ))}
      </ul>
      <div className={styles.more} hidden={shown.size >= filtered.length}>
        <Button
          variant="secondary"
          disabled={!hydrated}
          data-island="blog-list"
          onClick={() => {
            firstNew.current = filtered[visible]?.id ?? null;
            setVisible(visible + blogPageSize);
          }}
        >
          {t('blog.loadMore')}
        </Button>
      </div>
    </div>
  );
}
