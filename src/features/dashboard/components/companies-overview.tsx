import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { useCurrentUser } from '@src/features/session/session-store';
import { href, paths } from '@src/lib/paths';
import { usePageTitle } from '@src/lib/use-page-title';
import styles from './companies-overview.module.css';
import { StartPaths } from './start-paths';

/**
 * The dashboard home: the user's companies (from `/users/me`), or — with none yet — how to
 * start one.
 */
export function CompaniesOverview() {
  const { t } = useTranslation('dashboard');
  const { lang } = useParams();
  const language = isLanguage(lang) ? lang : defaultLanguage;
  const user = useCurrentUser();
  usePageTitle(t('home.title'));
  const companies = user?.companies ?? [];

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{t('home.eyebrow')}</p>
        <h1 className={styles.title}>{user ? t('home.welcome', { name: user.firstName }) : t('home.title')}</h1>
        <p className={styles.lead}>{companies.length > 0 ? t('home.leadWithCompanies') : t('home.leadEmpty')}</p>
      </header>

      {companies.length > 0 ? (
        <section aria-labelledby="companies-title">
          <h2 id="companies-title" className={styles.sectionTitle}>
            {t('home.companiesTitle')}
          </h2>
          <ul className={styles.companies}>
            {companies.map((id, index) => (
              <li key={id}>
                <Link to={href(language, paths.company(id))} className={styles.company}>
                  <span className={styles.companyBadge} aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className={styles.companyText}>
                    <span className={styles.companyName}>{t('home.companyLabel', { number: index + 1 })}</span>
                    <span className={styles.companyId}>{t('home.companyReference', { reference: id.slice(0, 8).toUpperCase() })}</span>
                  </span>
                  <span className={styles.chevron} aria-hidden="true">
                    →
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <StartPaths />
      )}
    </div>
  );
}
