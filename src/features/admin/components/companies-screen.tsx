import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { adminCompaniesOrderBy, type AdminCompaniesOrderBy } from '@domain/admin';
import { companyStatuses, type CompanyStatus } from '@domain/company-terms';
import type { Language } from '@domain/constants';
import { FormAlert } from '@src/components/form/form-alert';
import { TextField } from '@src/components/form/text-field';
import { formatDate } from '@src/i18n/format';
import { href, paths } from '@src/lib/paths';
import { fetchCompanies } from '../api/admin-api';
import { useDebounced, usePagedList } from '../hooks/use-paged-list';
import styles from './admin.module.css';
import { LoadMoreFooter } from './load-more-footer';
import { SelectFilter } from './select-filter';
import { SortHeader, type Sort } from './sort-header';

/** SPEC §2 admin/companies: search, sort, status filter, load more; each company opens its staff page. */
export function CompaniesScreen({ language }: { language: Language }) {
  const { t } = useTranslation(['admin', 'dashboard']);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<CompanyStatus | ''>('');
  const [sort, setSort] = useState<Sort<AdminCompaniesOrderBy>>({ orderBy: 'createdAt', orderDirection: 'desc' });
  const debounced = useDebounced(search.trim());
  const query = { search: debounced || undefined, status: status || undefined, ...sort };
  const list = usePagedList(['admin', 'companies', query], (offset, limit, signal) => fetchCompanies({ ...query, offset, limit }, signal));

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('companies.title')}</h1>
      <div className={styles.toolbar}>
        <TextField
          className={styles.search}
          type="search"
          label={t('companies.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          maxLength={200}
        />
        <SelectFilter
          label={t('companies.status')}
          value={status}
          onChange={(value) => setStatus(value as CompanyStatus | '')}
          options={[{ value: '', label: t('companies.any') }, ...companyStatuses.map((value) => ({ value, label: t(`dashboard:home.status.${value}`) }))]}
        />
      </div>
      {list.error && <FormAlert>{t('companies.fetchError')}</FormAlert>}
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('companies.title')}</caption>
          <thead>
            <tr>
              {adminCompaniesOrderBy.map((column) => (
                <SortHeader key={column} column={column} label={t(`companies.columns.${column}`)} sort={sort} onSort={setSort} />
              ))}
            </tr>
          </thead>
          <tbody>
            {list.items.map((company) => (
              <tr key={company.id}>
                <td>
                  <Link to={href(language, paths.adminCompany(company.id))}>{company.name}</Link>
                  {company.alternativeName && <div>{company.alternativeName}</div>}
                </td>
                <td>
                  {company.owner.firstName} {company.owner.lastName}
                  <div>{company.owner.email}</div>
                </td>
                <td>{t(`dashboard:home.types.${company.type}`)}</td>
                <td>{t(`dashboard:home.status.${company.status}`)}</td>
                <td>{company.location ?? '—'}</td>
                <td>{t(company.migrated ? 'companies.migrated' : 'companies.formed')}</td>
                <td>{formatDate(company.createdAt, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!list.loading && !list.error && list.items.length === 0 && <p>{t('companies.empty')}</p>}
      <LoadMoreFooter list={list} language={language} />
    </div>
  );
}
