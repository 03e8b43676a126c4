import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCompanyDetail } from '@domain/admin';
import type { Language } from '@domain/constants';
import { countryName } from '@domain/countries';
import { renewalIsDue } from '@domain/renewal';
import { Button } from '@src/components/button';
import { formatDate } from '@src/i18n/format';
import { staffActions } from '../api/admin-api';
import { useStaffAction } from '../hooks/use-staff-action';
import styles from './admin.module.css';

/**
 * What staff carry out for a company after it is formed (decision 038): renewals (mark the due
 * one renewed by Alta, file a paid one), the dissolution the owner paid for, and the BOI report
 * the owner submitted. Each action is audit-logged by the server; the owner's pages show the
 * new state.
 */
export function StaffOperations({ company, language, onChanged }: { company: AdminCompanyDetail; language: Language; onChanged: () => void }) {
  const { t } = useTranslation(['admin', 'company', 'boi']);
  const id = useId();
  const { busy, act } = useStaffAction(onChanged);

  const { renewal, boi } = company;
  const due = renewal.dueDate ? formatDate(renewal.dueDate, language, 'long') : '';
  return (
    <>
      <section className={styles.section} aria-labelledby={`${id}-renewal`}>
        <h2 id={`${id}-renewal`} className={styles.sectionTitle}>
          {t('operations.renewalTitle')}
        </h2>
        <p>
          {t(`company:renewal.statusTitle.${renewal.status}`)}
          {renewal.dueDate && ` · ${t('operations.dueOn', { date: due })}`}
        </p>
        {renewalIsDue(renewal.status) && (
          <div className={styles.toolbar}>
            <Button
              busy={busy === 'renewed'}
              onClick={() => void act('renewed', () => staffActions.markRenewed(company.id), t('operations.renewedDone', { date: due }))}
            >
              {t('operations.markRenewed')}
            </Button>
          </div>
        )}
        {renewal.history.length > 0 && (
          <ul className={styles.list}>
            {renewal.history.map((entry) => {
              const date = formatDate(entry.dueDate, language, 'long');
              return (
                <li key={entry.dueDate}>
                  {t(`operations.kinds.${entry.kind}`, { date, renewed: formatDate(entry.renewedAt, language) })}{' '}
                  {entry.processedAt ? (
                    t('operations.processedOn', { date: formatDate(entry.processedAt, language) })
                  ) : (
                    <Button
                      size="small"
                      busy={busy === entry.dueDate}
                      aria-label={t('operations.markProcessedNamed', { date })}
                      onClick={() =>
                        void act(entry.dueDate, () => staffActions.markRenewalProcessed(company.id, entry.dueDate), t('operations.processedDone', { date }))
                      }
                    >
                      {t('operations.markProcessed')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className={styles.section} aria-labelledby={`${id}-dissolution`}>
        <h2 id={`${id}-dissolution`} className={styles.sectionTitle}>
          {t('operations.dissolutionTitle')}
        </h2>
        <p>{t(`operations.dissolution.${company.dissolution}`)}</p>
        {company.dissolution === 'requested' && (
          <div className={styles.toolbar}>
            <Button
              busy={busy === 'dissolution'}
              onClick={() => void act('dissolution', () => staffActions.markDissolutionProcessed(company.id), t('operations.dissolutionDone'))}
            >
              {t('operations.markDissolutionProcessed')}
            </Button>
          </div>
        )}
      </section>

      <section className={styles.section} aria-labelledby={`${id}-boi`}>
        <h2 id={`${id}-boi`} className={styles.sectionTitle}>
          {t('operations.boiTitle')}
        </h2>
        <p>
          {boi.requirement !== 'required'
            ? t(`operations.boi.${boi.requirement}`)
            : boi.status === 'filed'
              ? t('operations.boi.filed', { date: formatDate(boi.filedAt!, language) })
              : boi.status === 'submitted'
                ? t('operations.boi.submitted', { date: formatDate(boi.submittedAt!, language) })
                : t('operations.boi.notStarted')}
        </p>
        {boi.report && (
          <>
            <dl className={styles.facts}>
              <div>
                <dt>{t('operations.boi.legalName')}</dt>
                <dd>{boi.report.legalName}</dd>
              </div>
              <div>
                <dt>{t('operations.boi.formation')}</dt>
                <dd>
                  {countryName(boi.report.formationCountry, language)} · {boi.report.registrationState}
                </dd>
              </div>
              <div>
                <dt>{t('operations.boi.taxId')}</dt>
                <dd>{boi.report.taxId}</dd>
              </div>
            </dl>
            <ul className={styles.list}>
              {boi.report.owners.map((owner) => (
                <li key={`${owner.documentType}-${owner.documentNumber}`}>
                  {t('operations.boi.owner', {
                    name: `${owner.firstName} ${owner.lastName}`,
                    role: t(`boi:form.roles.${owner.role}`),
                    ownership: owner.ownership,
                    birthDate: formatDate(owner.birthDate, language),
                    nationality: countryName(owner.nationality, language),
                    document: `${t(`boi:form.documentTypes.${owner.documentType}`)} ${owner.documentNumber}`,
                  })}
                </li>
              ))}
            </ul>
          </>
        )}
        {boi.status === 'submitted' && (
          <div className={styles.toolbar}>
            <Button busy={busy === 'boi'} onClick={() => void act('boi', () => staffActions.markBoiFiled(company.id), t('operations.boiDone'))}>
              {t('operations.markBoiFiled')}
            </Button>
          </div>
        )}
      </section>
    </>
  );
}
