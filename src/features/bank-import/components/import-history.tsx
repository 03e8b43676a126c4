import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchImport } from '@domain/bookkeeping';
import type { Language } from '@domain/constants';
import { Button } from '@src/components/button';
import { formatDateTime, formatNumber } from '@src/i18n/format';
import { importHistoryPageSize, useImportHistory } from '../hooks/use-import-history';
import { ImportSummary } from './import-dialog';
import list from '@src/components/card-list.module.css';
import styles from './import-history.module.css';

/** The company's batch imports, newest first, with load-more (SPEC §9): status, counts and each one's refused lines. */
export function ImportHistory({ companyId, language }: { companyId: string; language: Language }) {
  const { t } = useTranslation('bookkeeping');
  const [limit, setLimit] = useState(importHistoryPageSize);
  const { imports, more } = useImportHistory(companyId, limit);
  if (!imports) return null;
  return (
    <section className={list.panel} aria-labelledby="import-history-title">
      <h2 id="import-history-title" className={list.title}>
        {t('import.history.title')}
      </h2>
      {imports.length === 0 ? (
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
