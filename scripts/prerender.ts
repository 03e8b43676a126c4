import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Manifest, type Plugin, type ResolvedConfig } from 'vite';
import { languages, type Language } from '../domain/constants';
import { listArticleIds } from './content-plugin';

/**
 * Pre-renders every public page in every language into `dist/client/<lang>/<path>/index.html`
 * (decision 010), with `sitemap.xml` and `robots.txt`. It runs inside the client build, just
 * before vite-plugin-pwa writes the service worker, so the worker precaches the pages too:
 * `vite build` alone (as `npm run build`, `npm start`, the tests and the benchmarks run it)
 * always ships pre-rendered pages.
 */

export interface PublicPage {
  /** Path relative to `/{lang}`. */
  path: string;
  /** The route module that renders it: its CSS is linked and its chunks preloaded. */
  module: string;
}

const routeModule = (name: string) => `src/app/routes/public/${name}.tsx`;

/** Every public route of SPEC §2, with each blog article. */
export function publicPages(contentDir: string): PublicPage[] {
  return [
    { path: '', module: routeModule('home') },
    { path: 'requirements', module: routeModule('requirements') },
    { path: 'faq', module: routeModule('faq') },
    { path: 'blogs', module: routeModule('blogs') },
    ...listArticleIds(contentDir).map((id) => ({ path: `blogs/${id}`, module: routeModule('blog-article') })),
    { path: 'contact', module: routeModule('contact') },
    { path: 'privacy', module: routeModule('privacy') },
    { path: 'terms', module: routeModule('terms') },
    { path: 'coming-soon', module: routeModule('coming-soon') },
  ];
}

/** The page's files in the client build: stylesheets to link and scripts to preload, from Vite's manifest. */
export function pageAssets(manifest: Manifest, entries: string[]): { css: string[]; js: string[] } {
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const entry of entries) visit(entry);
  return { css: [...css], js: [...js] };
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Render = (pathname: string, language: Language, origin: string) => Promise<{ html: string; headHtml: string }>;

export interface PrerenderOptions {
  root: string;
  clientDir: string;
  serverEntry: string;
  origin: string;
}

/** Renders the pages with the SSR build and writes them with sitemap.xml and robots.txt. Returns the pages written. */
export async function prerenderSite({ root, clientDir, serverEntry, origin }: PrerenderOptions): Promise<string[]> {
  const { render } = (await import(pathToFileURL(serverEntry).href)) as { render: Render };
  const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const fonts = readdirSync(path.join(clientDir, 'assets')).filter((file) => /^inter-latin-wght-normal-.*\.woff2$/.test(file));
  const base = origin.replace(/\/$/, '');
  const pages = publicPages(path.join(root, 'content'));
  const written: string[] = [];

  for (const language of languages) {
    for (const page of pages) {
      const pathname = page.path ? `/${language}/${page.path}` : `/${language}`;
      const { html, headHtml } = await render(pathname, language, base);
      const contentIds = contentModulesOf(page.path, language);
      const contentKeys = Object.keys(manifest).filter((key) => contentIds.some((id) => key.endsWith(id)));
      const localeKeys = [`src/i18n/locales/${language}/common.json`, `src/i18n/locales/${language}/${page.path === '' ? 'home' : 'public'}.json`];
      const { css, js } = pageAssets(manifest, [page.module, ...contentKeys, ...localeKeys]);
      const headParts = [
        headHtml,
        // The Latin subset of Inter draws the first paint's text: fetch it with the HTML, not after the CSS.
        ...fonts.map((font) => `<link rel="preload" href="/assets/${font}" as="font" type="font/woff2" crossorigin>`),
        // The route's own stylesheets (lazy chunks) must be in the HTML, or the page would paint unstyled.
        ...css.filter((file) => !template.includes(`/${file}"`)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ...js.filter((file) => !template.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ];
      const document = template
        .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
        .replace(/<title>[^<]*<\/title>/, headParts.join('\n    '))
        .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
      if (!document.includes(html)) throw new Error(`index.html has no empty <div id="root"></div> to fill (${pathname})`);
      const file = path.join(clientDir, language, page.path, 'index.html');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, document);
      written.push(pathname);
    }
  }

  writeFileSync(path.join(clientDir, 'sitemap.xml'), sitemap(pages, base));
  writeFileSync(path.join(clientDir, 'robots.txt'), robots(base));
  return written;
}

/** The content modules a page reads (see the content plugin), to preload with it. */
function contentModulesOf(pagePath: string, language: Language): string[] {
  const id = (rest: string) => `virtual:alta-content/${rest}`;
  if (pagePath === 'faq') return [id(`faq/faq/${language}`)];
  if (pagePath === 'blogs') return [id(`article-index/${language}`)];
  if (pagePath.startsWith('blogs/')) return [id(`article-index/${language}`), id(`article/${language}/${pagePath.slice('blogs/'.length)}`)];
  if (['requirements', 'terms', 'privacy'].includes(pagePath)) return [id(`page/${pagePath}/${language}`)];
  return [];
}

/** Every page in every language, each listing its translations (hreflang alternates). */
export function sitemap(pages: PublicPage[], origin: string): string {
  const url = (language: Language, pagePath: string) => `${origin}/${language}${pagePath ? `/${pagePath}` : ''}`;
  const entries = pages.flatMap((page) =>
    languages.map((language) =>
      [
        '  <url>',
        `    <loc>${escapeXml(url(language, page.path))}</loc>`,
        ...languages.map((other) => `    <xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(url(other, page.path))}"/>`),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(url('es', page.path))}"/>`,
        '  </url>',
      ].join('\n'),
    ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

/** Crawl the public site; the API and the signed-in areas are not for search engines. */
export function robots(origin: string): string {
  const privatePaths = ['/api/', ...languages.flatMap((language) => ['dashboard', 'admin', 'login', 'register', 'reset-password', 'checkout'].map((root) => `/${language}/${root}`))];
  return ['User-agent: *', 'Allow: /', ...privatePaths.map((privatePath) => `Disallow: ${privatePath}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/**
 * Workbox precaches `es/faq/index.html`; a navigation asks for `/es/faq`. Precache the page
 * under the address it is visited at, so the installed app serves the pre-rendered page.
 */
export function precachePageUrls<T extends { url: string }>(entries: T[]): { manifest: T[] } {
  return { manifest: entries.map((entry) => (/(^|\/)index\.html$/.test(entry.url) && entry.url !== 'index.html' ? { ...entry, url: entry.url.replace(/\/index\.html$/, '') } : entry)) };
}

/**
 * The build step: after the client bundle is written and before the service worker is
 * generated, build the SSR entry (same config, so the same CSS-module names and chunks) and
 * pre-render. Skipped for the SSR build itself and when PRERENDER=0.
 */
export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'alta-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      order: 'pre',
      async handler() {
        if (config.build.ssr || process.env.PRERENDER === '0') return;
        const root = config.root;
        const clientDir = path.resolve(root, config.build.outDir);
        const serverDir = path.resolve(root, 'dist/server');
        rmSync(serverDir, { recursive: true, force: true });
        await build({
          configFile: config.configFile,
          root,
          mode: config.mode,
          logLevel: 'warn',
          build: { ssr: 'scripts/prerender-entry.tsx', outDir: serverDir, emptyOutDir: true, sourcemap: false, manifest: false },
        });
        const serverEntry = path.join(serverDir, 'prerender-entry.js');
        if (!existsSync(serverEntry)) throw new Error(`SSR build did not produce ${serverEntry}`);
        const started = Date.now();
        const written = await prerenderSite({ root, clientDir, serverEntry, origin: process.env.APP_URL ?? 'http://localhost:3000' });
        config.logger.info(`pre-rendered ${written.length} public pages in ${((Date.now() - started) / 1000).toFixed(1)}s`);
      },
    },
  };
}
