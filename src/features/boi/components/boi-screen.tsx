import { useTranslation } from 'react-i18next';
import type { BoiCompanyReport } from '@domain/boi';
import type { Language } from '@domain/constants';
import { countryName } from '@domain/countries';
import { useDraft } from '@src/features/drafts/hooks/use-draft';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { formatDate, formatDateTime, formatNumber } from '@src/i18n/format';
import { useOfflineQuery } from '@src/lib/query/use-offline-query';
import { usePageTitle } from '@src/lib/use-page-title';
import { listBoiReports } from '../api/boi-api';
import { BoiForm } from './boi-form';
import styles from './boi.module.css';
import { DashboardPage } from '@src/components/dashboard-page/dashboard-page';

/** FinCEN's current rule in the user's language (decision 029). */
function RuleExplained() {
  const { t } = useTranslation('boi');
  return (
    <section className={`${styles.section} ${styles.rule}`} aria-labelledby="boi-rule-title">
      <h2 id="boi-rule-title" className={styles.sectionTitle}>
        {t('rule.title')}
      </h2>
      <p>{t('rule.exempt')}</p>
      <p>{t('rule.foreign')}</p>
      <p>{t('rule.usPersons')}</p>
      <p className={styles.muted}>{t('rule.watch')}</p>
    </section>
  );
}

function FilingStatus({ report, language }: { report: BoiCompanyReport; language: Language }) {
  const { t } = useTranslation('boi');
  const { draft } = useDraft('boiReport', report.companyId, 1);
  const text =
    report.requirement !== 'required'
      ? t('status.exempt')
      : report.status === 'filed'
        ? t('status.filed', { date: formatDate(report.filedAt!, language, 'medium') })
        : report.status === 'submitted'
          ? t('status.submitted', { date: formatDate(report.submittedAt!, language, 'medium') })
          : draft
            ? t('status.draft')
            : t('status.notStarted');
  return (
    <p>
      <strong>{t('status.label')}:</strong> {text}
    </p>
  );
}

function CompanyReport({ report, language, onSent }: { report: BoiCompanyReport; language: Language; onSent: () => void }) {
  const { t } = useTranslation('boi');
  const titleId = `boi-${report.companyId}`;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {report.companyName}
      </h2>
      <p>{t(`requirement.${report.requirement}`)}</p>
      <FilingStatus report={report} language={language} />
      <h3>{t('owners.title')}</h3>
      {report.knownOwners.length === 0 ? (
        <p className={styles.muted}>{t('owners.none')}</p>
      ) : (
        <ul className={styles.owners}>
          {report.knownOwners.map((owner, index) => (
            <li key={index}>
              {t('owners.line', {
                name: `${owner.firstName} ${owner.lastName}`,
                percent: `${formatNumber(owner.ownership, language)} %`,
                country: countryName(owner.country, language),
              })}
              {owner.isDirector ? ` · ${t('owners.director')}` : ''}
            </li>
          ))}
        </ul>
      )}
      {report.requirement === 'required' &&
        report.status !== 'filed' &&
        (report.relation === 'owner' ? <BoiForm report={report} language={language} onSent={onSent} /> : <p className={styles.muted}>{t('form.teammate')}</p>)}
    </section>
  );
}

/**
 * BOI report (SPEC §2): FinCEN's rule explained, then each company with whether it must file,
 * the beneficial owners Alta knows, the filing status, and the form where one is due. The page
 * is the last copy the API gave (`pageCache`), so it reads offline; the form is a local draft.
 */
export function BoiScreen() {
  const { t } = useTranslation('boi');
  const language = useLanguage();
  usePageTitle(t('title'));
  const { state, reload } = useOfflineQuery('boi-report', (signal) => listBoiReports(signal));
  return (
    <DashboardPage title={t('title')} lead={t('lead')}>
      <RuleExplained />
      {state.kind === 'loading' && <p role="status">{t('loading')}</p>}
      {(state.kind === 'failed' || state.kind === 'missing') && <p role="alert">{t('failed')}</p>}
      {state.kind === 'ready' && state.cachedAt && <p role="status">{t('cachedAt', { date: formatDateTime(state.cachedAt, language) })}</p>}
      {state.kind === 'ready' && state.page.length === 0 && <p>{t('noCompanies')}</p>}
      {state.kind === 'ready' && state.page.map((report) => <CompanyReport key={report.companyId} report={report} language={language} onSent={reload} />)}
    </DashboardPage>
  );
}
