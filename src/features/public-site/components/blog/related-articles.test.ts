import { describe, expect, it } from 'vitest';
import type { ArticleSummary } from '../../content/content-types';
import { relatedArticles } from './related-articles';

const article = (id: string, category: ArticleSummary['category'], date: string): ArticleSummary => ({
  id,
  category,
  date,
  title: id,
  description: id,
  author: 'A',
  authorRole: 'R',
  readingMinutes: 3,
});

describe('related articles', () => {
  const all = [
    article('a', 'news', '2026-01-01'),
    article('b', 'us-banks', '2026-03-01'),
    article('c', 'news', '2026-02-01'),
    article('d', 'fulfillment', '2026-05-01'),
    article('e', 'legal-aspects', '2026-04-01'),
  ];

  it('puts the same category first, then the newest others, never the article itself', () => {
    expect(relatedArticles(all, { id: 'a', category: 'news' }).map((related) => related.id)).toEqual(['c', 'd', 'e']);
  });

  it('returns fewer when there are fewer others', () => {
    expect(relatedArticles(all.slice(0, 2), { id: 'a', category: 'news' }).map((related) => related.id)).toEqual(['b']);
  });
});
