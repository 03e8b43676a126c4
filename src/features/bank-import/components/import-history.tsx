import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchImport } from '@domain/bookkeeping';
import type { Language } from '@domain/constants';
import type { HeldImport } from '@sync/client/held-imports';
import { isMutationRejection } from '@sync/refusals';
import { Button } from '@src/components/button';
import { syncEngine } from '@src/features/sync/sync-engine';
import { formatDateTime, formatNumber } from '@src/i18n/format';
import { importHistoryPageSize, useImportHistory } from '../hooks/use-import-history';
import { ImportSummary } from './import-summary';
import list from '@src/components/card-list.module.css';
import styles from './import-history.module.css';

/**
 * The company's batch imports, newest first, with load-more (SPEC §9): status, counts and each
 * one's refused lines; above them, the imports the server refused, kept on this device with the
 * reason and "send again" / "discard" (decision 054).
 */
export function ImportHistory({ companyId, language }: { companyId: string; language: Language }) {
  const { t } = useTranslation('bookkeeping');
  const [limit, setLimit] = useState(importHistoryPageSize);
  const { imports, held, more } = useImportHistory(companyId, limit);
  const [notice, setNotice] = useState('');
  if (!imports) return null;
  return (
    <section className={list.panel} aria-labelledby="import-history-title">
      <h2 id="import-history-title" className={list.title}>
        {t('import.history.title')}
      </h2>
      <p role="status" className={list.muted}>
        {notice}
      </p>
      {held.length > 0 && (
        <ul className={list.list}>
          {held.map((entry) => (
            <HeldItem key={entry.id} held={entry} language={language} onDone={setNotice} />
          ))}
        </ul>
      )}
      {imports.length === 0 && held.length === 0 ? (
        <p className={list.muted}>{t('import.history.empty')}</p>
      ) : (
        <ul className={list.list}>
          {imports.map((batch) => (
            <HistoryItem key={batch.id} batch={batch} language={language} />
          ))}
        </ul>
      )}
      {more && (
        <Button variant="secondary" size="small" onClick={() => setLimit((current) => current + importHistoryPageSize)}>
          {t('import.history.loadMore')}
        </Button>
      )}
    </section>
  );
}

/** An import the server refused: why, how many lines this device keeps, and what the person can do. */
function HeldItem({ held, language, onDone }: { held: HeldImport; language: Language; onDone: (notice: string) => void }) {
  const { t } = useTranslation(['bookkeeping', 'sync']);
  const [refusal, setRefusal] = useState<string | null>(null);
  const file = held.batch.fileName;
  const retry = async () => {
    try {
      await (await syncEngine())?.retryImport(held.id);
      onDone(t('import.history.retried', { file }));
    } catch (error) {
      // Refused here at once (its year is now locked, its account gone): it stays held.
      if (!isMutationRejection(error)) throw error;
      setRefusal(t('import.history.retryRefused', { reason: t(`sync:rejections.${error.code}`) }));
    }
  };
  const discard = async () => {
    await (await syncEngine())?.discardImport(held.id);
    onDone(t('import.history.discarded', { file }));
  };
  return (
    <li className={list.item} data-held-import={held.id}>
      <div className={styles.summary}>
        <span className={styles.file}>{file}</span>
        <span className={`${list.pill} ${styles.status}`} data-status="refused">
          {t('import.history.refused')}
        </span>
        <span className={`${list.muted} ${styles.meta}`}>{formatDateTime(held.batch.createdAt, language)}</span>
      </div>
      <p>{t('import.history.refusedReason', { reason: t(`sync:rejections.${held.code}`) })}</p>
      <p className={list.muted}>{t('import.history.kept', { count: held.rows.length })}</p>
      {refusal && <p role="alert">{refusal}</p>}
      <div className={styles.actions}>
        <Button size="small" variant="secondary" onClick={() => void retry()}>
          {t('import.history.retry')}
        </Button>
        <Button size="small" variant="ghost" onClick={() => void discard()}>
          {t('import.history.discard')}
        </Button>
      </div>
    </li>
  );
}

function HistoryItem({ batch, language }: { batch: BatchImport; language: Language }) {
  const { t } = useTranslation('bookkeeping');
  const result = batch.result;
  return (
    <li className={list.item}>
      <details>
        <summary className={styles.summary}>
          <span className={styles.file}>{batch.fileName}</span>
          <span className={`${list.pill} ${styles.status}`} data-status={batch.status}>
            {t(`import.status.${batch.status}`)}
          </span>
          <span className={`${list.muted} ${styles.meta}`}>
            {formatDateTime(batch.createdAt, language)}
            {' · '}
            {result
              ? t('import.history.counts', {
                  imported: formatNumber(result.importedCount, language, 0),
                  duplicates: formatNumber(result.duplicateCount, language, 0),
                  errors: formatNumber(result.errorCount, language, 0),
                })
              : t('import.history.processed', { count: batch.processedCount })}
          </span>
        </summary>
        {result ? <ImportSummary code={result.code} result={result} rowErrors={batch.rowErrors} language={language} /> : null}
      </details>
    </li>
  );
}
