import { memo, useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '@domain/bookkeeping';
import type { Language } from '@domain/constants';
import { Button } from '@src/components/button';
import dialogStyles from '@src/components/dialog/dialog.module.css';
import { useModalDialog } from '@src/components/dialog/use-modal-dialog';
import { formatAmount, formatDate, formatNumber, formatUsd } from '@src/i18n/format';
import type { ReceiptQueue } from '../hooks/use-receipt-queue';
import { useReceiptReading, type ReceiptReadingState } from '../hooks/use-receipt-reading';
import styles from './bookkeeping.module.css';
import { ReceiptFileButtons } from './receipt-file-buttons';

interface ReceiptInboxProps {
  rows: readonly Transaction[];
  language: Language;
  queue: ReceiptQueue;
}

/** What reading a receipt found, or that it is being read or could not be. */
function ReadFields({ reading, language }: { reading: ReceiptReadingState | null; language: Language }) {
  const { t } = useTranslation('bookkeeping');
  if (!reading) return null;
  if (reading.status === 'reading') return <p className={styles.muted}>{t('receipts.inbox.reading')}</p>;
  if (reading.status === 'unreadable') return <p className={styles.muted}>{t('receipts.inbox.unreadable')}</p>;
  const { totalCents, date, merchant } = reading.fields;
  const notFound = t('receipts.inbox.notFound');
  return (
    <p className={styles.muted}>
      {t('receipts.inbox.readFields', {
        total: totalCents === null ? notFound : formatAmount(totalCents / 100, language),
        date: date === null ? notFound : formatDate(date, language),
        merchant: merchant ?? notFound,
      })}
    </p>
  );
}

/**
 * The company's receipt inbox: files added without a transaction (several at once, by
 * picking, taking a photo or dropping them), uploaded and shared with the company's other
 * devices until someone matches each to a transaction. The files this device holds are read
 * here (decision 067) for their total, date and merchant, which choose the proposed
 * transactions; otherwise the amount in the file name and the file's date do.
 */
export const ReceiptInbox = memo(function ReceiptInbox({ rows, language, queue }: ReceiptInboxProps) {
  const { t } = useTranslation('bookkeeping');
  const [open, setOpen] = useState(false);
  const { ref, dialogProps } = useModalDialog(open, () => setOpen(false));
  const titleId = useId();
  const { readingOf, downloadBytes, suggest } = useReceiptReading(queue.inbox, open);
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void queue.addToInbox([...event.dataTransfer.files]);
  };

  return (
    <>
      <Button size="small" variant="secondary" onClick={() => setOpen(true)}>
        {t('receipts.inbox.open', { count: queue.inbox.length })}
      </Button>
      <dialog ref={ref} className={`${dialogStyles.dialog} ${styles.inboxDialog}`} aria-labelledby={titleId} {...dialogProps}>
        <h2 id={titleId} className={dialogStyles.title}>
          {t('receipts.inbox.title')}
        </h2>
        <p className={dialogStyles.description}>{t('receipts.inbox.help')}</p>
        {downloadBytes !== null && (
          <p role="status" className={styles.muted}>
            {t('receipts.inbox.readerDownloading', { size: formatNumber(downloadBytes / 1_000_000, language, 1) })}
          </p>
        )}
        <div
          className={styles.dropZone}
          data-dragging={dragging || undefined}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <p>{t('receipts.dropHere')}</p>
          <div className={styles.noticeActions}>
            <ReceiptFileButtons pickLabel={t('receipts.pickFiles')} multiple onFiles={(files) => void queue.addToInbox(files)} />
          </div>
          <p className={styles.muted}>{t('receipts.rules')}</p>
        </div>
        {queue.inbox.length === 0 ? (
          <p className={styles.muted}>{t('receipts.inbox.empty')}</p>
        ) : (
          <ul className={styles.inboxList}>
            {queue.inbox.map((receipt) => {
              // Searched only while the inbox is open: an edit of the list must not search every row again.
              const reading = readingOf(receipt.id);
              const fields = reading?.status === 'read' ? reading.fields : null;
              const suggestions = open ? suggest({ name: receipt.name, date: receipt.day, fields }, rows) : [];
              return (
                <li key={receipt.id} className={styles.inboxItem}>
                  <div className={styles.inboxFile}>
                    <strong>{receipt.name}</strong>
                    <span className={styles.muted}>
                      {formatDate(receipt.day, language)} · {t('receipts.size', { size: formatNumber(receipt.size / 1024, language, 0) })}
                    </span>
                  </div>
                  <ReadFields reading={reading} language={language} />
                  {suggestions.length === 0 ? (
                    <p className={styles.muted}>{t('receipts.inbox.noSuggestion')}</p>
                  ) : (
                    <ul className={styles.suggestions} aria-label={t('receipts.inbox.suggestions', { name: receipt.name })}>
                      {suggestions.map((row) => (
                        <li key={row.id}>
                          <Button size="small" variant="secondary" onClick={() => void queue.match(receipt.id, row)}>
                            {t('receipts.inbox.attachTo', {
                              description: row.description,
                              amount: formatUsd(row.amountCents / 100, language),
                              date: formatDate(row.date, language),
                            })}
                          </Button>
                        </li>
                      ))}
                    </ul>
                  )}
                  <Button
                    size="small"
                    variant="ghost"
                    onClick={() => void queue.discard(receipt.id)}
                    aria-label={t('receipts.inbox.discardLabel', { name: receipt.name })}
                  >
                    {t('receipts.inbox.discard')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <div className={dialogStyles.actions}>
          <Button onClick={() => setOpen(false)}>{t('editing.shortcuts.close')}</Button>
        </div>
      </dialog>
    </>
  );
});
