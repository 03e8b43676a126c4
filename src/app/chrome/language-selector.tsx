import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { languages, type Language } from '@domain/constants';
import { swapLanguage } from '@src/lib/paths';
import { usePageHydrated } from './page-hydration';
import styles from './language-selector.module.css';

const names: Record<Language, string> = { es: 'Español', en: 'English', pt: 'Português' };

/**
 * Plain links to the same page in each language (they work before any script runs and
 * crawlers follow them): the language prefix is swapped, the rest of the path, the query and
 * the hash are kept. Until a pre-rendered page has hydrated they load a new document
 * (`usePageHydrated`).
 */
export function LanguageSelector({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const pageHydrated = usePageHydrated();
  const location = useLocation();
  const current = location.pathname + location.search + location.hash;
  return (
    <nav aria-label={t('language.label')} className={[styles.selector, className].filter(Boolean).join(' ')}>
      <ul className={styles.list}>
        {languages.map((language) => (
          <li key={language}>
            <Link
              to={swapLanguage(current, language)}
              lang={language}
              hrefLang={language}
              aria-current={i18n.language === language ? 'true' : undefined}
              className={styles.link}
              preventScrollReset
              reloadDocument={!pageHydrated}
            >
              {language.toUpperCase()}
              <span className="visually-hidden"> {names[language]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
