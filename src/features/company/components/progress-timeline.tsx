import { useTranslation } from 'react-i18next';
import { companyStatuses, type CompanyStatus } from '@domain/company-terms';
import type { Language } from '@domain/constants';
import { formatDate } from '@src/i18n/format';
import styles from './company.module.css';

/** SPEC §4 progress, in order; Canceled is shown apart. */
const path: readonly CompanyStatus[] = companyStatuses.filter((status) => status !== 'Canceled');

/** The company's progress (SPEC §4) with the date each step was reached. */
export function ProgressTimeline({ status, dates, language }: { status: CompanyStatus; dates: Record<string, string>; language: Language }) {
  const { t } = useTranslation('company');
  const current = path.indexOf(status);
  return (
    <section aria-labelledby="progress-title" className={styles.section}>
      <h2 id="progress-title" className={styles.sectionTitle}>
        {t('progress.title')}
      </h2>
      {status === 'Canceled' && (
        <p className={styles.notice}>{t('progress.canceled', { date: dates.Canceled ? formatDate(dates.Canceled, language, 'long') : '' })}</p>
      )}
      <ol className={styles.timeline}>
        {path.map((step, index) => {
          const state = status === 'Canceled' ? 'todo' : index < current ? 'done' : index === current ? 'current' : 'todo';
          const date = dates[step];
          return (
            <li key={step} className={[styles.step, styles[state]].join(' ')} aria-current={state === 'current' ? 'step' : undefined}>
              <span className={styles.stepMarker} aria-hidden="true" />
              <span className={styles.stepText}>
                <span className={styles.stepName}>{t(`progress.steps.${step}`)}</span>
                <span className={styles.stepState}>
                  {t(`progress.state.${state}`)}
                  {date && state !== 'todo' ? ` · ${formatDate(date, language, 'medium')}` : ''}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
