import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchMail, type MailItem } from '@domain/mail';
import { currentUserDatabase, type AppDB } from '@sync/client/db';
import { companyPageKey } from '@sync/client/company-caches';
import { Button } from '@src/components/button';
import list from '@src/components/card-list.module.css';
import { TextField } from '@src/components/form/text-field';
import { useToast } from '@src/components/toast/toast-provider';
import { DashboardPage } from '@src/components/dashboard-page/dashboard-page';
import { useUsCompany } from '@src/features/dashboard/hooks/use-us-company';
import { CryptoOnlyNotice } from '@src/features/bookkeeping/components/crypto-only-notice';
import { CompanyPicker } from '@src/features/bookkeeping/components/company-picker';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { formatDate, formatDateTime } from '@src/i18n/format';
import { useOfflineQuery } from '@src/lib/query/use-offline-query';
import { useErrorText } from '@src/lib/use-error-text';
import { usePageTitle } from '@src/lib/use-page-title';
import { listMail, setMailRead } from '../api/mailing-api';
import { MailViewer } from './mail-viewer';
import styles from './mailing.module.css';

function MailRow({ db, item, onOpen }: { db: AppDB; item: MailItem; onOpen: (item: MailItem) => void }) {
  const { t } = useTranslation('mailing');
  const language = useLanguage();
  const offline = useLiveQuery(async () => (await db.documentFiles.get(item.file.key).catch(() => undefined)) !== undefined, [db, item.file.key]);
  const unread = item.readAt === null;
  return (
    <li className={`${list.row} ${unread ? styles.unread : ''}`}>
      <span className={list.rowText}>
        <span className={styles.sender}>
          {unread && <span className={styles.badge}>{t('unread')}</span>}
          {item.sender}
        </span>
        {item.summary && <span>{item.summary}</span>}
        <span className={styles.muted}>
          {t(`types.${item.type}`)} · {t('quantity', { count: item.quantity })} · {t('received', { date: formatDate(item.receivedAt, language, 'medium') })}
          {unread ? '' : ` · ${t('read')}`}
          {item.forwarding ? ` · ${t(item.forwarding.forwardedAt ? 'forwardingDone' : 'forwardingRequested')}` : ''}
          {offline ? ` · ${t('offline')}` : ''}
        </span>
      </span>
      <Button size="small" variant={unread ? 'primary' : 'secondary'} onClick={() => onOpen(item)} aria-label={t('openNamed', { sender: item.sender })}>
        {t('open')}
      </Button>
    </li>
  );
}

/**
 * Mailing (SPEC §2, §3 Correspondence): the chosen company's scanned mail, newest first, read
 * and unread, searched by sender and text, each opened in a viewer that keeps its scan on
 * this device; the list itself is the last copy the API gave (`pageCache`), so both read offline.
 */
export function MailingScreen() {
  const { t } = useTranslation('mailing');
  const language = useLanguage();
  const toast = useToast();
  const errorText = useErrorText();
  usePageTitle(t('title'));
  const { companies, cryptoOnly, companyId, choose } = useUsCompany('alta.mailing.company');
  const db = useMemo(() => currentUserDatabase(), []);
  const { state, reload } = useOfflineQuery(companyId ? companyPageKey(companyId, 'mailing') : null, (signal) => listMail(companyId!, signal));
  const [query, setQuery] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);

  const items = useMemo(() => (state.kind === 'ready' ? state.page : []), [state]);
  const shown = useMemo(() => searchMail(items, query), [items, query]);
  const opened = items.find((item) => item.id === openId) ?? null;
  const unread = items.filter((item) => item.readAt === null).length;

  const open = (item: MailItem) => {
    setOpenId(item.id);
    // The first opening marks it read for this person; offline, it is only shown.
    if (item.readAt === null && navigator.onLine) void setMailRead(item.id, true).then(reload, () => undefined);
  };
  const markUnread = async (item: MailItem) => {
    try {
      await setMailRead(item.id, false);
      setOpenId(null);
      reload();
    } catch (error) {
      toast.show(errorText(error), 'error');
    }
  };

  return (
    <DashboardPage title={t('title')} lead={t('lead')}>
      {!companyId || !db ? (
        <CryptoOnlyNotice cryptoOnly={cryptoOnly} />
      ) : (
        <>
          <div className={styles.tools}>
            {companies.length > 1 && <CompanyPicker companies={companies} value={companyId} onChange={choose} />}
            <TextField type="search" label={t('search')} hint={t('searchHint')} value={query} onChange={(event) => setQuery(event.target.value)} />
          </div>
          {state.kind === 'ready' && state.cachedAt && <p role="status">{t('cachedAt', { date: formatDateTime(state.cachedAt, language) })}</p>}
          {state.kind === 'loading' && <p role="status">{t('loading')}</p>}
          {(state.kind === 'failed' || state.kind === 'missing') && <p role="alert">{t('failed')}</p>}
          {state.kind === 'ready' && (
            <section aria-label={t('listLabel')}>
              <p className={styles.muted} role="status">
                {t('count', { count: items.length })} · {t('unreadCount', { count: unread })}
              </p>
              {items.length === 0 ? (
                <p>{t('none')}</p>
              ) : shown.length === 0 ? (
                <p>{t('noMatch')}</p>
              ) : (
                <ul className={list.list}>
                  {shown.map((item) => (
                    <MailRow key={item.id} db={db} item={item} onOpen={open} />
                  ))}
                </ul>
              )}
            </section>
          )}
          <MailViewer
            db={db}
            item={opened}
            language={language}
            onClose={() => setOpenId(null)}
            onMarkUnread={(item) => void markUnread(item)}
            onForwarded={reload}
          />
        </>
      )}
    </DashboardPage>
  );
}
