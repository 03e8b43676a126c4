import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminCompanyDetail } from '@domain/admin';
import type { CompanyStatus } from '@domain/company';
import type { Language } from '@domain/constants';
import { companyDocumentTypes, partnerDocumentTypes } from '@domain/files';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import { useToast } from '@src/components/toast/toast-provider';
import { formatDate, formatDateTime } from '@src/i18n/format';
import { ApiError } from '@src/lib/api';
import { errorMessage } from '@src/lib/error-message';
import { href, paths } from '@src/lib/paths';
import { changeCompanyStatus, fetchCompany } from '../api/admin-api';
import { uploadCompanyDocument } from '../api/staff-uploads';
import styles from './admin.module.css';
import { AuditLog } from './audit-log';
import { HeldDeposits } from './held-deposits';
import { StaffMail } from './staff-mail';
import { StaffOperations } from './staff-operations';
import { StaffUpload } from './staff-upload';

/** The company's own documents staff add for the customer (partner documents belong to a partner and come from the customer). */
const staffCompanyDocuments = companyDocumentTypes.filter((type) => !partnerDocumentTypes.includes(type));

/**
 * A company for staff (decision 028): its facts, the progress status moved one step along
 * SPEC §4 (the owner is mailed), documents staff upload for the customer (decision 033), its
 * renewals, dissolution, BOI report and scanned mail with forwarding requests (decision 038),
 * incoming payments SPEC §1 holds for review, and its audit log.
 */
export function CompanyStaffScreen({ companyId, language }: { companyId: string; language: Language }) {
  const { t } = useTranslation(['admin', 'dashboard', 'common']);
  const toast = useToast();
  const selectId = useId();
  const client = useQueryClient();
  const key = ['admin-company', companyId];
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchCompany(companyId, signal) });
  const company = query.data ?? null;
  const setCompany = (detail: AdminCompanyDetail) => client.setQueryData(key, detail);
  // The status picked applies to the company as last read; a new answer proposes its first next status.
  const [picked, setTarget] = useState<{ readAt: number; status: CompanyStatus | '' } | null>(null);
  const target = picked?.readAt === query.dataUpdatedAt ? picked.status : (company?.allowedStatuses[0] ?? '');
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [changes, setChanges] = useState(0);
  /** Reads the company (and its log) again after a staff action. */
  const refresh = () => {
    setChanges((count) => count + 1);
    void query.refetch();
  };

  async function applyStatus() {
    if (!company || !target) return;
    setSaving(true);
    setSaveError(null);
    try {
      const after = await changeCompanyStatus(company.id, { from: company.status, status: target });
      setCompany(after);
      toast.show(t('company.changed', { status: t(`dashboard:home.status.${after.status}`) }), 'success');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'conflict') setSaveError(t('company.stale'));
      else setSaveError(t(errorMessage(error).key));
    } finally {
      setSaving(false);
      refresh();
    }
  }

  if (query.isError && !company)
    return <FormAlert>{query.error instanceof ApiError && query.error.status === 404 ? t('company.notFound') : t('companies.fetchError')}</FormAlert>;
  if (!company) return <p role="status">{t('common:loading')}</p>;
  const fact = (label: string, value: string | null) => (
    <div>
      <dt>{label}</dt>
      <dd>{value ?? '—'}</dd>
    </div>
  );
  return (
    <div className={styles.page}>
      <Link to={href(language, paths.adminCompanies)}>← {t('company.back')}</Link>
      <h1 className={styles.title}>{company.name}</h1>
      <dl className={styles.facts}>
        {fact(t('company.alternativeName'), company.alternativeName)}
        {fact(t('company.owner'), `${company.owner.firstName} ${company.owner.lastName} · ${company.owner.email}`)}
        {fact(t('company.type'), t(`dashboard:home.types.${company.type}`))}
        {fact(t('company.location'), company.location)}
        {fact(t('company.origin'), t(company.migrated ? 'companies.migrated' : 'companies.formed'))}
        {fact(t('company.plan'), company.plan)}
        {fact(t('company.orderNumber'), company.orderNumber)}
        {fact(t('company.createdAt'), formatDate(company.createdAt, language))}
      </dl>
      <section className={styles.section} aria-labelledby={`${selectId}-title`}>
        <h2 id={`${selectId}-title`} className={styles.sectionTitle}>
          {t('company.status')}: {t(`dashboard:home.status.${company.status}`)}
        </h2>
        <p>
          {company.statusChangedAt && company.statusChangedBy
            ? t('company.lastChange', { date: formatDateTime(company.statusChangedAt, language), email: company.statusChangedBy })
            : t('company.neverChanged')}
        </p>
        {saveError && <FormAlert>{saveError}</FormAlert>}
        {company.allowedStatuses.length === 0 ? (
          <p>{t('company.noMoves')}</p>
        ) : (
          <div className={styles.toolbar}>
            <div className={styles.field}>
              <label htmlFor={selectId}>{t('company.newStatus')}</label>
              <select
                id={selectId}
                value={target}
                onChange={(event) => setTarget({ readAt: query.dataUpdatedAt, status: event.target.value as CompanyStatus })}
              >
                {company.allowedStatuses.map((status) => (
                  <option key={status} value={status}>
                    {t(`dashboard:home.status.${status}`)}
                  </option>
                ))}
              </select>
            </div>
            <Button onClick={applyStatus} busy={saving} disabled={!target}>
              {t('company.apply')}
            </Button>
          </div>
        )}
      </section>
      <StaffUpload
        title={t('company.documentsTitle')}
        types={staffCompanyDocuments}
        submitLabel={t('company.uploadDocument')}
        send={(file, uploadType, uploadId) => uploadCompanyDocument(company.id, uploadType, file, uploadId)}
        onSent={refresh}
      />
      <StaffOperations company={company} language={language} onChanged={refresh} />
      <StaffMail companyId={company.id} language={language} onChanged={refresh} />
      <HeldDeposits companyId={company.id} language={language} onChanged={refresh} />
      <AuditLog subject={{ companyId: company.id }} language={language} refreshKey={changes} />
    </div>
  );
}
