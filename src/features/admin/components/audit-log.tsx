import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@domain/admin';
import type { Language } from '@domain/constants';
import { buttonClass, Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import { formatDateTime } from '@src/i18n/format';
import { auditCsvUrl, fetchAudit, type AuditSubject } from '../api/admin-api';
import { usePagedList } from '../hooks/use-paged-list';
import styles from './admin.module.css';

/** What an entry says beyond its action: a reason, a status change, an impersonated request. */
function AuditDetails({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation(['admin', 'dashboard']);
  const details = entry.details ?? {};
  if (typeof details.reason === 'string') return <>{t('audit.reason', { reason: details.reason })}</>;
  if (typeof details.from === 'string' && typeof details.to === 'string') {
    return <>{t('audit.statusChange', { from: t(`dashboard:home.status.${details.from}`), to: t(`dashboard:home.status.${details.to}`) })}</>;
  }
  if (typeof details.method === 'string') return <>{t('audit.request', { method: details.method, path: details.path, status: details.status })}</>;
  return <>{entry.subjectEmail ?? ''}</>;
}

/** The audit log of one user or company, newest first, with its CSV export (decision 028). */
export function AuditLog({ subject, language, refreshKey = 0 }: { subject: AuditSubject; language: Language; refreshKey?: number }) {
  const { t } = useTranslation('admin');
  const key = `${JSON.stringify(subject)}:${refreshKey}`;
  const log = usePagedList(['admin', 'audit', subject, refreshKey], (offset, limit) => fetchAudit(subject, { offset, limit }));
  return (
    <section className={styles.section} aria-labelledby={`audit-${key}`}>
      <div className={styles.footer}>
        <h2 id={`audit-${key}`} className={styles.sectionTitle}>
          {t('audit.title')}
        </h2>
        <a className={buttonClass({ variant: 'secondary', size: 'small' })} href={auditCsvUrl(subject)} download>
          {t('audit.export')}
        </a>
      </div>
      {log.error && <FormAlert>{t('audit.fetchError')}</FormAlert>}
      {!log.loading && !log.error && log.items.length === 0 && <p>{t('audit.empty')}</p>}
      {log.items.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('audit.columns.when')}</th>
                <th scope="col">{t('audit.columns.action')}</th>
                <th scope="col">{t('audit.columns.actor')}</th>
                <th scope="col">{t('audit.columns.details')}</th>
              </tr>
            </thead>
            <tbody>
              {log.items.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.createdAt, language)}</td>
                  <td>{t(`audit.actions.${entry.action}`)}</td>
                  <td>{entry.actorEmail}</td>
                  <td>
                    <AuditDetails entry={entry} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.hasMore && (
        <Button variant="secondary" size="small" onClick={log.loadMore} busy={log.loading}>
          {t('audit.loadMore')}
        </Button>
      )}
    </section>
  );
}
