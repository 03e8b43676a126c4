import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DashboardPage } from '@src/components/dashboard-page/dashboard-page';
import { EmailProofNotice } from '@src/features/email-proof/components/email-proof-notice';
import { DeadlinesCalendar } from '@src/features/company/components/deadlines-calendar';
import { CompanyCreatedPopup } from '@src/features/order-popups/company-created-popup';
import { clearNewCompany, readNewCompany } from '@src/features/order-popups/new-company-flag';
import { useCurrentUser } from '@src/features/session/session-store';
import { href, paths } from '@src/lib/paths';
import { usePageTitle } from '@src/lib/use-page-title';
import { useCompanies } from '../hooks/use-companies';
import styles from './companies-overview.module.css';
import { CompanyCard } from './company-card';
import { StartPaths } from './start-paths';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

/**
 * The dashboard home: the user's companies (from `GET /companies`, kept on this device for
 * offline use; the ids of `/users/me` before either has answered), or — with none yet — how to start one. A company just created from a paid
 * order is announced with the company-created popup (SPEC §4), once.
 */
export function CompaniesOverview() {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const user = useCurrentUser();
  usePageTitle(t('home.title'));
  const details = useCompanies();
  const companies = details?.map((company) => company.id) ?? user?.companies ?? [];
  const [newCompany, setNewCompany] = useState(readNewCompany);
  const announced = newCompany && companies.includes(newCompany) ? newCompany : null;

  return (
    <DashboardPage
      eyebrow={t('home.eyebrow')}
      title={user ? t('home.welcome', { name: user.firstName }) : t('home.title')}
      lead={companies.length > 0 ? t('home.leadWithCompanies') : t('home.leadEmpty')}
    >
      {user && <EmailProofNotice user={user} />}

      {companies.length > 0 ? (
        <section aria-labelledby="companies-title">
          <h2 id="companies-title" className={styles.sectionTitle}>
            {t('home.companiesTitle')}
          </h2>
          <ul className={styles.companies}>
            {details?.map((company) => (
              <li key={company.id}>
                <CompanyCard company={company} language={language} />
              </li>
            ))}
            {!details &&
              companies.map((id, index) => (
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
      ) : null}
      {companies.length > 0 && <DeadlinesCalendar language={language} />}
      <StartPaths first={companies.length === 0} />
      <CompanyCreatedPopup
        open={announced !== null}
        companyName={details?.find((company) => company.id === announced)?.name ?? null}
        onClose={() => {
          // SPEC §4: shown once, then the new-company flag resets.
          clearNewCompany();
          setNewCompany(null);
        }}
      />
    </DashboardPage>
  );
}
