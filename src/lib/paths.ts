import { isLanguage, type Language } from '@domain/constants';

/**
 * Every route of SPEC §2, relative to `/{lang}`. Links are built with `href(lang, path)` so a
 * page never hard-codes a language.
 */
export const paths = {
  home: '',
  requirements: 'requirements',
  faq: 'faq',
  blogs: 'blogs',
  blog: (id: string) => `blogs/${encodeURIComponent(id)}`,
  contact: 'contact',
  privacy: 'privacy',
  terms: 'terms',
  comingSoon: 'coming-soon',

  startNow: 'start-now',
  createCompany: 'create-company',
  migrateCompany: 'migrate-company',
  createCrossBorderCrypto: 'create-cross-border-crypto',
  login: 'login',
  newPassword: 'login/new-password',
  register: 'register',
  checkout: (id: string) => `checkout/${encodeURIComponent(id)}`,
  resetPassword: 'reset-password',
  resetPasswordConfirm: 'reset-password/confirm',
  /** Opens a guest's wizard draft from another device (the draft's key is in the fragment). */
  continueDraft: 'continue',
  /** The receipt's claim link and the email-verification link (their secret is in the fragment). */
  claimOrder: 'claim',
  verifyEmail: 'verify-email',
  /** A teammate invitation's link (decision 030; its secret is in the fragment). */
  joinTeam: 'join-team',

  dashboard: 'dashboard',
  company: (id: string) => `dashboard/company/${encodeURIComponent(id)}`,
  companyRenewal: (id: string) => `dashboard/company/${encodeURIComponent(id)}/renewal`,
  subscriptions: 'subscriptions',
  mailing: 'mailing',
  boiReport: 'boi-report',
  bankingCrypto: 'banking-crypto',
  bankingCryptoFaq: 'banking-crypto/faq',
  accountingAi: 'accounting-ai',
  bookkeeping: 'accounting-ai/bookkeeping',
  /** One transaction of the bookkeeping list (SPEC §2 accounting-ai/bookkeeping/{id}). */
  transaction: (id: string) => `accounting-ai/bookkeeping/${encodeURIComponent(id)}`,
  taxForm: 'accounting-ai/tax-form',
  invoices: 'invoices',
  teammates: 'teammates',
  paymentMethod: 'payment-method',

  admin: 'admin',
  adminCompanies: 'admin/companies',
  /** A company's staff page (decision 028). */
  adminCompany: (id: string) => `admin/companies/${encodeURIComponent(id)}`,
} as const;

/** `/{lang}` or `/{lang}/{path}`. */
export const href = (language: Language, path: string) => (path ? `/${language}/${path}` : `/${language}`);

export type Area = 'public' | 'dashboard' | 'admin';

const dashboardRoots = new Set([
  'dashboard',
  'subscriptions',
  'mailing',
  'boi-report',
  'banking-crypto',
  'accounting-ai',
  'invoices',
  'teammates',
  'payment-method',
]);
const guestOnlyRoots = new Set(['login', 'register', 'reset-password', 'continue']);

/** The area a path belongs to: it decides the chrome (footer, drawer) and where a route error leads. */
export function areaOf(pathname: string): Area {
  const [, , root = ''] = pathname.split('/');
  if (root === 'admin') return 'admin';
  if (dashboardRoots.has(root)) return 'dashboard';
  return 'public';
}

/** The home of an area, where a route error's countdown leads. */
export function areaHome(area: Area, language: Language): string {
  if (area === 'dashboard') return href(language, paths.dashboard);
  if (area === 'admin') return href(language, paths.admin);
  return href(language, paths.home);
}

/** The language of a path (`/en/faq` → en), or null when its first segment is not one. */
export function languageOfPath(pathname: string): Language | null {
  const first = pathname.split('/')[1];
  return isLanguage(first) ? first : null;
}

/**
 * The same location in another language: `/es/faq?q=llc#fees` → `/en/faq?q=llc#fees`. A path
 * without a language gets one in front.
 */
export function swapLanguage(location: string, language: Language): string {
  const match = /^([^?#]*)(.*)$/.exec(location)!;
  const segments = match[1]!.split('/');
  if (isLanguage(segments[1])) segments[1] = language;
  else segments.splice(1, 0, language);
  const path = segments.join('/').replace(/\/+$/, '') || `/${language}`;
  return path + match[2];
}

/**
 * The "came from" of a guarded route, if it is safe to go back to: a path of this site (never
 * another origin — an open redirect would let a phishing link pass through Alta's login), not a
 * guest-only page, in the current language.
 */
export function safeReturnPath(from: string | null | undefined, language: Language): string | null {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(from, 'https://alta.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://alta.invalid') return null;
  const [, , root = ''] = url.pathname.split('/');
  if (!languageOfPath(url.pathname) || guestOnlyRoots.has(root)) return null;
  return swapLanguage(url.pathname + url.search + url.hash, language);
}

/** The login page remembering where the visitor was going. */
export function loginPath(language: Language, from?: string): string {
  const login = href(language, paths.login);
  return from ? `${login}?${new URLSearchParams({ from })}` : login;
}
