import i18next, { type BackendModule, type LanguageDetectorModule } from 'i18next';
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
 * The languages a visit asks for, in the SPEC's order: the path's first segment, `?lng=`, the
 * one this device chose before, then the browser's. i18next takes the first it supports
 * (`pt-BR` is `pt`), and keeps each language it switches to for the next visit. Written here
 * rather than with i18next-browser-languagedetector: the same four lookups, in a tenth of the
 * bytes every page with the app downloads (decision 083).
 */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const found = [window.location.pathname.split('/')[1] ?? '', new URLSearchParams(window.location.search).get('lng') ?? ''];
    try {
      found.push(localStorage.getItem(languageStorageKey) ?? '');
    } catch {
      // Storage refused (a private window's policy): the browser's languages decide.
    }
    return [...found, ...navigator.languages].filter(Boolean);
  },
  cacheUserLanguage(language) {
    try {
      localStorage.setItem(languageStorageKey, language);
    } catch {
      // Not kept: the next visit detects again.
    }
  },
};

/**
 * Starts i18next. In the browser the language is detected in the SPEC's order: the path's
 * first segment, `?lng=`, localStorage, then the browser's languages. Pre-rendering passes the
 * page's language instead.
 */
export async function initI18n(options: { language?: Language } = {}) {
  if (i18n.isInitialized) return i18n;
  const detect = options.language === undefined && typeof window !== 'undefined';
  if (detect) i18n.use(languageDetector);
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
  const codes = typeof window === 'undefined' ? [] : (languageDetector.detect() as string[]);
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
  if (needed.length > 0) await loadCatalogs(needed);
}

/**
 * Loads these catalogs of the current language and waits for them alone: what a page, or a part
 * loaded after it (a dialog, a tab), reads. `i18n.loadNamespaces` loads every namespace asked for
 * so far, so it would also wait for any catalog still downloading, such as the reminders'.
 */
export function loadCatalogs(needed: readonly Namespace[]): Promise<void> {
  // The two services i18next's own loadNamespaces uses, which its types leave untyped.
  const { languageUtils, backendConnector } = i18n.services as {
    languageUtils: { toResolveHierarchy(code: string): string[] };
    backendConnector: { load(languages: string[], namespaces: string[], done: () => void): void };
  };
  for (const namespace of needed) if (!i18n.options.ns?.includes(namespace)) (i18n.options.ns as string[]).push(namespace);
  return new Promise((resolve) => backendConnector.load(languageUtils.toResolveHierarchy(i18n.language), [...needed], () => resolve()));
}
