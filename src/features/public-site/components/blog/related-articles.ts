import type { ArticleSummary } from '../../content/content-types';

/** Up to `count` other articles: the same category first, then the newest of the rest. */
export function relatedArticles(all: ArticleSummary[], current: Pick<ArticleSummary, 'id' | 'category'>, count = 3): ArticleSummary[] {
  const others = all.filter((article) => article.id !== current.id);
  const sameCategory = others.filter((article) => article.category === current.category);
  const rest = others.filter((article) => article.category !== current.category).sort((a, b) => b.date.localeCompare(a.date));
  return [...sameCategory, ...rest].slice(0, count);
}
