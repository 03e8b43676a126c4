import { useParams } from 'react-router-dom';
import { defaultLanguage, isLanguage, type Language } from '@domain/constants';

/** The page's language, from the `/{lang}` prefix the router already validated. */
export function useLanguage(): Language {
  const { lang } = useParams();
  return isLanguage(lang) ? lang : defaultLanguage;
}
