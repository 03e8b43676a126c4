import { Outlet, useParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { LanguageContext } from '@src/features/public-site/hooks/use-language';

/** The `/{lang}` route: gives its pages the language of the prefix (`useLanguage`). */
export function LanguageScope() {
  const { lang } = useParams();
  return (
    <LanguageContext.Provider value={isLanguage(lang) ? lang : defaultLanguage}>
      <Outlet />
    </LanguageContext.Provider>
  );
}
