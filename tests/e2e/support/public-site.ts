import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { loadArticle, listArticleIds, loadContentPage, loadFaq } from '../../../scripts/content-plugin';

/** What each public page must show, per language, read from the same sources the site is built from. */

export type Lang = 'es' | 'en' | 'pt';
export const langs: Lang[] = ['es', 'en', 'pt'];

const root = fileURLToPath(new URL('../../..', import.meta.url));
const contentDir = path.join(root, 'content');
const locale = (lang: Lang, namespace: string) => JSON.parse(readFileSync(path.join(root, 'src/i18n/locales', lang, `${namespace}.json`), 'utf8'));

export interface PublicPageExpectation {
  name: string;
  /** The path after `/{lang}`. */
  path: string;
  title: string;
  heading: string;
  /** JSON-LD type the page must declare, if any. */
  structuredData?: 'Organization' | 'FAQPage' | 'BlogPosting';
}

export const articleIds = listArticleIds(contentDir);
/** The article the single-article tests use. */
export const sampleArticleId = 'llc-vs-c-corp-for-founders';

export function article(lang: Lang, id: string) {
  return loadArticle(contentDir, lang, id);
}

export function faq(lang: Lang) {
  return loadFaq(contentDir, 'faq', lang);
}

/** Every public page of SPEC §2 in one language (one article stands for all). */
export function publicPages(lang: Lang, articles: 'one' | 'all' = 'one'): PublicPageExpectation[] {
  const home = locale(lang, 'home');
  const texts = locale(lang, 'public');
  const titled = (page: string) => `${page} · Alta`;
  const contentPage = (name: 'requirements' | 'terms' | 'privacy') => {
    const page = loadContentPage(contentDir, name, lang);
    return { name, path: `/${name}`, title: titled(page.title), heading: page.title };
  };
  const faqPage = faq(lang);
  const ids = articles === 'one' ? [sampleArticleId] : articleIds;
  return [
    { name: 'home', path: '', title: home.meta.title, heading: home.hero.title, structuredData: 'Organization' },
    contentPage('requirements'),
    { name: 'faq', path: '/faq', title: titled(faqPage.title), heading: faqPage.title, structuredData: 'FAQPage' },
    { name: 'blogs', path: '/blogs', title: titled(texts.blog.metaTitle), heading: texts.blog.heading },
    ...ids.map((id) => {
      const { title } = article(lang, id);
      return { name: `article ${id}`, path: `/blogs/${id}`, title: titled(title), heading: title, structuredData: 'BlogPosting' as const };
    }),
    { name: 'contact', path: '/contact', title: titled(texts.contact.metaTitle), heading: texts.contact.heading },
    contentPage('privacy'),
    contentPage('terms'),
    { name: 'coming soon', path: '/coming-soon', title: titled(texts.comingSoon.metaTitle), heading: texts.comingSoon.title },
  ];
}

/** Text of an HTML fragment, entities decoded, whitespace collapsed. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Waits until the app has hydrated the pre-rendered page (`<html data-hydrated>`, set by
 * src/main.tsx). A pre-rendered page starts its app after the first paint (decision 013):
 * a test about what the app does (client-side navigation, errors while hydrating) waits for it.
 */
export async function expectHydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
}
