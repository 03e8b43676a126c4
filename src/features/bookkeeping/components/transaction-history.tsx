import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { TrackedField } from '@domain/bookkeeping-history';
import type { Transaction } from '@domain/bookkeeping';
import { currentUserDatabase, unsentChanges } from '@sync/client/db';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { formatDate, formatDateTime, formatUsd } from '@src/i18n/format';
import { transactionHistory } from '../api/history-api';
import styles from './transaction-detail.module.css';

/** Whether an outbox entry's arguments name this transaction (single or bulk changes). */
function namesTransaction(args: unknown, id: string): boolean {
  const value = args as { id?: unknown; ids?: unknown; transactions?: { id: string }[] } | null;
  if (!value) return false;
  return (
    value.id === id ||
    (Array.isArray(value.ids) && value.ids.includes(id)) ||
    (Array.isArray(value.transactions) && value.transactions.some((row) => row.id === id))
  );
}

/**
 * The changes made to a transaction: those still waiting on this device to be sent, then
 * the history the server recorded (who, when, each field before and after). Offline the
 * server's part says it needs a connection.
 */
export function TransactionHistory({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation('bookkeeping');
  const language = useLanguage();
  const db = useMemo(() => currentUserDatabase(), []);
  const pending =
    useLiveQuery(
      async () => (db ? (await (await unsentChanges(db)).toArray()).filter((entry) => namesTransaction(entry.args, transaction.id)) : []),
      [db, transaction.id],
    ) ?? [];
  // Read again when a change synced (updatedAt moves): it may have added an entry. The list
  // shown stays until the new one answers.
  const query = useQuery({
    queryKey: ['transaction-history', transaction.id, transaction.updatedAt],
    queryFn: ({ signal }) => transactionHistory(transaction.id, signal),
    placeholderData: keepPreviousData,
  });
  const history = query.data;
  const failed = query.isError;

  const show = (field: TrackedField, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    // History values are what the row held: text, numbers and booleans; anything else reads as JSON.
    const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
    switch (field) {
      case 'category':
        return t(`categories.${text}`);
      case 'checked':
      case 'blocked':
        return value ? t('detail.history.yes') : t('detail.history.no');
      case 'amountCents':
        return formatUsd(Number(value) / 100, language);
      case 'date':
        return formatDate(text, language);
      case 'accountId':
        return t('detail.history.otherAccount');
      default:
        return text;
    }
  };

  return (
    <section className={styles.card} aria-labelledby="history-title">
      <h2 id="history-title" className={styles.cardTitle}>
        {t('detail.history.title')}
      </h2>
      <ol className={styles.history}>
        {pending.map((entry) => (
          <li key={`pending-${entry.id}`} className={styles.historyItem}>
            <span>{t([`detail.history.pending.${entry.name}`, 'detail.history.pending.other'])}</span>
            <span className={styles.muted}>
              {t('detail.history.waiting')} · {formatDateTime(entry.createdAt, language)}
            </span>
          </li>
        ))}
        {history?.map((change) => (
          <li key={change.id} className={styles.historyItem}>
            <span>
              <strong>{t(`detail.history.actions.${change.action}`)}</strong>
              {Object.entries(change.changes).map(([field, [before, after]]) => (
                <span key={field} className={styles.historyChange}>
                  {t('detail.history.change', {
                    field: t(`detail.history.fields.${field}`),
                    before: show(field as TrackedField, before),
                    after: show(field as TrackedField, after),
                  })}
                </span>
              ))}
            </span>
            <span className={styles.muted}>
              {change.user ? `${change.user.firstName} ${change.user.lastName}` : t('detail.history.alta')} · {formatDateTime(change.changedAt, language)}
            </span>
          </li>
        ))}
      </ol>
      {history?.length === 0 && pending.length === 0 && <p className={styles.muted}>{t('detail.history.empty')}</p>}
      {failed && <p className={styles.muted}>{navigator.onLine ? t('detail.history.failed') : t('detail.history.offline')}</p>}
    </section>
  );
}
