import type { Namespace } from '@src/i18n/i18n';

/**
 * The catalogs each signed-in screen's loader fetches before it renders (beside `common`, which
 * the language loader brings). One table for the router and for the JavaScript budget
 * (scripts/bundle-budget.ts), so the budget counts what a route really downloads. Keyed by the
 * route's module under routes/dashboard/. A screen's own namespace is listed too: asked for by
 * its first render instead, it would only start downloading after the route's module.
 */
const dashboard: Namespace[] = ['dashboard'];
// The list names its linked banks (`linkedAccounts`). Its dialogs and its accounts' tab bring the
// catalogs only they read (`validation`, `errors`, `sync`) with their code, fetched after the list
// has painted. A namespace first asked for while a screen renders waits for every catalog
// i18next is loading at that moment (the reminders' among them), so a loader names all its
// screen uses.
const bookkeeping: Namespace[] = ['dashboard', 'bookkeeping', 'linkedAccounts'];

export const dashboardNamespaces = {
  // The home may tell why a verification mail could not be sent.
  home: [...dashboard, 'company', 'errors'],
  company: [...dashboard, 'company', 'plans', 'errors'],
  'company-renewal': [...dashboard, 'company', 'errors'],
  subscriptions: [...dashboard, 'billing', 'errors'],
  'payment-method': [...dashboard, 'billing', 'checkout', 'validation', 'errors'],
  mailing: [...dashboard, 'mailing'],
  'boi-report': [...dashboard, 'boi'],
  'banking-crypto': [...dashboard, 'banking'],
  'banking-crypto-faq': [...dashboard, 'banking'],
  // Its analytics and charts: none of the list's linked banks, statuses or forms.
  'accounting-ai': [...dashboard, 'bookkeeping'],
  bookkeeping,
  'bookkeeping-transaction': bookkeeping,
  'tax-form': [...dashboard, 'bookkeeping', 'taxForm'],
  invoices: [...dashboard, 'billing', 'checkout', 'errors'],
  teammates: [...dashboard, 'teammates', 'validation', 'errors'],
} as const satisfies Record<string, readonly Namespace[]>;

/**
 * The sign-in pages' and the guest wizards' catalogs. A wizard's `validation` messages load with
 * its steps' checks, once the form is on screen (step-resolver.ts).
 */
export const authNamespaces: Namespace[] = ['auth', 'validation', 'errors'];
export const wizardNamespaces: Namespace[] = ['wizard', 'plans', 'errors'];
