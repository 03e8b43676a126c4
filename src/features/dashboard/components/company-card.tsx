import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CompanyStatus } from '@domain/company';
import type { CompanySummary } from '@domain/company-views';
import type { Language } from '@domain/constants';
import { href, paths } from '@src/lib/paths';
import styles from './companies-overview.module.css';

/** SPEC §4 company progress, in order; Canceled is off the path. Typed against the domain's statuses, so a new one fails the build. */
const progressStep: Record<CompanyStatus, number | null> = {
  Start: 1,
  RegisteredInState: 2,
  ObtainingEin: 3,
  ProvisionalEinLetterObtained: 4,
  BoiReport: 5,
  ReadyForBankAccount: 6,
  BankAccountProcessing: 7,
  Completed: 8,
  Canceled: null,
};
const progressSteps = 8;

/** A company in the dashboard home: its name, where its formation stands and what comes next, its plan and order number. */
export function CompanyCard({ company, language }: { company: CompanySummary; language: Language }) {
  const { t } = useTranslation(['dashboard', 'company']);
  const step = progressStep[company.status];
  const status = t(`home.status.${company.status}`);
  const plan = company.plan ? t(`home.plans.${company.plan}`, { defaultValue: company.plan }) : null;
  const progressLabel = step === null ? status : t('home.company.step', { step, total: progressSteps, status });
  return (
    <Link to={href(language, paths.company(company.id))} className={[styles.company, styles.companyCard].join(' ')}>
      <span className={styles.companyText}>
        <span className={styles.companyName}>{company.name}</span>
        <span className={styles.companyId}>{t(`home.types.${company.type}`)}</span>
        <span className={styles.progress}>
          <span className={styles.progressLabel}>{progressLabel}</span>
          {step !== null && <progress className={styles.progressBar} max={progressSteps} value={step} aria-label={progressLabel} />}
        </span>
        <span className={styles.companyId}>{t(`company:nextAction.${company.status}`)}</span>
        <span className={styles.companyFacts}>
          {plan && (
            <span>
              {company.billing ? t('home.company.planBilled', { plan, billing: t(`home.billing.${company.billing}`) }) : t('home.company.plan', { plan })}
            </span>
          )}
          {company.orderNumber && <span>{t('home.company.orderNumber', { number: company.orderNumber })}</span>}
        </span>
      </span>
      <span className={styles.chevron} aria-hidden="true">
        →
      </span>
    </Link>
  );
}
