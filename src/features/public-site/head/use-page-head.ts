import { createContext, useContext, useEffect } from 'react';
import { headTags, type PageHead } from './page-head';

/**
 * Where the pre-renderer collects the head of the page it renders. Absent in the browser,
 * where the head is applied to the live document instead.
 */
export const PageHeadCollector = createContext<((head: PageHead) => void) | null>(null);

/** Replaces the tags a previous page set (all marked `data-page-head`) with this page's. */
export function applyHead(head: PageHead, origin: string) {
  document.title = head.title;
  for (const node of document.head.querySelectorAll('[data-page-head]')) node.remove();
  for (const { tag, attrs, text } of headTags(head, origin)) {
    if (tag === 'title') continue;
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    element.setAttribute('data-page-head', '');
    if (text !== undefined) element.textContent = text;
    document.head.append(element);
  }
}

/** Declares the page's head: collected while pre-rendering, applied on client-side navigation. */
export function usePageHead(head: PageHead) {
  const collect = useContext(PageHeadCollector);
  collect?.(head);
  const key = JSON.stringify(head);
  useEffect(() => {
    applyHead(JSON.parse(key) as PageHead, window.location.origin);
    return () => {
      // Leaving the public site (dashboard, login): no stale canonical or description stays behind.
      for (const node of document.head.querySelectorAll('[data-page-head]')) node.remove();
    };
  }, [key]);
}
