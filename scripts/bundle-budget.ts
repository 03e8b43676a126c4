// The JavaScript budget of a first visit (issue 35 §4), held against the production build: run
// after `vite build` (tests/run-all.mjs does), it fails when a page's initial JavaScript grows
// past its budget. The figure is the gzip size (level 9, as bench-bundle measures) of every
// script the page's modules import statically, from Vite's manifest, with the page's catalogs
// in Spanish: what the browser must download before the page can start, not what it fetches
// on demand afterwards. A size is deterministic, so this is a test; speed stays in the benches.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import { authNamespaces, dashboardNamespaces, wizardNamespaces } from '../src/app/route-namespaces';
import { pageAssets, starterModule } from './prerender';

const KiB = 1024;

export interface PageBudget {
  name: string;
  /** Manifest keys the page starts from (`index.html` is the app's entry). */
  modules: string[];
  /** Catalogs (namespaces) its route's loader fetches before it renders. */
  namespaces: readonly string[];
  /** Issue 35's goal. */
  goalKiB: number;
  /**
   * What this test allows: the goal once reached; until then the size reached so far, rounded
   * up, so the page can only get lighter while the goal is worked towards.
   */
  budgetKiB: number;
}

const route = (area: string, name: string) => `src/app/routes/${area}/${name}.tsx`;
const dashboardLayout = 'src/app/layouts/app-layout.tsx';
const app = 'index.html';
/** What a visitor's public page runs instead of the app (decision 081). */
const withoutApp = 'src/page-without-app.ts';

/** The pages the issue names; every dashboard route is added from the manifest (below). */
export const pageBudgets: PageBudget[] = [
  // A visitor's home page does without the app; signed in, it hydrates like the FAQ.
  { name: 'home', modules: [starterModule, withoutApp], namespaces: [], goalKiB: 100, budgetKiB: 100 },
  { name: 'home, signed in', modules: [starterModule, app, route('public', 'home')], namespaces: ['common', 'home'], goalKiB: 250, budgetKiB: 250 },
  // A visitor's FAQ does without the app too: its search and copy-link buttons are islands.
  {
    name: 'faq',
    modules: [starterModule, withoutApp, 'src/features/public-site/components/faq/faq-island.ts', 'src/features/public-site/components/share/share-islands.ts'],
    namespaces: ['public'],
    goalKiB: 100,
    budgetKiB: 100,
  },
  // A visitor's blog: its "load more" is an island.
  {
    name: 'blog',
    modules: [starterModule, withoutApp, 'src/features/public-site/components/blog/blog-island.ts'],
    namespaces: ['public'],
    goalKiB: 100,
    budgetKiB: 100,
  },
  // A visitor's article: its share, copy-link and print buttons are islands.
  {
    name: 'article',
    modules: [starterModule, withoutApp, 'src/features/public-site/components/share/share-islands.ts'],
    namespaces: [],
    goalKiB: 100,
    budgetKiB: 100,
  },
  // A visitor's start now: its paths are links, so it does without the app.
  { name: 'start now', modules: [starterModule, withoutApp], namespaces: [], goalKiB: 100, budgetKiB: 100 },
  { name: 'start now, signed in', modules: [starterModule, app, route('guest', 'start-now')], namespaces: ['common', 'wizard'], goalKiB: 250, budgetKiB: 250 },
  // A visitor's contact page: its form is an island that loads the app at its first touch (decision 082).
  { name: 'contact', modules: [starterModule, withoutApp, 'src/components/form/form-island.ts'], namespaces: [], goalKiB: 100, budgetKiB: 100 },
  { name: 'faq, signed in', modules: [starterModule, app, route('public', 'faq')], namespaces: ['common', 'public'], goalKiB: 250, budgetKiB: 250 },
  // A visitor's login paints its form without the app, which loads at their first touch of the
  // form (decision 082): first what the page itself loads, then what that touch brings.
  { name: 'login', modules: [starterModule, withoutApp, 'src/features/auth/login-island.ts'], namespaces: [], goalKiB: 150, budgetKiB: 150 },
  {
    name: 'login, once touched',
    modules: [starterModule, app, route('guest', 'login')],
    namespaces: ['common', ...authNamespaces],
    goalKiB: 150,
    // 162 until the sign-out kept its requests from reaching the server after the logout (src/lib/api.ts `endingSession`).
    budgetKiB: 163,
  },
  // Create account, the same way.
  { name: 'register', modules: [starterModule, withoutApp, 'src/features/auth/register-island.ts'], namespaces: [], goalKiB: 150, budgetKiB: 150 },
  {
    name: 'register, once touched',
    modules: [starterModule, app, route('guest', 'register')],
    namespaces: ['common', ...authNamespaces],
    goalKiB: 200,
    budgetKiB: 200,
  },
  // Reset password, the same way: its form is the plain form island.
  { name: 'reset password', modules: [starterModule, withoutApp, 'src/components/form/form-island.ts'], namespaces: [], goalKiB: 100, budgetKiB: 100 },
  {
    name: 'reset password, once touched',
    modules: [starterModule, app, route('guest', 'reset-password')],
    namespaces: ['common', ...authNamespaces],
    goalKiB: 150,
    budgetKiB: 157,
  },
  // A visitor's wizard paints its first step without the app too, which loads at the first touch.
  {
    name: 'create-company wizard',
    modules: [starterModule, withoutApp, 'src/features/company-wizard/wizard-island.ts'],
    namespaces: [],
    goalKiB: 200,
    budgetKiB: 200,
  },
  {
    name: 'create-company wizard, once touched',
    modules: [starterModule, app, route('guest', 'create-company')],
    namespaces: ['common', ...wizardNamespaces],
    goalKiB: 200,
    budgetKiB: 200,
  },
];

/** SPEC §2's dashboard: any of its routes, in its layout, a new one included. */
const dashboardGoalKiB = 250;

export interface PageWeight {
  name: string;
  goalKiB: number;
  budgetKiB: number;
  kib: number;
  files: number;
}

/** Each page's initial JavaScript in the build at `clientDir`. */
export function measureBudgets(clientDir: string): PageWeight[] {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length);
    return gzipped.get(file)!;
  };
  const dashboardPages: PageBudget[] = Object.keys(manifest)
    .filter((key) => key.startsWith('src/app/routes/dashboard/'))
    .sort()
    .map((key) => {
      const route = path.basename(key, '.tsx');
      // The router's own table: a route the table does not list would be measured without its catalogs.
      if (!Object.hasOwn(dashboardNamespaces, route)) throw new Error(`${route}: no catalogs listed in src/app/route-namespaces.ts`);
      return {
        name: `dashboard: ${route}`,
        modules: [app, dashboardLayout, key],
        namespaces: ['common', ...dashboardNamespaces[route as keyof typeof dashboardNamespaces]],
        goalKiB: dashboardGoalKiB,
        budgetKiB: dashboardGoalKiB,
      };
    });
  return [...pageBudgets, ...dashboardPages].map((page) => {
    const keys = [...page.modules, ...page.namespaces.map((namespace) => `src/i18n/locales/es/${namespace}.json`)];
    const missing = keys.filter((key) => !manifest[key]);
    if (missing.length > 0) throw new Error(`${page.name}: the manifest has no ${missing.join(', ')}`);
    const { js } = pageAssets(manifest, keys);
    const bytes = js.reduce((sum, file) => sum + sizeOf(file), 0);
    return { name: page.name, goalKiB: page.goalKiB, budgetKiB: page.budgetKiB, kib: bytes / KiB, files: js.length };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const weights = measureBudgets(path.resolve('dist/client'));
  const over = weights.filter((page) => page.kib > page.budgetKiB);
  console.table(
    weights.map((page) => ({
      page: page.name,
      'JS gzip KiB': page.kib.toFixed(1),
      'budget KiB': page.budgetKiB,
      'goal KiB': page.goalKiB,
      files: page.files,
      '': page.kib > page.budgetKiB ? 'OVER' : 'ok',
    })),
  );
  // Read by tests/run-all.mjs, like the other suites' reports.
  const report = process.env.BUNDLE_BUDGET_REPORT;
  if (report)
    (await import('node:fs')).writeFileSync(
      report,
      JSON.stringify({ passed: weights.length - over.length, failed: over.length, over: over.map((page) => page.name) }),
    );
  process.exit(over.length > 0 ? 1 : 0);
}
