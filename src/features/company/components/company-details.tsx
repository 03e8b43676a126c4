import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentUserDatabase } from '@sync/client/db';
import { ButtonLink } from '@src/components/button';
import { DashboardPage } from '@src/components/dashboard-page/dashboard-page';
import { FormAlert } from '@src/components/form/form-alert';
import { useCurrentUser } from '@src/features/session/session-store';
import { countryName } from '../country-name';
import { formatDate, formatDateTime } from '@src/i18n/format';
import { href, paths } from '@src/lib/paths';
import { usePageTitle } from '@src/lib/use-page-title';
import { useCompanyPage } from '../hooks/use-company-details';
import { AdditionalServices } from './additional-services';
import { DeadlinesCalendar } from './deadlines-calendar';
import styles from './company.module.css';
import { DocumentsSection } from './documents-section';
import { ProgressTimeline } from './progress-timeline';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

/** Company details (SPEC §2 dashboard/company/{id}): progress, data and partners, documents, services, renewal and dissolution. */
export function CompanyDetails({ companyId }: { companyId: string }) {
  const { t } = useTranslation('company');
  const language = useLanguage();
  const user = useCurrentUser();
  const db = useMemo(() => (user ? currentUserDatabase() : null), [user]);
  const { state, reload } = useCompanyPage(companyId);
  const page = state.kind === 'ready' ? state.page : null;
  usePageTitle(page?.company.name ?? t('details.title'));

  if (state.kind === 'loading') return <p role="status">{t('details.loading')}</p>;
  if (state.kind === 'missing' || state.kind === 'failed' || !page || !db) {
    return (
      <DashboardPage title={t('details.title')}>
        <FormAlert>{state.kind === 'missing' ? t('details.missing') : t('details.failed')}</FormAlert>
        <ButtonLink to={href(language, paths.dashboard)} variant="secondary">
          {t('actions.backToCompanies')}
        </ButtonLink>
      </DashboardPage>
    );
  }
  const { company, documents, renewal } = page;
  const place = company.state ?? (company.originCountry ? countryName(company.originCountry, language) : null);

  return (
    <DashboardPage
      eyebrow={t(`types.${company.type}`)}
      title={company.name}
      lead={t(`nextAction.${company.status}`)}
      notice={state.cachedAt && <p className={styles.notice}>{t('details.offlineCopy', { date: formatDateTime(state.cachedAt, language) })}</p>}
    >
      <ProgressTimeline status={company.status} dates={company.statusDates} language={language} />

      <DeadlinesCalendar companyId={company.id} language={language} />

      <section aria-labelledby="data-title" className={styles.section}>
        <h2 id="data-title" className={styles.sectionTitle}>
          {t('data.title')}
        </h2>
        <dl className={styles.facts}>
          <dt>{t('data.name')}</dt>
          <dd>{company.name}</dd>
          {company.nameOption2 && (
            <>
              <dt>{t('data.nameOption2')}</dt>
              <dd>{company.nameOption2}</dd>
            </>
          )}
          <dt>{t('data.origin')}</dt>
          <dd>{company.migrated ? t('data.migrated') : t('data.owned')}</dd>
          {place && (
            <>
              <dt>{company.state ? t('data.state') : t('data.country')}</dt>
              <dd>{place}</dd>
            </>
          )}
          {company.plan && (
            <>
              <dt>{t('data.plan')}</dt>
              <dd>
                {t(`plans.${company.plan}`, { defaultValue: company.plan })}
                {company.billing ? ` · ${t(`billing.${company.billing}`)}` : ''}
              </dd>
            </>
          )}
          {company.orderNumber && (
            <>
              <dt>{t('data.orderNumber')}</dt>
              <dd>{company.orderNumber}</dd>
            </>
          )}
          <dt>{t('data.requested')}</dt>
          <dd>{formatDate(company.requestedAt, language, 'long')}</dd>
          {company.constitutionDate && (
            <>
              <dt>{t('data.constitutionDate')}</dt>
              <dd>{formatDate(company.constitutionDate, language, 'long')}</dd>
            </>
          )}
          <dt>{t('data.relation')}</dt>
          <dd>{t(`data.relations.${company.relation}`)}</dd>
        </dl>
        {company.partners.length > 0 && (
          <>
            <h3 className={styles.subsectionTitle}>{t('data.partners')}</h3>
            <ul className={styles.partners}>
              {company.partners.map((partner) => (
                <li key={partner.id} className={styles.partner}>
                  <span className={styles.documentName}>
                    {partner.firstName} {partner.lastName}
                  </span>
                  <span className={styles.muted}>
                    {t('data.ownership', { percent: partner.ownership })}
                    {partner.isDirector ? ` · ${t('data.director')}` : ''} · {partner.city}, {countryName(partner.country, language)}
                    {partner.taxIdMasked ? ` · ${t('data.taxId', { value: partner.taxIdMasked })}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <DocumentsSection db={db} company={company} documents={documents} language={language} onChanged={reload} />

      <AdditionalServices company={company} language={language} />

      <section aria-labelledby="renewal-title" className={styles.section}>
        <h2 id="renewal-title" className={styles.sectionTitle}>
          {t('renewal.sectionTitle')}
        </h2>
        <p>
          {t(`renewal.status.${renewal.status}`, {
            date: renewal.dueDate ? formatDate(renewal.dueDate, language, 'long') : '',
            days: Math.abs(renewal.daysRemaining ?? 0),
          })}
        </p>
        <p className={styles.muted}>{t(`dissolution.status.${renewal.dissolution}`)}</p>
        <ButtonLink to={href(language, paths.companyRenewal(company.id))} variant="secondary" size="small">
          {t('renewal.open')}
        </ButtonLink>
      </section>
    </DashboardPage>
  );
}
