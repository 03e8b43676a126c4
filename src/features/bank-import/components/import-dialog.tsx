import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportResult, RowError } from '@domain/bookkeeping';
import { importCooldownLeft } from '@domain/bookkeeping-terms';
import type { Language } from '@domain/constants';
import { uploadRules } from '@domain/file-rules';
import { Button } from '@src/components/button';
import dialogStyles from '@src/components/dialog/dialog.module.css';
import { useModalDialog } from '@src/components/dialog/use-modal-dialog';
import { FormAlert } from '@src/components/form/form-alert';
import fieldStyles from '@src/components/form/field.module.css';
import { useManualAccounts } from '@src/features/accounts/hooks/use-accounts';
import { useCurrentUser } from '@src/features/session/session-store';
import { formatNumber } from '@src/i18n/format';
import { useCountdown } from '@src/lib/use-countdown';
import { importCsvInWorker, previewCsvInWorker } from '@workers/import-csv.client';
import type { ImportFailureCode, ImportProgress } from '@workers/import-csv/import-store';
import type { CsvPreview } from '@workers/import-csv/survey';
import { useImportHistory } from '../hooks/use-import-history';
import { draftFromPreview, mappingFromDraft, type MappingDraft } from '../mapping-draft';
import { ImportSummary } from './import-summary';
import { MappingStep } from './mapping-step';
import styles from './import-dialog.module.css';

type Step =
  | { name: 'choose'; error: ImportFailureCode | null }
  | { name: 'reading'; file: File }
  | { name: 'mapping'; file: File; preview: CsvPreview; draft: MappingDraft }
  | { name: 'importing'; file: File; progress: ImportProgress | null; cancelling: boolean }
  | { name: 'done'; code: ImportFailureCode | 'imported'; result: ImportResult | null; rowErrors: RowError[] };

interface ImportDialogProps {
  open: boolean;
  companyId: string;
  language: Language;
  onClose: () => void;
}

const maxBytes = uploadRules.batchImport.maxBytes;

/**
 * Imports a bank file (SPEC §5 batch file, 2 MB: CSV, OFX/QFX, QIF or CAMT.053, told apart by
 * content): pick or drop the file, check the rows as the worker read them (for a CSV, the
 * columns and formats it detected, fixed if needed), choose the account,
 * then import with progress and cancel, and see what was added, skipped and refused. All the
 * reading and writing happens in the import worker; this dialog only shows it.
 */
export function ImportDialog({ open, companyId, language, onClose }: ImportDialogProps) {
  const { t } = useTranslation(['bookkeeping', 'validation']);
  const user = useCurrentUser();
  const [step, setStep] = useState<Step>({ name: 'choose', error: null });
  const [accountId, setAccountId] = useState('');
  const [dragging, setDragging] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const accounts = useManualAccounts(companyId);
  const { imports } = useImportHistory(companyId, 3);
  const busy = step.name === 'importing' || step.name === 'reading';
  const { ref, dialogProps } = useModalDialog(open, () => {
    if (!busy) onClose();
  });
  const titleId = useId();
  const inputId = useId();

  // A fresh start each time the dialog opens.
  useEffect(() => {
    if (open) setStep({ name: 'choose', error: null });
  }, [open]);
  useEffect(() => {
    if (accounts && !accounts.some((account) => account.id === accountId)) setAccountId(accounts[0]?.id ?? '');
  }, [accounts, accountId]);

  // SPEC §9 upload cooldown as this device sees it (its own clock); the server decides by its clock.
  const [cooldownAt, setCooldownAt] = useState(() => new Date().toISOString());
  const times = imports?.map((batch) => batch.createdAt) ?? [];
  const cooldown = importCooldownLeft(times, cooldownAt);
  const left = useCountdown(cooldown, () => setCooldownAt(new Date().toISOString()), cooldown > 0);
  useEffect(() => setCooldownAt(new Date().toISOString()), [imports]);

  const read = async (file: File) => {
    if (file.size > maxBytes) return setStep({ name: 'choose', error: 'fileTooLarge' });
    setStep({ name: 'reading', file });
    const outcome = await previewCsvInWorker(file, language);
    if (!outcome.ok) return setStep({ name: 'choose', error: outcome.code });
    setStep({ name: 'mapping', file, preview: outcome.preview, draft: draftFromPreview(outcome.preview, language) });
  };

  const start = async (file: File, preview: CsvPreview, draft: MappingDraft) => {
    const mapping = mappingFromDraft(draft, preview);
    if (!user || !mapping || !accountId) return;
    // A structured file's columns are the worker's own: only a CSV's mapping is the person's, and
    // of a bank file only the day-month order, when it had to be assumed.
    const confirmed = preview.format === 'csv' ? { mapping } : preview.dateOrderAssumed ? { dateOrder: draft.dateOrder } : {};
    const controller = new AbortController();
    abort.current = controller;
    setStep({ name: 'importing', file, progress: null, cancelling: false });
    const outcome = await importCsvInWorker(
      { userId: user.id, file, fileName: file.name, companyId, accountKind: 'manual', accountId, language, ...confirmed },
      {
        signal: controller.signal,
        onProgress: (progress) => setStep((current) => (current.name === 'importing' ? { ...current, progress } : current)),
      },
    );
    abort.current = null;
    setCooldownAt(new Date().toISOString());
    setStep(
      outcome.ok
        ? { name: 'done', code: 'imported', result: outcome.result, rowErrors: outcome.rowErrors }
        : { name: 'done', code: outcome.code, result: outcome.result ?? null, rowErrors: [] },
    );
  };

  const cancel = () => {
    abort.current?.abort();
    setStep((current) => (current.name === 'importing' ? { ...current, cancelling: true } : current));
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void read(file);
  };

  return (
    <dialog ref={ref} className={`${dialogStyles.dialog} ${styles.dialog}`} aria-labelledby={titleId} {...dialogProps}>
      <h2 id={titleId} className={dialogStyles.title}>
        {t('import.title')}
      </h2>

      {step.name === 'choose' && (
        <>
          <div
            className={styles.drop}
            data-dragging={dragging || undefined}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <p>{t('import.dropHint')}</p>
            <label htmlFor={inputId} className={styles.pick}>
              {t('import.pick')}
            </label>
            <input
              id={inputId}
              className={styles.fileInput}
              type="file"
              accept=".csv,.txt,.ofx,.qfx,.qif,.xml,.053,text/csv,text/plain,application/xml,text/xml"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void read(file);
              }}
            />
            <p className={fieldStyles.hint}>{t('import.limits', { size: formatNumber(maxBytes / 1024 / 1024, language, 0) })}</p>
          </div>
          {step.error && <FormAlert>{t(`import.results.${step.error}`)}</FormAlert>}
          <div className={dialogStyles.actions}>
            <Button variant="secondary" onClick={onClose}>
              {t('import.close')}
            </Button>
          </div>
        </>
      )}

      {step.name === 'reading' && (
        <p role="status" className={styles.status}>
          {t('import.reading', { file: step.file.name })}
        </p>
      )}

      {step.name === 'mapping' && (
        <MappingStep
          fileName={step.file.name}
          preview={step.preview}
          draft={step.draft}
          language={language}
          accountId={accountId}
          accounts={accounts ?? []}
          cooldownLeft={cooldown > 0 ? left : 0}
          onAccount={setAccountId}
          onDraft={(draft) => setStep({ ...step, draft })}
          onBack={() => setStep({ name: 'choose', error: null })}
          onImport={() => void start(step.file, step.preview, step.draft)}
        />
      )}

      {step.name === 'importing' && (
        <div className={styles.progress}>
          <label className={fieldStyles.label} htmlFor={`${inputId}-progress`}>
            {t('import.progress', {
              processed: formatNumber(step.progress?.processedRows ?? 0, language, 0),
              total: formatNumber(step.progress?.totalRows ?? 0, language, 0),
            })}
          </label>
          <progress id={`${inputId}-progress`} max={Math.max(1, step.progress?.totalRows ?? 0)} value={step.progress?.processedRows ?? 0} />
          <p role="status" className={styles.status}>
            {step.cancelling ? t('import.cancelling') : t('import.running', { file: step.file.name })}
          </p>
          <div className={dialogStyles.actions}>
            <Button variant="secondary" onClick={cancel} disabled={step.cancelling}>
              {t('import.cancel')}
            </Button>
          </div>
        </div>
      )}

      {step.name === 'done' && <ImportSummary code={step.code} result={step.result} rowErrors={step.rowErrors} language={language} onClose={onClose} />}
    </dialog>
  );
}
