import { memo, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '@domain/bookkeeping';
import { categoryKeys } from '@domain/bookkeeping-terms';
import type { Language } from '@domain/constants';
import { localToday } from '@domain/days';
import { currentUserDatabase } from '@sync/client/db';
import type { ReceiptFile } from '@sync/client/receipts';
import { buildExportInWorker } from '@workers/export.client';
import type { ExportFormat, ExportLabels } from '@workers/export/types';
import { Button } from '@src/components/button';
import dialogStyles from '@src/components/dialog/dialog.module.css';
import { useModalDialog } from '@src/components/dialog/use-modal-dialog';
import { formatDate, formatNumber, formatUsd } from '@src/i18n/format';
import { handOverBlob } from '@src/lib/stored-file';
import { exportPeriod, exportRowsOf } from '../export-rows';
import { packReceipts, receiptsOnDevice } from '../export-receipts';
import type { TransactionFilters } from '../filters';
import styles from './bookkeeping.module.css';

/** What the list shows when the export starts: its rows, the view's order and its filters. */
export interface ExportSource {
  rows: readonly Transaction[];
  order: Uint32Array;
  filters: TransactionFilters;
}

interface ExportDialogProps {
  open: boolean;
  onClose(): void;
  companyId: string;
  companyName: string;
  language: Language;
  accountName(row: Transaction): string;
  /** Read when an export starts, so the dialog does not render again at each filter change. */
  source(): ExportSource;
}

type State = { phase: 'idle' } | { phase: 'building'; format: ExportFormat } | { phase: 'done'; name: string; missing: Transaction[] } | { phase: 'failed' };

const formats: readonly ExportFormat[] = ['csv', 'xlsx', 'pack'];

/**
 * Export for the accountant (decision 065): exactly the rows the filters show, as CSV, as XLSX
 * or as the accountant's pack (both spreadsheets and the receipts, zipped), built in a worker
 * from what this device holds, so it works offline too; the pack says which receipts it could
 * not include.
 */
export const ExportDialog = memo(function ExportDialog({ open, onClose, companyId, companyName, language, accountName, source }: ExportDialogProps) {
  const { t } = useTranslation('bookkeeping');
  const [state, setState] = useState<State>({ phase: 'idle' });
  const { ref, dialogProps } = useModalDialog(open, onClose);
  // Counted when it opens: the filters cannot change while it is open (it is modal).
  const count = useMemo(() => (open ? source().order.length : 0), [open, source]);
  useEffect(() => {
    if (open) setState((current) => (current.phase === 'building' ? current : { phase: 'idle' }));
  }, [open]);
  const titleId = useId();
  const categoryLabels = useMemo(() => new Map(categoryKeys.map((key) => [key, t(`categories.${key}`)])), [t]);

  const labels = (): ExportLabels => ({
    columns: {
      date: t('list.columns.date'),
      description: t('list.columns.description'),
      merchant: t('list.columns.merchant'),
      category: t('list.columns.category'),
      account: t('list.columns.account'),
      amount: t('list.columns.amount'),
      checked: t('list.columns.checked'),
      receipt: t('list.columns.receipt'),
      note: t('export.columns.note'),
    },
    yes: t('export.yes'),
    no: t('export.no'),
    total: t('export.total'),
    sheet: t('export.sheet'),
    receiptsFolder: t('export.receiptsFolder'),
    receiptMissing: t('export.receiptMissing'),
    missingFile: t('export.missingFile'),
    missingIntro: t('export.missingIntro'),
  });

  const run = async (format: ExportFormat) => {
    setState({ phase: 'building', format });
    try {
      const { rows, order, filters } = source();
      const shown = Array.from(order, (index) => rows[index]!);
      const db = currentUserDatabase();
      const copies = db ? await receiptsOnDevice(db, companyId, shown) : new Map<string, ReceiptFile>();
      const exported = exportRowsOf(rows, order, {
        category: (row) => (row.category ? (categoryLabels.get(row.category) ?? row.category) : t('list.uncategorised')),
        account: (row) => (row.accountId ? accountName(row) : ''),
        receiptName: (row) => copies.get(row.id)?.name ?? row.receipt?.name ?? null,
      });
      const period = exportPeriod(filters, localToday(), exported);
      const result = await buildExportInWorker({
        format,
        language,
        rows: exported,
        labels: labels(),
        baseName: t('export.fileName', { company: companyName, from: period.from, to: period.to }),
        receipts: format === 'pack' ? await packReceipts(shown, copies, navigator.onLine) : undefined,
      });
      handOverBlob(result.file, result.name, true);
      setState({ phase: 'done', name: result.name, missing: result.missing.map((row) => shown[row]!) });
    } catch (error) {
      console.error('the export failed', error);
      setState({ phase: 'failed' });
    }
  };

  const building = state.phase === 'building';
  return (
    <dialog ref={ref} className={`${dialogStyles.dialog} ${styles.formDialog}`} aria-labelledby={titleId} {...dialogProps}>
      <h2 id={titleId} className={dialogStyles.title}>
        {t('export.title')}
      </h2>
      <p className={dialogStyles.description}>{t('export.intro', { count, formatted: formatNumber(count, language) })}</p>
      <ul className={styles.exportChoices}>
        {formats.map((format) => (
          <li key={format}>
            <Button
              variant="secondary"
              size="small"
              busy={building && state.format === format}
              disabled={building && state.format !== format}
              onClick={() => void run(format)}
            >
              {t(`export.formats.${format}`)}
            </Button>
            <span className={styles.muted}>{t(`export.hints.${format}`)}</span>
          </li>
        ))}
      </ul>
      <div role="status" className={styles.exportStatus}>
        {building && <p>{t('export.building')}</p>}
        {state.phase === 'done' && <p>{t('export.done', { name: state.name })}</p>}
        {state.phase === 'failed' && <p>{t('export.failed')}</p>}
      </div>
      {state.phase === 'done' && state.missing.length > 0 && (
        <div className={styles.exportMissing}>
          <p>{t('export.missing', { count: state.missing.length, formatted: formatNumber(state.missing.length, language) })}</p>
          <ul>
            {state.missing.map((row) => (
              <li key={row.id}>
                {formatDate(row.date, language)} · {row.description} · {formatUsd(row.amountCents / 100, language)}
              </li>
            ))}
          </ul>
          <p className={styles.muted}>{t('export.missingHelp')}</p>
        </div>
      )}
      <div className={dialogStyles.actions}>
        <Button variant="ghost" onClick={onClose}>
          {t('export.close')}
        </Button>
      </div>
    </dialog>
  );
});
