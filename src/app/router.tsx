import { createBrowserRouter, type RouteObject, type ShouldRevalidateFunction } from 'react-router-dom';
import { RouteError } from '@src/components/route-error/route-error';
import { loadDraftStore } from '@src/features/drafts/load-draft-store';
import { loadTranslations, type Namespace } from '@src/i18n/i18n';
import { PageSpinner } from './chrome/page-spinner';
import { adminLoader, dashboardLoader, funnelLoader, guestOnlyLoader, languageLoader, rootLoader, unknownPathLoader } from './guards';
import { LanguageScope } from './layouts/language-scope';
import { PublicLayout } from './layouts/public-layout';
import { authNamespaces as auth, dashboardNamespaces as ns, wizardNamespaces as wizardPage } from './route-namespaces';

type RouteModule = () => Promise<Pick<RouteObject, 'Component' | 'ErrorBoundary' | 'handle'>>;

/**
 * The loaders (language, session guards, translations) depend on the path, not on the query
 * string: a page that keeps its state in the query (the bookkeeping filters, the admin lists)
 * changes it without running them again.
 */
const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search ? false : defaultShouldRevalidate;

/**
 * A screen: its module is a lazy chunk, and its loader fetches the translations it needs at
 * the same time (a static loader runs in parallel with `lazy`), so it renders complete. For the
 * same reason, `prepare` reads from this device what its first render shows.
 */
const page = (
  load: RouteModule,
  needs: readonly Namespace[] = [],
  prepare?: () => Promise<void>,
): Pick<RouteObject, 'loader' | 'shouldRevalidate' | 'lazy'> => ({
  loader: async ({ params }) => {
    await Promise.all([loadTranslations(params.lang, needs), prepare?.()]);
    return null;
  },
  shouldRevalidate,
  lazy: load,
});

const publicPage: Namespace[] = ['public'];
const contactPage: Namespace[] = ['public', 'validation', 'errors'];

const publicRoutes: RouteObject[] = [
  { index: true, ...page(() => import('./routes/public/home'), ['home']) },
  { path: 'requirements', ...page(() => import('./routes/public/requirements'), publicPage) },
  { path: 'faq', ...page(() => import('./routes/public/faq'), publicPage) },
  { path: 'blogs', ...page(() => import('./routes/public/blogs'), publicPage) },
  { path: 'blogs/:id', ...page(() => import('./routes/public/blog-article'), publicPage) },
  { path: 'contact', ...page(() => import('./routes/public/contact'), contactPage) },
  { path: 'privacy', ...page(() => import('./routes/public/privacy'), publicPage) },
  { path: 'terms', ...page(() => import('./routes/public/terms'), publicPage) },
  { path: 'coming-soon', ...page(() => import('./routes/public/coming-soon'), publicPage) },
  // Mailed links act for whoever is signed in, or ask the visitor to sign in first.
  { path: 'claim', ...page(() => import('./routes/public/claim'), auth) },
  { path: 'verify-email', ...page(() => import('./routes/public/verify-email'), auth) },
  { path: 'join-team', ...page(() => import('./routes/public/join-team'), [...auth, 'teammates']) },
];

/** A wizard's draft store loads beside its page (a failure is the wizard's to show, when it reads). */
const draftStore = () =>
  loadDraftStore().then(
    () => undefined,
    () => undefined,
  );

/** The funnel: guests, and signed-in owners starting another company as themselves (decision 017). */
const funnelRoutes: RouteObject[] = [
  { path: 'start-now', ...page(() => import('./routes/guest/start-now'), ['wizard']) },
  { path: 'create-company', ...page(() => import('./routes/guest/create-company'), wizardPage, draftStore) },
  { path: 'migrate-company', ...page(() => import('./routes/guest/migrate-company'), wizardPage, draftStore) },
  { path: 'create-cross-border-crypto', ...page(() => import('./routes/guest/create-cross-border-crypto'), wizardPage, draftStore) },
  { path: 'checkout/:id', ...page(() => import('./routes/guest/checkout'), ['checkout', 'plans', 'validation', 'errors']) },
];

const guestOnlyRoutes: RouteObject[] = [
  { path: 'continue', ...page(() => import('./routes/guest/continue'), ['wizard', 'errors']) },
  { path: 'login', ...page(() => import('./routes/guest/login'), auth) },
  { path: 'login/new-password', ...page(() => import('./routes/guest/new-password'), auth) },
  { path: 'register', ...page(() => import('./routes/guest/register'), auth) },
  { path: 'reset-password', ...page(() => import('./routes/guest/reset-password'), auth) },
  { path: 'reset-password/confirm', ...page(() => import('./routes/guest/reset-password-confirm'), auth) },
];

const dashboardRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    ...page(
      () => import('./routes/dashboard/home'),
      ns.home,
      () => import('@src/features/dashboard/hooks/use-companies').then((module) => module.readCompaniesBeforeRender()),
    ),
  },
  { path: 'dashboard/company/:id', ...page(() => import('./routes/dashboard/company'), ns.company) },
  { path: 'dashboard/company/:id/renewal', ...page(() => import('./routes/dashboard/company-renewal'), ns['company-renewal']) },
  { path: 'subscriptions', ...page(() => import('./routes/dashboard/subscriptions'), ns.subscriptions) },
  { path: 'payment-method', ...page(() => import('./routes/dashboard/payment-method'), ns['payment-method']) },
  { path: 'mailing', ...page(() => import('./routes/dashboard/mailing'), ns.mailing) },
  { path: 'boi-report', ...page(() => import('./routes/dashboard/boi-report'), ns['boi-report']) },
  { path: 'banking-crypto', ...page(() => import('./routes/dashboard/banking-crypto'), ns['banking-crypto']) },
  { path: 'banking-crypto/faq', ...page(() => import('./routes/dashboard/banking-crypto-faq'), ns['banking-crypto-faq']) },
  { path: 'accounting-ai', ...page(() => import('./routes/dashboard/accounting-ai'), ns['accounting-ai']) },
  { path: 'accounting-ai/bookkeeping', ...page(() => import('./routes/dashboard/bookkeeping'), ns.bookkeeping) },
  { path: 'accounting-ai/bookkeeping/:id', ...page(() => import('./routes/dashboard/bookkeeping-transaction'), ns['bookkeeping-transaction']) },
  { path: 'accounting-ai/tax-form', ...page(() => import('./routes/dashboard/tax-form'), ns['tax-form']) },
  { path: 'invoices', ...page(() => import('./routes/dashboard/invoices'), ns.invoices) },
  { path: 'teammates', ...page(() => import('./routes/dashboard/teammates'), ns.teammates) },
];

const adminPage: Namespace[] = ['admin', 'dashboard', 'errors'];
const adminRoutes: RouteObject[] = [
  { index: true, ...page(() => import('./routes/admin/users'), adminPage) },
  { path: 'companies', ...page(() => import('./routes/admin/companies'), adminPage) },
  { path: 'companies/:id', ...page(() => import('./routes/admin/company'), adminPage) },
];

/**
 * Every route of SPEC §2 under `/{lang}`. Each area has a pathless error boundary inside its
 * layout, so a page that fails (even to download) shows the countdown inside the chrome.
 * Exported apart from the browser router so pre-rendering can reuse the same tree.
 */
export const routes: RouteObject[] = [
  { path: '/', loader: rootLoader, HydrateFallback: PageSpinner, Component: PageSpinner },
  {
    path: ':lang',
    loader: languageLoader,
    shouldRevalidate,
    Component: LanguageScope,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: PublicLayout,
        children: [
          {
            ErrorBoundary: () => <RouteError area="public" />,
            children: [
              ...publicRoutes,
              { loader: funnelLoader, shouldRevalidate, children: funnelRoutes },
              { loader: guestOnlyLoader, shouldRevalidate, children: guestOnlyRoutes },
            ],
          },
        ],
      },
      {
        id: 'dashboard',
        loader: dashboardLoader,
        shouldRevalidate,
        lazy: async () => ({ Component: (await import('./layouts/app-layout')).DashboardLayout }),
        children: [{ ErrorBoundary: () => <RouteError area="dashboard" />, children: dashboardRoutes }],
      },
      {
        id: 'admin',
        path: 'admin',
        loader: adminLoader,
        shouldRevalidate,
        lazy: async () => ({ Component: (await import('./layouts/app-layout')).AdminLayout }),
        children: [{ ErrorBoundary: () => <RouteError area="admin" />, children: adminRoutes }],
      },
      { path: '*', loader: unknownPathLoader },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
