import i18next, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, isLanguage, languages, type Language } from '@domain/constants';
import { loadCatalog } from './catalogs';

/**
 * Alta's translations: one catalog per language and namespace under `locales/<lang>/<ns>.json`.
 * Each is imported on demand, so every language (and every area's namespace) is its own
 * chunk: a public page downloads only `common` for its language, and the service worker can
 * precache all of them for offline use.
 */

export const namespaces = [
  'common',
  'validation',
  'errors',
  'auth',
  'dashboard',
  'home',
  'public',
  'bookkeeping',
  'linkedAccounts',
  'checkout',
  'wizard',
  'plans',
  'banking',
  'taxForm',
  'company',
  'admin',
  'teammates',
  'mailing',
  'boi',
  'billing',
  'kyb',
  'sync',
] as const;
export type Namespace = (typeof namespaces)[number];

const lazyCatalogs: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadCatalog(language, namespace).then(
      (catalog) => callback(null, catalog),
      (error: Error) => callback(error, false),
    );
  },
};

export const languageStorageKey = 'alta.language';
export const i18n = i18next.createInstance();

/**
 * Starts i18next. In the browser the language is detected in the SPEC's order: the path's
 * first segment, `?lng=`, localStorage, then the browser's languages. Pre-rendering passes the
 * page's language instead.
 */
export async function initI18n(options: { language?: Language } = {}) {
  if (i18n.isInitialized) return i18n;
  const detect = options.language === undefined && typeof window !== 'undefined';
  if (detect) i18n.use(LanguageDetector);
  i18n.use(lazyCatalogs).use(initReactI18next);
  await i18n.init({
    lng: options.language,
    supportedLngs: [...languages],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    // Catalogs are complete in every language (a test guarantees it): no fallback language
    // to download alongside the user's own.
    fallbackLng: false,
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    // Start loading now rather than after a timer (i18next's default): the app's start waits on
    // no timer, which a paused clock (browser tests) or a busy phone would hold back.
    initAsync: false,
    detection: {
      order: ['path', 'querystring', 'localStorage', 'navigator'],
      lookupFromPathIndex: 0,
      lookupQuerystring: 'lng',
      lookupLocalStorage: languageStorageKey,
      caches: ['localStorage'],
    },
  });
  if (typeof document !== 'undefined') {
    const followLanguage = (language: string) => {
      document.documentElement.lang = language;
    };
    followLanguage(i18n.language);
    i18n.on('languageChanged', followLanguage);
  }
  return i18n;
}

/** The first of Alta's languages among the detector's findings (path, query, storage, browser). */
export function detectLanguage(): Language {
  const detector = i18n.services.languageDetector as { detect?: () => string | readonly string[] | undefined } | undefined;
  const found = detector?.detect?.();
  const codes = typeof found === 'string' ? [found] : (found ?? []);
  for (const code of codes) {
    const base = code.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLanguage;
}

let switching: { language: Language; done: Promise<unknown> } | null = null;

/** Switches to `language` (loading its catalogs) once, however many loaders ask at the same time. */
export function ensureLanguage(language: Language): Promise<unknown> {
  if (switching?.language === language) return switching.done;
  if (!switching && i18n.language === language) return Promise.resolve();
  const done = i18n.changeLanguage(language).finally(() => {
    if (switching?.done === done) switching = null;
  });
  switching = { language, done };
  return done;
}

/** Route loaders call this so a page renders with its namespaces already in memory. */
export async function loadTranslations(language: string | undefined, needed: readonly Namespace[]) {
  if (!isLanguage(language)) return;
  await ensureLanguage(language);
  if (needed.length > 0) await i18n.loadNamespaces(needed);
}
