import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useLinkedAccountLabel } from '@src/features/linked-accounts/hooks/use-linked-accounts';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Transaction } from '@domain/bookkeeping';
import { categories, type CategoryKey } from '@domain/bookkeeping-terms';
import { currentUserDatabase } from '@sync/client/db';
import { localReceiptOf, type ReceiptFile } from '@sync/client/receipts';
import { Button } from '@src/components/button';
import { ConfirmDialog } from '@src/components/dialog/confirm-dialog';
import eyebrow from '@src/components/eyebrow.module.css';
import { useToast } from '@src/components/toast/toast-provider';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { formatDate, formatDateTime, formatNumber, formatUsd } from '@src/i18n/format';
import { href, paths } from '@src/lib/paths';
import { usePageTitle } from '@src/lib/use-page-title';
import { downloadReceiptUrl } from '../api/receipts-api';
import { useBookkeepingActions } from '../hooks/use-bookkeeping-actions';
import { useLockedYears } from '../hooks/use-locked-years';
import { readOnlyReason } from '../read-only';
import { useReceiptQueue } from '../hooks/use-receipt-queue';
import { useReceiptProgress } from '../hooks/use-receipt-progress';
import { TransactionHistory } from './transaction-history';
import { ReceiptFileButtons } from './receipt-file-buttons';
import { SelectField } from '@src/components/form/select-field';
import { useCategoryOptions } from './labelled-field';
import styles from './transaction-detail.module.css';

/**
 * One transaction (SPEC §2 accounting-ai/bookkeeping/{id}): every field, its category,
 * merchant, note and check editable (the same mutations as the list), its receipt shown from
 * this device's copy or a short-lived download URL, and the changes made to it.
 */
export function TransactionDetail() {
  const { t } = useTranslation('bookkeeping');
  const language = useLanguage();
  const { id = '' } = useParams();
  const db = useMemo(() => currentUserDatabase(), []);
  const transaction = useLiveQuery(async () => (db ? ((await db.transactions.get(id)) ?? null) : null), [db, id]);
  usePageTitle(transaction ? transaction.description : t('detail.title'));

  if (transaction === undefined) return <p role="status">{t('list.loading')}</p>;
  if (transaction === null) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t('detail.notFound')}</h1>
        <Link to={href(language, paths.bookkeeping)}>{t('detail.back')}</Link>
      </div>
    );
  }
  return <TransactionView key={transaction.id} transaction={transaction} />;
}

function TransactionView({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation('bookkeeping');
  const categoryOptions = useCategoryOptions();
  const language = useLanguage();
  const navigate = useNavigate();
  const db = useMemo(() => currentUserDatabase(), []);
  const lockedYears = useLockedYears(db, transaction.companyId);
  const actions = useBookkeepingActions(lockedYears);
  const receipts = useReceiptQueue(db, transaction.companyId, lockedYears);
  const linkedLabel = useLinkedAccountLabel();
  const account = useLiveQuery(async () => {
    if (!db || !transaction.accountId) return null;
    const manual = await db.manualAccounts.get(transaction.accountId);
    if (manual) return { name: manual.name };
    const linked = await db.linkedAccounts.get(transaction.accountId);
    return linked ? { name: linkedLabel(linked) } : null;
  }, [db, transaction.accountId, linkedLabel]);
  const [merchant, setMerchant] = useState(transaction.merchant ?? '');
  const [note, setNote] = useState(transaction.note);
  const [confirmDelete, setConfirmDelete] = useState(false);
  useEffect(() => setMerchant(transaction.merchant ?? ''), [transaction.merchant]);
  useEffect(() => setNote(transaction.note), [transaction.note]);
  const readOnlyBecause = readOnlyReason(transaction, lockedYears);
  const readOnly = readOnlyBecause !== null;
  const kind = transaction.category ? categories.find((category) => category.key === transaction.category)?.kind : null;

  return (
    <div className={styles.page}>
      <Link to={href(language, paths.bookkeeping)} className={styles.back}>
        ← {t('detail.back')}
      </Link>
      <header className={styles.header}>
        <p className={eyebrow.eyebrow}>{t('detail.title')}</p>
        <h1 className={styles.title}>{transaction.description}</h1>
        <p className={styles.amount} data-direction={transaction.amountCents >= 0 ? 'in' : 'out'}>
          {formatUsd(transaction.amountCents / 100, language)}
        </p>
      </header>
      {readOnly && (
        <p className={styles.blocked} role="note">
          {t(`editing.refused.${readOnlyBecause}`)}
        </p>
      )}

      <div className={styles.columns}>
        <section className={styles.card} aria-labelledby="fields-title">
          <h2 id="fields-title" className={styles.cardTitle}>
            {t('detail.fields')}
          </h2>
          <dl className={styles.fields}>
            <div>
              <dt>{t('list.columns.date')}</dt>
              <dd>{formatDate(transaction.date, language, 'long')}</dd>
            </div>
            <div>
              <dt>{t('list.columns.account')}</dt>
              <dd>{account?.name ?? (transaction.accountKind === 'linked' ? t('list.linkedAccount') : t('list.noAccount'))}</dd>
            </div>
            <div>
              <dt>{t('detail.kind')}</dt>
              <dd>{kind ? t(`detail.kinds.${kind}`) : transaction.amountCents >= 0 ? t('list.filters.moneyIn') : t('list.filters.moneyOut')}</dd>
            </div>
            <div>
              <dt>{t('detail.source')}</dt>
              <dd>{transaction.importId ? t('detail.imported') : t('detail.manual')}</dd>
            </div>
            <div>
              <dt>{t('detail.created')}</dt>
              <dd>{formatDateTime(transaction.createdAt, language)}</dd>
            </div>
            <div>
              <dt>{t('detail.updated')}</dt>
              <dd>{formatDateTime(transaction.updatedAt, language)}</dd>
            </div>
          </dl>

          <div className={styles.form}>
            <SelectField
              look={{ field: styles.field }}
              label={t('list.columns.category')}
              disabled={readOnly}
              value={transaction.category ?? ''}
              options={[{ value: '', label: t('list.uncategorised') }, ...categoryOptions]}
              onChange={(event) => void actions.categorise([transaction], (event.target.value || null) as CategoryKey | null)}
            />
            <label className={styles.field}>
              <span>{t('list.columns.merchant')}</span>
              <input
                disabled={readOnly}
                maxLength={120}
                value={merchant}
                onChange={(event) => setMerchant(event.target.value)}
                onBlur={() => void actions.setMerchant(transaction, merchant)}
              />
            </label>
            <label className={styles.field}>
              <span>{t('detail.note')}</span>
              <textarea
                disabled={readOnly}
                maxLength={2000}
                rows={3}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                onBlur={() => void actions.setNote(transaction, note)}
              />
            </label>
            <label className={styles.check}>
              <input
                type="checkbox"
                disabled={readOnly}
                checked={transaction.checked}
                onChange={(event) => void actions.setChecked([transaction], event.target.checked)}
              />
              {t('detail.checked')}
            </label>
          </div>
          <div className={styles.actions}>
            {actions.last && (
              <Button size="small" variant="secondary" onClick={() => void actions.undo()}>
                {t(`editing.undo.${actions.last.kind}`, { count: actions.last.count })}
              </Button>
            )}
            <Button size="small" variant="danger" disabled={readOnly} onClick={() => setConfirmDelete(true)}>
              {t('detail.delete')}
            </Button>
          </div>
        </section>

        <ReceiptPanel
          transaction={transaction}
          readOnly={readOnly}
          onAttach={(files) => void receipts.attach(transaction, files)}
          onRemove={() => actions.attempt('receipt', () => actions.mutate('removeReceipt', { id: transaction.id, updatedAt: new Date().toISOString() }))}
        />
      </div>

      <TransactionHistory transaction={transaction} />

      <ConfirmDialog
        open={confirmDelete}
        tone="danger"
        title={t('editing.delete.title', { count: 1 })}
        description={t('editing.delete.body', { count: 1 })}
        confirmLabel={t('editing.delete.confirm')}
        cancelLabel={t('editing.cancel')}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          void actions.remove([transaction]).then((done) => done && navigate(href(language, paths.bookkeeping)));
        }}
      />
    </div>
  );
}

interface ReceiptPanelProps {
  transaction: Transaction;
  readOnly: boolean;
  onAttach(files: File[]): void;
  onRemove(): Promise<boolean>;
}

/**
 * The receipt: the device's own copy when it has one (it shows offline, and before upload),
 * else the stored file through a short-lived URL. Images show inline, PDFs in the browser's
 * viewer; attach or replace (file or camera), download and delete.
 */
function ReceiptPanel({ transaction, readOnly, onAttach, onRemove }: ReceiptPanelProps) {
  const { t } = useTranslation('bookkeeping');
  const language = useLanguage();
  const toast = useToast();
  const db = useMemo(() => currentUserDatabase(), []);
  const local = useLiveQuery(async () => (db ? ((await localReceiptOf(db, transaction.id)) ?? null) : null), [db, transaction.id]);
  // The device's copy stands for the receipt only while it is the one attached, or still uploading.
  const localCopy: ReceiptFile | null = local && (local.status === 'pending' || local.key === transaction.receipt?.key) ? local : null;
  const [confirmRemove, setConfirmRemove] = useState(false);
  const progress = useReceiptProgress(localCopy?.status === 'pending' ? localCopy.id : null);

  const localUrl = useMemo(() => (localCopy ? URL.createObjectURL(localCopy.file) : null), [localCopy]);
  useEffect(() => () => void (localUrl && URL.revokeObjectURL(localUrl)), [localUrl]);

  const key = transaction.receipt?.key ?? null;
  // The stored receipt is read only when the device has no copy of it.
  const remote = useQuery({
    queryKey: ['receipt-url', key],
    queryFn: ({ signal }) => downloadReceiptUrl(key!, signal),
    enabled: key !== null && !localCopy,
  });
  const remoteUrl = key !== null && !localCopy ? (remote.data ?? null) : null;
  const remoteFailed = remote.isError;

  const name = localCopy?.name ?? transaction.receipt?.name ?? null;
  const contentType = localCopy?.contentType ?? transaction.receipt?.contentType ?? '';
  const url = localUrl ?? remoteUrl;
  const hasReceipt = name !== null;

  return (
    <section className={styles.card} aria-labelledby="receipt-title">
      <h2 id="receipt-title" className={styles.cardTitle}>
        {t('detail.receipt')}
      </h2>
      {!hasReceipt && <p className={styles.muted}>{t('detail.noReceipt')}</p>}
      {hasReceipt && (
        <div className={styles.receipt}>
          <p>
            <strong>{name}</strong>
            {localCopy?.status === 'pending' && (
              <span className={styles.muted}> · {navigator.onLine ? t('detail.uploading') : t('detail.waitingOffline')}</span>
            )}
          </p>
          {progress && (
            <progress className={styles.progress} max={progress.total} value={progress.sent} aria-label={t('detail.uploadProgress', { name })}>
              {formatNumber((progress.sent / progress.total) * 100, language, 0)}%
            </progress>
          )}
          {url && contentType.startsWith('image/') && <img className={styles.preview} src={url} alt={t('detail.previewAlt', { name })} />}
          {url && contentType === 'application/pdf' && <iframe className={styles.preview} src={url} title={t('detail.previewAlt', { name })} />}
          {!url && remoteFailed && <p className={styles.muted}>{t('detail.previewUnavailable')}</p>}
          {url && (
            <a className={styles.link} href={url} download={name ?? undefined} target="_blank" rel="noreferrer">
              {t('detail.download')}
            </a>
          )}
        </div>
      )}
      {!readOnly && (
        <div className={styles.actions}>
          <ReceiptFileButtons pickLabel={hasReceipt ? t('detail.replace') : t('detail.attach')} onFiles={onAttach} />
          {transaction.receipt && (
            <Button size="small" variant="ghost" onClick={() => setConfirmRemove(true)}>
              {t('detail.removeReceipt')}
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirmRemove}
        tone="danger"
        title={t('detail.removeReceiptTitle')}
        description={t('detail.removeReceiptBody')}
        confirmLabel={t('detail.removeReceipt')}
        cancelLabel={t('editing.cancel')}
        onCancel={() => setConfirmRemove(false)}
        onConfirm={() => {
          setConfirmRemove(false);
          void onRemove().then((done) => done && toast.show(t('detail.receiptRemoved'), 'success'));
        }}
      />
    </section>
  );
}
