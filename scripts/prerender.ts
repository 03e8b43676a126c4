import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Manifest, type Plugin, type ResolvedConfig } from 'vite';
import { languages, type Language } from '../domain/constants';
import { authNamespaces, wizardNamespaces } from '../src/app/route-namespaces';
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
  /** The catalogs its route's loader fetches besides `common`, preloaded with it (a public page's: `home` or `public`). */
  namespaces?: readonly string[];
}

const routeModule = (name: string) => `src/app/routes/public/${name}.tsx`;

/**
 * Login, create account and reset password are pre-rendered too, so a visitor's first visit
 * paints their form at once and the app loads only when the form is used (decision 082). Not for
 * search engines (robots.txt), so not in the sitemap.
 */
export const accountPages: PublicPage[] = ['login', 'register', 'reset-password'].map((name) => ({
  path: name,
  module: `src/app/routes/guest/${name}.tsx`,
  namespaces: authNamespaces,
}));

/**
 * Start now is pre-rendered too: its three paths are links, so a visitor's first visit paints
 * them at once and needs no app (decision 081). So are the three wizards, with their first step
 * empty: a form island, as login's (decision 082), which the app hydrates only for a visitor
 * with no draft to resume (`pageFormFits`). Steps of the funnel, not in the sitemap.
 */
export const funnelPages: PublicPage[] = [
  { path: 'start-now', module: 'src/app/routes/guest/start-now.tsx', namespaces: ['wizard'] },
  ...['create-company', 'migrate-company', 'create-cross-border-crypto'].map((name) => ({
    path: name,
    module: `src/app/routes/guest/${name}.tsx`,
    namespaces: wizardNamespaces,
  })),
];

/** Every public route of SPEC §2, with each blog article. */
export function publicPages(contentDir: string): PublicPage[] {
  return [
    { path: '', module: routeModule('home') },
    { path: 'requirements', module: routeModule('requirements') },
    { path: 'faq', module: routeModule('faq') },
    { path: 'blogs', module: routeModule('blogs') },
    ...listArticleIds(contentDir).map((id) => ({ path: `blogs/${id}`, module: routeModule('blog-article') })),
    { path: 'contact', module: routeModule('contact'), namespaces: ['public', 'validation', 'errors'] },
    { path: 'privacy', module: routeModule('privacy') },
    { path: 'terms', module: routeModule('terms') },
    { path: 'coming-soon', module: routeModule('coming-soon') },
  ];
}

/**
 * The page's files in the client build, from Vite's manifest: its stylesheets, in the order the
 * browser would apply them (a chunk's imports run first, so their styles come before its own, as
 * Vite's preload list has them), and the scripts to preload.
 */
export function pageAssets(manifest: Manifest, entries: string[]): { css: string[]; js: string[] } {
  const css: string[] = [];
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
  };
  for (const entry of entries) visit(entry);
  return { css, js: [...js] };
}

/** A CSP hash source allowing an inline element whose text is exactly `text`. */
export function cspHashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * A stylesheet inlined into a pre-rendered page, so the first paint waits for no request.
 * The disabled link is not fetched (HTML: a disabled stylesheet link is never loaded); it
 * tells Vite's preload helper the page already has the file, so hydration does not download
 * and re-apply it after later stylesheets, which would change the cascade order.
 */
export function inlineStylesheet(file: string, text: string): string {
  if (text.includes('</style')) throw new Error(`${file} cannot be inlined: it contains "</style"`);
  return `<style>${text}</style><link rel="stylesheet" href="/${file}" disabled>`;
}

/** The module a pre-rendered page loads instead of the entry (an input of the client build). */
export const starterModule = 'src/start-after-paint.ts';

/**
 * The starter's element, naming the entry and the modules to preload with it, and whether a
 * visitor can do without them (`src/start-after-paint.ts`).
 */
export function starterScript(starter: string, entry: string, modules: string[], withoutApp = false): string {
  const preload = modules.map((file) => `/${file}`).join(' ');
  return `<script type="module" crossorigin src="/${starter}" data-entry="/${entry}" data-preload="${preload}"${withoutApp ? ' data-without-app' : ''}></script>`;
}

/**
 * A control disabled in the pre-rendered HTML waits for the app to enable it (`useHydrated`),
 * unless it is an island that a page without the app wires itself (`data-island`, see
 * src/page-without-app.ts), or a form island's send button the starter enables
 * (`data-enabled-by-starter`, decision 082). A page with such a control needs the app; one
 * without does without it for a visitor (decision 081).
 */
export function controlWaitingForApp(html: string): string | undefined {
  return html
    .match(/<(?:button|input|select|textarea)\b[^>]*>/g)
    ?.find((tag) => /\sdisabled[\s=>]/.test(tag) && !/\s(?:data-island|data-enabled-by-starter)=/.test(tag));
}

/** Read by the server at start (`server/static.ts`): the style-src hashes of every inline style. */
export const cspHashesFile = 'csp-hashes.json';

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
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = manifest['index.html']?.file;
  if (!entry) throw new Error('the manifest has no index.html entry');
  const starter = manifest[starterModule]?.file;
  if (!starter) throw new Error(`the manifest has no ${starterModule} entry (build.rolldownOptions.input)`);
  // Loaded with the starter (modules it shares with the app): never preloaded again after it.
  const starterFiles = new Set(pageAssets(manifest, [starterModule]).js);
  // The SPA shell links its stylesheet and loads its entry; a pre-rendered page carries its
  // styles inline and loads the starter, which loads the app after the first paint (below).
  const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8').replace(
    /\s*<link rel="(stylesheet|modulepreload)"[^>]*>|\s*<script type="module"[^>]*><\/script>/g,
    '',
  );
  if (template.includes(entry)) throw new Error(`index.html loads ${entry} in a way pre-rendering does not know`);
  const fonts = readdirSync(path.join(clientDir, 'assets')).filter((file) => /^inter-latin-wght-normal-.*\.woff2$/.test(file));
  const base = origin.replace(/\/$/, '');
  const pages = publicPages(path.join(root, 'content'));
  const written: string[] = [];
  const styleHashes = new Set<string>();
  const stylesheets = new Map<string, string>();
  const inline = (file: string) => {
    if (!stylesheets.has(file)) stylesheets.set(file, readFileSync(path.join(clientDir, file), 'utf8'));
    const text = stylesheets.get(file)!;
    styleHashes.add(cspHashSource(text));
    return inlineStylesheet(file, text);
  };

  for (const language of languages) {
    for (const page of [...pages, ...accountPages, ...funnelPages]) {
      const pathname = page.path ? `/${language}/${page.path}` : `/${language}`;
      const { html, headHtml } = await render(pathname, language, base);
      const withoutApp = controlWaitingForApp(html) === undefined;
      const contentIds = contentModulesOf(page.path, language);
      const contentKeys = Object.keys(manifest).filter((key) => contentIds.some((id) => key.endsWith(id)));
      const namespaces = ['common', ...(page.namespaces ?? [page.path === '' ? 'home' : 'public'])];
      const localeKeys = namespaces.map((namespace) => `src/i18n/locales/${language}/${namespace}.json`);
      // The entry first: its global stylesheet comes before the route's modules.
      const { css, js } = pageAssets(manifest, ['index.html', page.module, ...contentKeys, ...localeKeys]);
      const headParts = [
        headHtml,
        // The Latin subset of Inter draws the first paint's text (es/en/pt need no other): fetch it
        // with the HTML; the scripts only hydrate what is already on screen.
        ...fonts.map((font) => `<link rel="preload" href="/assets/${font}" as="font" type="font/woff2" crossorigin>`),
        // Every stylesheet the page needs, inline: the first paint waits for no other request.
        // The server's CSP allows exactly these texts by hash (csp-hashes.json).
        ...css.map(inline),
        // Everything on screen is already in the HTML: the starter fetches the entry and what
        // hydrating this page needs (the entry's imports first, then the route's chunks) once the
        // page has been painted, so they never take the first paint's bandwidth (decision 013).
        starterScript(
          starter,
          entry,
          js.filter((file) => file !== entry && !starterFiles.has(file)),
          withoutApp,
        ),
      ];
      // Replacer functions: a string replacement would expand "$'" and "$&", which CSS can contain.
      const document = template
        .replace(/<html lang="[^"]*"/, () => `<html lang="${language}"`)
        .replace(/<title>[^<]*<\/title>/, () => headParts.join('\n    '))
        .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
      if (!document.includes(html)) throw new Error(`index.html has no empty <div id="root"></div> to fill (${pathname})`);
      if (!headParts.every((part) => document.includes(part))) throw new Error(`index.html has no <title> to replace with the page head (${pathname})`);
      const file = path.join(clientDir, language, page.path, 'index.html');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, document);
      written.push(pathname);
    }
  }

  writeFileSync(path.join(clientDir, cspHashesFile), `${JSON.stringify({ styleSrc: [...styleHashes].sort() }, null, 2)}\n`);
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
  const privatePaths = [
    '/api/',
    ...languages.flatMap((language) => ['dashboard', 'admin', 'login', 'register', 'reset-password', 'checkout'].map((root) => `/${language}/${root}`)),
  ];
  return ['User-agent: *', 'Allow: /', ...privatePaths.map((privatePath) => `Disallow: ${privatePath}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
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
