import { useTranslation } from 'react-i18next';
import type { ImportResult, RowError } from '@domain/bookkeeping';
import type { Language } from '@domain/constants';
import { Button } from '@src/components/button';
import dialogStyles from '@src/components/dialog/dialog.module.css';
import fieldStyles from '@src/components/form/field.module.css';
import { formatNumber } from '@src/i18n/format';
import { messageKey } from '@src/lib/error-message';
import type { ImportFailureCode } from '@workers/import-csv/import-store';
import styles from './import-dialog.module.css';

interface ImportSummaryProps {
  code: ImportFailureCode | 'imported';
  result: ImportResult | null;
  rowErrors: RowError[];
  language: Language;
  onClose?: () => void;
}

/** What an import did: counts, the date order used, and the refused lines with their line numbers. */
export function ImportSummary({ code, result, rowErrors, language, onClose }: ImportSummaryProps) {
  const { t } = useTranslation(['bookkeeping', 'validation']);
  const number = (value: number) => formatNumber(value, language, 0);
  return (
    <div className={styles.summary}>
      <p role={onClose ? 'status' : undefined}>
        {code === 'imported' && result
          ? t('import.results.imported', {
              imported: number(result.importedCount),
              duplicates: number(result.duplicateCount),
              errors: number(result.errorCount),
            })
          : t(`import.results.${code}`)}
      </p>
      {result && (
        <dl className={styles.counts}>
          <div>
            <dt>{t('import.counts.imported')}</dt>
            <dd>{number(result.importedCount)}</dd>
          </div>
          <div>
            <dt>{t('import.counts.duplicates')}</dt>
            <dd>{number(result.duplicateCount)}</dd>
          </div>
          <div>
            <dt>{t('import.counts.errors')}</dt>
            <dd>{number(result.errorCount)}</dd>
          </div>
        </dl>
      )}
      {result?.dateOrder && code === 'imported' && <p className={fieldStyles.hint}>{t(`import.dateOrder.${result.dateOrder}`)}</p>}
      {rowErrors.length > 0 && (
        <>
          <h3 className={styles.errorsTitle}>{t('import.rowErrorsTitle')}</h3>
          <ul className={styles.errors}>
            {rowErrors.map((error) => (
              <li key={`${error.line}-${error.field}`}>
                {t('import.rowError', { line: number(error.line), field: t(`import.fields.${error.field}`), message: t(messageKey(error.code)) })}
              </li>
            ))}
          </ul>
          {result && result.errorCount > rowErrors.length && (
            <p className={fieldStyles.hint}>{t('import.moreErrors', { count: result.errorCount - rowErrors.length })}</p>
          )}
        </>
      )}
      {onClose && (
        <div className={dialogStyles.actions}>
          <Button onClick={onClose} autoFocus>
            {t('import.close')}
          </Button>
        </div>
      )}
    </div>
  );
}
