import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { articleFrontMatterSchema, pageFrontMatterSchema } from '../domain/blog-front-matter';
import { languages, type Language } from '../domain/constants';
import type { Article, ArticleSummary, ContentPage, FaqPage } from '../src/features/public-site/content/content-types';
import { parseFaq, readingMinutes, renderMarkdown, splitFrontMatter, tableOfContents } from '../src/features/public-site/content/parse-markdown';

/**
 * Compiles `content/` at build time into virtual modules (see
 * `src/features/public-site/content/virtual-content.d.ts`): one small loader module, then one
 * chunk per language for the article list, per article and language, per FAQ and language,
 * and per legal page and language. The browser never parses markdown and never downloads
 * another language's text. A missing translation or a bad front matter fails the build.
 */

const loaderId = 'virtual:alta-content';
const prefix = `${loaderId}/`;
const faqNames = ['faq', 'faq-banking'] as const;
const pageNames = ['requirements', 'terms', 'privacy'] as const;

function read(file: string) {
  return splitFrontMatter(readFileSync(file, 'utf8'));
}

function parseOrThrow<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { message: string } } },
  value: unknown,
  file: string,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`${file}: invalid front matter: ${result.error.message}`);
  return result.data;
}

/** The ids of `content/blog/`, checked to exist in every language. */
export function listArticleIds(contentDir: string): string[] {
  const blogDir = path.join(contentDir, 'blog');
  const ids = readdirSync(blogDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const id of ids) {
    for (const lang of languages) {
      if (!existsSync(path.join(blogDir, id, `${lang}.md`))) throw new Error(`content/blog/${id} has no ${lang}.md`);
    }
  }
  return ids;
}

export function loadArticle(contentDir: string, lang: Language, id: string): Article {
  const file = path.join(contentDir, 'blog', id, `${lang}.md`);
  const { data, body } = read(file);
  const meta = parseOrThrow(articleFrontMatterSchema, data, file);
  const { html, headings } = renderMarkdown(body);
  return { id, ...meta, readingMinutes: readingMinutes(body), html, toc: tableOfContents(headings) };
}

/** Newest first; the same order in every language because dates are shared. */
export function loadArticleIndex(contentDir: string, lang: Language): ArticleSummary[] {
  return listArticleIds(contentDir)
    .map((id) => {
      const { html: _html, toc: _toc, ...summary } = loadArticle(contentDir, lang, id);
      return summary;
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
}

export function loadFaq(contentDir: string, name: (typeof faqNames)[number], lang: Language): FaqPage {
  const file = path.join(contentDir, name, `${lang}.md`);
  const { data, body } = read(file);
  return { ...parseOrThrow(pageFrontMatterSchema, data, file), groups: parseFaq(body) };
}

export function loadContentPage(contentDir: string, name: (typeof pageNames)[number], lang: Language): ContentPage {
  const file = path.join(contentDir, 'pages', name, `${lang}.md`);
  const { data, body } = read(file);
  const { html, headings } = renderMarkdown(body);
  return { ...parseOrThrow(pageFrontMatterSchema, data, file), html, toc: tableOfContents(headings) };
}

function loaderModule(articleIds: string[]): string {
  const perLanguage = (make: (lang: Language) => string) => `{ ${languages.map((lang) => `${lang}: ${make(lang)}`).join(', ')} }`;
  const load = (id: string) => `() => import(${JSON.stringify(prefix + id)})`;
  return `
export const articleIds = ${JSON.stringify(articleIds)};
const articleIndex = ${perLanguage((lang) => load(`article-index/${lang}`))};
const articles = ${perLanguage((lang) => `{ ${articleIds.map((id) => `${JSON.stringify(id)}: ${load(`article/${lang}/${id}`)}`).join(', ')} }`)};
const faqs = { ${faqNames.map((name) => `${JSON.stringify(name)}: ${perLanguage((lang) => load(`faq/${name}/${lang}`))}`).join(', ')} };
const pages = { ${pageNames.map((name) => `${JSON.stringify(name)}: ${perLanguage((lang) => load(`page/${name}/${lang}`))}`).join(', ')} };
const value = (module) => module.default;
export const loadArticleIndex = (lang) => articleIndex[lang]().then(value);
export const loadArticle = (lang, id) => (Object.hasOwn(articles[lang], id) ? articles[lang][id]().then(value) : Promise.resolve(null));
export const loadFaq = (name, lang) => faqs[name][lang]().then(value);
export const loadContentPage = (name, lang) => pages[name][lang]().then(value);
`;
}

const isLanguage = (value: string | undefined): value is Language => (languages as readonly string[]).includes(value ?? '');

export function contentPlugin(options: { contentDir?: string } = {}): Plugin {
  let contentDir = options.contentDir ?? path.resolve('content');
  return {
    name: 'alta-content',
    configResolved(config) {
      contentDir = options.contentDir ?? path.join(config.root, 'content');
    },
    resolveId(id) {
      if (id === loaderId || id.startsWith(prefix)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (!id.startsWith(`\0${loaderId}`)) return null;
      const exportDefault = (value: unknown) => `export default ${JSON.stringify(value)};`;
      if (id === `\0${loaderId}`) return loaderModule(listArticleIds(contentDir));
      const parts = id.slice(`\0${prefix}`.length).split('/');
      const [kind, a, b] = parts;
      if (kind === 'article-index' && isLanguage(a)) return exportDefault(loadArticleIndex(contentDir, a));
      if (kind === 'article' && isLanguage(a) && b && listArticleIds(contentDir).includes(b)) return exportDefault(loadArticle(contentDir, a, b));
      if (kind === 'faq' && (faqNames as readonly string[]).includes(a ?? '') && isLanguage(b))
        return exportDefault(loadFaq(contentDir, a as (typeof faqNames)[number], b));
      if (kind === 'page' && (pageNames as readonly string[]).includes(a ?? '') && isLanguage(b))
        return exportDefault(loadContentPage(contentDir, a as (typeof pageNames)[number], b));
      throw new Error(`Unknown content module ${id.slice(1)}`);
    },
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(contentDir + path.sep)) return;
      // Content changes are rare and cross-cutting (an index lists every article): reload.
      for (const module of server.moduleGraph.idToModuleMap.values()) {
        if (module.id?.startsWith(`\0${loaderId}`)) server.moduleGraph.invalidateModule(module);
      }
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}
