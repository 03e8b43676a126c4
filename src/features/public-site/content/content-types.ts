import type { ArticleFrontMatter, PageFrontMatter } from '@domain/blog-front-matter';
import type { FaqGroup, Heading } from './parse-markdown';

/** What the blog list and related posts know about an article: no body. */
export interface ArticleSummary extends ArticleFrontMatter {
  id: string;
  readingMinutes: number;
}

/** A whole article, ready to render. */
export interface Article extends ArticleSummary {
  html: string;
  toc: Heading[];
}

/** The FAQ (and the banking FAQ): groups of questions with their answers. */
export interface FaqPage extends PageFrontMatter {
  groups: FaqGroup[];
}

/** Requirements, terms and privacy. */
export interface ContentPage extends PageFrontMatter {
  html: string;
  toc: Heading[];
}

export type ContentPageName = 'requirements' | 'terms' | 'privacy';
export type FaqName = 'faq' | 'faq-banking';
