import { createContext, useContext } from 'react';
import { defaultLanguage, type Language } from '@domain/constants';

/**
 * The page's language, from the `/{lang}` prefix the router already validated, provided once
 * for the whole tree (`LanguageScope`). Not read with `useParams` in each component: the
 * router's params change identity at every navigation, a filter written to the URL included,
 * and every reader would render again although the language stayed the same.
 */
export const LanguageContext = createContext<Language>(defaultLanguage);

/** The page's language. */
export function useLanguage(): Language {
  return useContext(LanguageContext);
}
