import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { defaultLanguage, isLanguage, type Language } from '@domain/constants';
import type { User } from '@domain/account';
import { readSignedIn } from '@src/features/session/signed-in-flag';
import { detectLanguage, loadTranslations } from '@src/i18n/i18n';
import { href, loginPath, paths } from '@src/lib/paths';

/**
 * Route loaders that decide where a visitor may be (SPEC §2). Loaders of nested routes run
 * in parallel; a parent's redirect wins, so each guard first checks the language is valid.
 */

/** `/` (and `/?lng=en&utm_source=…`): the detected language's home, keeping the rest of the query. */
export function rootLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  url.searchParams.delete('lng');
  const query = url.searchParams.toString();
  return redirect(href(detectLanguage(), paths.home) + (query ? `?${query}` : ''));
}

/** `/{lang}/…`: a valid language is switched to (with its catalogs); anything else goes to the detected language's home. */
export async function languageLoader({ params }: LoaderFunctionArgs) {
  if (!isLanguage(params.lang)) throw redirect(href(detectLanguage(), paths.home));
  await loadTranslations(params.lang, []);
  return null;
}

/** An unknown path inside a language goes to that language's home. */
export function unknownPathLoader({ params }: LoaderFunctionArgs) {
  return redirect(href(isLanguage(params.lang) ? params.lang : defaultLanguage, paths.home));
}

/** Guest-only pages (login, register, wizards…) send a signed-in user to their home. */
export function guestOnlyLoader({ params }: LoaderFunctionArgs) {
  if (!isLanguage(params.lang)) return null;
  const role = readSignedIn();
  if (role) throw redirect(href(params.lang, role === 'admin' ? paths.admin : paths.dashboard));
  return null;
}

/**
 * The funnel (start-now, the wizards, checkout) is open to guests and to signed-in owners
 * adding a company as themselves. A signed-in visitor's session is resolved first, so the
 * wizard fills "your info" from the profile and saves its draft to the account; the admin,
 * who owns no companies, goes to the admin page.
 */
export async function funnelLoader({ params }: LoaderFunctionArgs) {
  if (!isLanguage(params.lang) || !readSignedIn()) return null;
  const user = await sessionUser().catch(() => null);
  if (user?.role === 'admin') throw redirect(href(params.lang, paths.admin));
  return null;
}

// The session module brings Dexie: it is loaded only when a guarded area is entered.
async function sessionUser(): Promise<User | null> {
  const { resolveSession } = await import('@src/features/session/local-session');
  return resolveSession();
}

function toLogin(language: Language, request: Request): never {
  const url = new URL(request.url);
  throw redirect(loginPath(language, url.pathname + url.search));
}

/** The dashboard: visitors go to login (and come back after it); the admin goes to the admin page. */
export async function dashboardLoader({ params, request }: LoaderFunctionArgs) {
  if (!isLanguage(params.lang)) return null;
  const user = await sessionUser();
  if (!user) toLogin(params.lang, request);
  if (user.role === 'admin') throw redirect(href(params.lang, paths.admin));
  // The "acting as" banner's words are in the admin catalog (decision 028).
  if (user.impersonatedBy) await loadTranslations(params.lang, ['admin']);
  return null;
}

/** The admin area: visitors go to login; anyone but the admin goes to the dashboard home. */
export async function adminLoader({ params, request }: LoaderFunctionArgs) {
  if (!isLanguage(params.lang)) return null;
  const user = await sessionUser();
  if (!user) toLogin(params.lang, request);
  if (user.role !== 'admin') throw redirect(href(params.lang, paths.dashboard));
  return null;
}
