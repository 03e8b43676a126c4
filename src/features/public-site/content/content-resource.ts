import { use } from 'react';
import { loadArticle, loadArticleIndex, loadContentPage, loadFaq } from 'virtual:alta-content';
import type { Language } from '@domain/constants';
import type { ContentPageName, FaqName } from './content-types';

/**
 * Content chunks as promises React can `use()`: one promise per piece of content, kept, so a
 * page suspends once (inside the layout's Suspense) and re-renders without reloading. A
 * settled promise is marked the way React's `use()` reads it (`status`, `value`), so coming
 * back to a page renders it at once, without suspending again. A failed
 * download is forgotten, so the route error's retry downloads it again.
 */
const promises = new Map<string, Promise<unknown>>();

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  let promise = promises.get(key) as Promise<T> | undefined;
  if (!promise) {
    const loading = load();
    promises.set(key, loading);
    loading.then(
      (value) => Object.assign(loading, { status: 'fulfilled', value }),
      () => promises.delete(key),
    );
    promise = loading;
  }
  return promise;
}

export const articleIndexPromise = (lang: Language) => cached(`index/${lang}`, () => loadArticleIndex(lang));
export const articlePromise = (lang: Language, id: string) => cached(`article/${lang}/${id}`, () => loadArticle(lang, id));
export const faqPromise = (name: FaqName, lang: Language) => cached(`faq/${name}/${lang}`, () => loadFaq(name, lang));
export const contentPagePromise = (name: ContentPageName, lang: Language) => cached(`page/${name}/${lang}`, () => loadContentPage(name, lang));

export const useArticleIndex = (lang: Language) => use(articleIndexPromise(lang));
export const useArticle = (lang: Language, id: string) => use(articlePromise(lang, id));
export const useFaq = (name: FaqName, lang: Language) => use(faqPromise(name, lang));
export const useContentPage = (name: ContentPageName, lang: Language) => use(contentPagePromise(name, lang));
