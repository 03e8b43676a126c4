/**
 * The content plugin's (`scripts/content-plugin.ts`) one virtual module: a loader per piece
 * of content. Each loader is a dynamic import, so each language's (and each article's)
 * content is its own chunk and a page downloads only what it shows.
 */
declare module 'virtual:alta-content' {
  import type { Language } from '@domain/constants';
  import type { Article, ArticleSummary, ContentPage, ContentPageName, FaqName, FaqPage } from '@src/features/public-site/content/content-types';

  /** Every article id, the same in every language. */
  export const articleIds: readonly string[];
  export function loadArticleIndex(lang: Language): Promise<ArticleSummary[]>;
  /** Null when no article has this id. */
  export function loadArticle(lang: Language, id: string): Promise<Article | null>;
  export function loadFaq(name: FaqName, lang: Language): Promise<FaqPage>;
  export function loadContentPage(name: ContentPageName, lang: Language): Promise<ContentPage>;
}
