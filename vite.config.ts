import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { configDefaults, defineConfig } from 'vitest/config';
import { contentPlugin } from './scripts/content-plugin';
import { ocrAssetsPlugin } from './scripts/ocr-assets-plugin';
import { precompressPlugin } from './scripts/precompress-plugin';
import { appFirstPrecache } from './scripts/precache';
import { prerenderPlugin } from './scripts/prerender';
import { assetsCacheName } from './src/features/pwa/warm-cache';

const alias = Object.fromEntries(
  ['domain', 'sync', 'workers', 'server', 'src'].map((folder) => [`@${folder}`, fileURLToPath(new URL(`./${folder}`, import.meta.url))]),
);

/**
 * React Router's package exports its development build under every condition (its issue 14102):
 * warnings and checks a production bundle should not run, some 150 ms of a dashboard's first load
 * on the test machine. The build takes its production files, which the package ships beside them (decision 102).
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    // content/ markdown compiled at build time into per-language chunks (public site).
    contentPlugin(),
    // Public pages rendered to HTML after the client build, before the service worker is written.
    prerenderPlugin(),
    // The receipt reader's engine and language data, served by Alta under /ocr/ (decision 067).
    ocrAssetsPlugin(),
    // The installed app (decisions 007, 018): the shell and every chunk the app reaches without the
    // public site are precached, and the worker takes control of the first page at once, so the
    // first session works offline; the public site's chunks are warmed after. A new deployment
    // waits for the user's "reload" (registerType prompt).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Alta',
        short_name: 'Alta',
        description: 'Form, migrate and run your US company from anywhere.',
        lang: 'es',
        start_url: '/?source=pwa',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#f4f1ea',
        theme_color: '#0f3d3e',
        categories: ['business', 'finance', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,woff2,webmanifest}'],
        // The receipt reader (about 10 MB) is fetched on its first use and kept by the rule below, not precached.
        globIgnores: ['ocr/**'],
        manifestTransforms: [appFirstPrecache(fileURLToPath(new URL('./dist/client', import.meta.url)))],
        clientsClaim: true,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          // Hashed files never change: the public site's chunks, warmed after the precache, and
          // any chunk a page asks for before it is warmed.
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: assetsCacheName, expiration: { maxEntries: 400, purgeOnQuotaError: true } },
          },
          // The receipt reader's engine and language data (decision 067): its folder is named by
          // their hash, so a kept copy never goes stale; reading works offline after the first use.
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/ocr/'),
            handler: 'CacheFirst',
            options: { cacheName: 'alta-ocr', expiration: { maxEntries: 20, purgeOnQuotaError: true } },
          },
        ],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    // Last, once every file is written: each compressible file's brotli copy, which the server sends (decision 101).
    precompressPlugin(),
  ],
  resolve: {
    alias: [...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })), ...(command === 'build' ? reactRouterProduction : [])],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Written for debugging a build, not referenced from the scripts; the server does not serve them (SERVE_SOURCE_MAPS).
    sourcemap: 'hidden',
    manifest: true,
    // No <link rel="modulepreload"> from Vite, in the shell or before a lazy import: each link
    // inserted cost the main thread 0.5–2.5 ms (4× CPU) as a route or dialog loaded, some 50 for
    // the bookkeeping list, and Lighthouse measured the dashboard's blocking time at 370–610 ms
    // with them, 180–340 without (decision 084). A chunk's imports load when it does; the service
    // worker answers them from its cache. A lazy chunk's stylesheets still load with it, and a
    // pre-rendered page's starter preloads its own modules (start-after-paint.ts).
    modulePreload: false,
    // The SPA shell, and the small starter the pre-rendered pages load instead (decision 013).
    rolldownOptions: { input: { index: 'index.html', 'start-after-paint': 'src/start-after-paint.ts' } },
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  test: {
    // Each test file of the app's own code starts from fresh modules (they hold a device's state:
    // IndexedDB, the sync engine, mocked modules). The server's, the domain's and the integration
    // tests share their worker's modules: they keep no state in them between files (each opens its
    // own database and app), and importing the server again for each of their ~130 files cost the
    // run some 140 s of CPU (decision 101).
    projects: [
      { extends: true, test: { name: 'device', include: ['{src,workers,sync/client}/**/*.test.{ts,tsx}'] } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['{domain,sync,server,tests/integration}/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, 'sync/client/**'],
          isolate: false,
        },
      },
    ],
    environment: 'node',
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // vitest's default is one worker less than the cores: a single worker on CI's two. Test
    // files wait on databases and sockets for much of their time, so two share the cores well.
    maxWorkers: 2,
    // As the browser tests do in CI: a test that fails once under a loaded machine gets one more
    // try, and is still listed as flaky in the report.
    retry: process.env.CI ? 1 : 0,
  },
}));
