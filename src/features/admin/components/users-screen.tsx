import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { adminUsersOrderBy, type AdminUser, type AdminUsersFilter, type AdminUsersOrderBy } from '@domain/admin';
import { companyStatuses } from '@domain/company-terms';
import type { Language } from '@domain/constants';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import { TextField } from '@src/components/form/text-field';
import { useToast } from '@src/components/toast/toast-provider';
import { formatDate } from '@src/i18n/format';
import { errorMessage } from '@src/lib/error-message';
import { href, paths } from '@src/lib/paths';
import { fetchUserEmails, fetchUsers, setUserBlocked } from '../api/admin-api';
import { useDebounced, usePagedList } from '../hooks/use-paged-list';
import { actAs } from '../impersonation';
import { AdminDialog } from './admin-dialog';
import styles from './admin.module.css';
import { AuditLog } from './audit-log';
import { LoadMoreFooter } from './load-more-footer';
import { SelectFilter } from './select-filter';
import { SortHeader, type Sort } from './sort-header';

type Dialog = { kind: 'companies' | 'block' | 'activity'; user: AdminUser } | null;

const fullName = (user: AdminUser) => `${user.firstName} ${user.lastName}`.trim();

/** SPEC §2 admin: the user list (search, sort, filter, load more, companies modal, copy emails, block, login as user). */
export function UsersScreen({ language }: { language: Language }) {
  const { t } = useTranslation(['admin', 'dashboard']);
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Omit<AdminUsersFilter, 'search'>>({});
  const [sort, setSort] = useState<Sort<AdminUsersOrderBy>>({ orderBy: 'createdAt', orderDirection: 'desc' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const debounced = useDebounced(search.trim());
  const filters: AdminUsersFilter = { ...filter, search: debounced || undefined };
  const list = usePagedList(['admin', 'users', filters, sort], (offset, limit, signal) => fetchUsers({ ...filters, ...sort, offset, limit }, signal));

  const setFilterValue = (name: keyof typeof filter) => (value: string) => setFilter((previous) => ({ ...previous, [name]: value || undefined }));

  async function copyEmails() {
    setBusy('copy');
    try {
      const { emails, total } = await fetchUserEmails(filters);
      await navigator.clipboard.writeText(emails.join(', '));
      toast.show(t('users.copied', { count: total }), 'success');
    } catch {
      toast.show(t('users.copyFailed'), 'error');
    } finally {
      setBusy(null);
    }
  }

  async function loginAs(user: AdminUser) {
    setBusy(`login:${user.id}`);
    setActionError(null);
    try {
      await actAs(user.id, language);
    } catch (error) {
      console.error('login as user failed', error);
      setActionError(t('users.loginAsError'));
      setBusy(null);
    }
  }

  async function changeBlock(user: AdminUser) {
    const blocking = user.status === 'active';
    setBusy('block');
    setActionError(null);
    try {
      await setUserBlocked(user.id, blocking, reason.trim());
      list.update((item) => item.id === user.id, { ...user, status: blocking ? 'blocked' : 'active' });
      toast.show(t(blocking ? 'block.blocked' : 'block.unblocked', { name: fullName(user) }), 'success');
      setDialog(null);
      setReason('');
    } catch (error) {
      const message = errorMessage(error);
      setActionError(t(message.key, message.values));
    } finally {
      setBusy(null);
    }
  }

  const columns: Record<AdminUsersOrderBy, string> = Object.fromEntries(adminUsersOrderBy.map((column) => [column, t(`users.columns.${column}`)])) as Record<
    AdminUsersOrderBy,
    string
  >;
  const anyOption = { value: '', label: t('users.any') };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('users.title')}</h1>
      <div className={styles.toolbar}>
        <TextField
          className={styles.search}
          type="search"
          label={t('users.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          maxLength={200}
        />
        <Button variant="secondary" onClick={copyEmails} busy={busy === 'copy'} disabled={list.total === 0}>
          {t('users.copyEmails')}
        </Button>
      </div>
      <fieldset className={styles.filters}>
        <legend className="visually-hidden">{t('users.filters')}</legend>
        <SelectFilter
          label={t('users.status')}
          value={filter.status ?? ''}
          onChange={setFilterValue('status')}
          options={[anyOption, { value: 'active', label: t('users.statuses.active') }, { value: 'blocked', label: t('users.statuses.blocked') }]}
        />
        <SelectFilter
          label={t('users.hasCompany')}
          value={filter.hasCompany ?? ''}
          onChange={setFilterValue('hasCompany')}
          options={[anyOption, { value: 'yes', label: t('users.yes') }, { value: 'no', label: t('users.no') }]}
        />
        <SelectFilter
          label={t('users.companyStatus')}
          value={filter.companyStatus ?? ''}
          onChange={setFilterValue('companyStatus')}
          options={[anyOption, ...companyStatuses.map((status) => ({ value: status, label: t(`dashboard:home.status.${status}`) }))]}
        />
        <TextField
          type="date"
          label={t('users.createdFrom')}
          value={filter.createdFrom ?? ''}
          onChange={(event) => setFilterValue('createdFrom')(event.target.value)}
        />
        <TextField
          type="date"
          label={t('users.createdTo')}
          value={filter.createdTo ?? ''}
          onChange={(event) => setFilterValue('createdTo')(event.target.value)}
        />
      </fieldset>

      {list.error && <FormAlert>{t('users.fetchError')}</FormAlert>}
      {actionError && !dialog && <FormAlert>{actionError}</FormAlert>}
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('users.title')}</caption>
          <thead>
            <tr>
              {adminUsersOrderBy.map((column) => (
                <SortHeader key={column} column={column} label={columns[column]} sort={sort} onSort={setSort} />
              ))}
              <th scope="col">{t('users.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((user) => (
              <tr key={user.id}>
                <td>{user.firstName}</td>
                <td>{user.lastName}</td>
                <td>
                  {user.email} {user.role === 'admin' && <span className={styles.badge}>{t('users.adminRole')}</span>}
                </td>
                <td>{user.phone ?? '—'}</td>
                <td>
                  <Button
                    variant="ghost"
                    size="small"
                    onClick={() => setDialog({ kind: 'companies', user })}
                    aria-label={`${t('users.companies', { count: user.companiesCount })} — ${fullName(user)}`}
                  >
                    {t('users.companies', { count: user.companiesCount })}
                  </Button>
                </td>
                <td>
                  <span className={[styles.badge, user.status === 'blocked' && styles.blocked].filter(Boolean).join(' ')}>
                    {t(`users.statuses.${user.status}`)}
                  </span>
                </td>
                <td>{formatDate(user.createdAt, language)}</td>
                <td>
                  {user.role !== 'admin' && (
                    <div className={styles.rowActions}>
                      <Button
                        size="small"
                        onClick={() => loginAs(user)}
                        busy={busy === `login:${user.id}`}
                        disabled={user.status === 'blocked'}
                        aria-label={t('users.loginAs', { name: fullName(user) })}
                      >
                        {t('users.loginAsShort')}
                      </Button>
                      <Button
                        variant="secondary"
                        size="small"
                        onClick={() => setDialog({ kind: 'block', user })}
                        aria-label={`${t(user.status === 'active' ? 'users.block' : 'users.unblock')} — ${fullName(user)}`}
                      >
                        {t(user.status === 'active' ? 'users.block' : 'users.unblock')}
                      </Button>
                      <Button
                        variant="ghost"
                        size="small"
                        onClick={() => setDialog({ kind: 'activity', user })}
                        aria-label={`${t('users.activity')} — ${fullName(user)}`}
                      >
                        {t('users.activity')}
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!list.loading && !list.error && list.items.length === 0 && <p>{t('users.empty')}</p>}
      <LoadMoreFooter list={list} language={language} />

      <AdminDialog
        open={dialog?.kind === 'companies'}
        title={dialog ? t('companiesModal.title', { name: fullName(dialog.user) }) : ''}
        onClose={() => setDialog(null)}
        actions={<Button onClick={() => setDialog(null)}>{t('companiesModal.close')}</Button>}
      >
        {dialog?.user.companies.length === 0 && <p>{t('companiesModal.none')}</p>}
        <ul className={styles.list}>
          {dialog?.user.companies.map((company) => (
            <li key={company.id}>
              <Link to={href(language, paths.adminCompany(company.id))}>{company.name}</Link> · {t(`dashboard:home.types.${company.type}`)} ·{' '}
              {t(`dashboard:home.status.${company.status}`)} · {t(company.relation === 'owner' ? 'companiesModal.owner' : 'companiesModal.teammate')}
            </li>
          ))}
        </ul>
      </AdminDialog>

      <AdminDialog
        open={dialog?.kind === 'block'}
        title={dialog ? t(dialog.user.status === 'active' ? 'block.blockTitle' : 'block.unblockTitle', { name: fullName(dialog.user) }) : ''}
        onClose={() => {
          setDialog(null);
          setActionError(null);
        }}
        actions={
          <>
            <Button variant="secondary" onClick={() => setDialog(null)} disabled={busy === 'block'}>
              {t('block.cancel')}
            </Button>
            <Button
              variant={dialog?.user.status === 'active' ? 'danger' : 'primary'}
              onClick={() => dialog && changeBlock(dialog.user)}
              busy={busy === 'block'}
              disabled={reason.trim() === ''}
            >
              {dialog && t(dialog.user.status === 'active' ? 'users.block' : 'users.unblock')}
            </Button>
          </>
        }
      >
        <p>{dialog && t(dialog.user.status === 'active' ? 'block.blockDescription' : 'block.unblockDescription')}</p>
        {actionError && <FormAlert>{actionError}</FormAlert>}
        <TextField label={t('block.reason')} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} required autoFocus />
      </AdminDialog>

      <AdminDialog
        wide
        open={dialog?.kind === 'activity'}
        title={dialog ? t('audit.userTitle', { name: fullName(dialog.user) }) : ''}
        onClose={() => setDialog(null)}
        actions={<Button onClick={() => setDialog(null)}>{t('audit.close')}</Button>}
      >
        {dialog?.kind === 'activity' && <AuditLog subject={{ userId: dialog.user.id }} language={language} />}
      </AdminDialog>
    </div>
  );
}
