import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { importCooldownLeft, type ImportResult, type RowError } from '@domain/bookkeeping';
import type { Language } from '@domain/constants';
import { uploadRules } from '@domain/files';
import { Button } from '@src/components/button';
import dialogStyles from '@src/components/dialog/dialog.module.css';
import { useModalDialog } from '@src/components/dialog/use-modal-dialog';
import { FormAlert } from '@src/components/form/form-alert';
import fieldStyles from '@src/components/form/field.module.css';
import { useManualAccounts } from '@src/features/accounts/hooks/use-accounts';
import { useCurrentUser } from '@src/features/session/session-store';
import { formatNumber } from '@src/i18n/format';
import { useCountdown } from '@src/lib/use-countdown';
import { messageKey } from '@src/lib/error-message';
import { importCsvInWorker, previewCsvInWorker } from '@workers/import-csv.client';
import type { CsvPreview, ImportFailureCode, ImportProgress } from '@workers/import-csv/pipeline';
import { useImportHistory } from '../hooks/use-import-history';
import { draftFromPreview, mappingFromDraft, missingRoles, roleOfColumn, type MappingDraft, type MappingRole } from '../mapping-draft';
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
 * Imports a bank export (SPEC §5 batch file, 2 MB): pick or drop the file, check the columns
 * and formats the worker detected on its first rows (fix them if needed), choose the account,
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
    const outcome = await previewCsvInWorker(file, file.name, language);
    if (!outcome.ok) return setStep({ name: 'choose', error: outcome.code });
    setStep({ name: 'mapping', file, preview: outcome.preview, draft: draftFromPreview(outcome.preview, language) });
  };

  const start = async (file: File, preview: CsvPreview, draft: MappingDraft) => {
    const mapping = mappingFromDraft(draft, preview);
    if (!user || !mapping || !accountId) return;
    const controller = new AbortController();
    abort.current = controller;
    setStep({ name: 'importing', file, progress: null, cancelling: false });
    const outcome = await importCsvInWorker(
      { userId: user.id, file, fileName: file.name, companyId, accountKind: 'manual', accountId, language, mapping },
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
              accept=".csv,.txt,text/csv,text/plain"
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
          step={step}
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

      {step.name === 'done' && (
        <ImportSummary code={step.code} result={step.result} rowErrors={step.rowErrors} language={language} onClose={onClose} />
      )}
    </dialog>
  );
}

interface MappingStepProps {
  step: Extract<Step, { name: 'mapping' }>;
  language: Language;
  accountId: string;
  accounts: { id: string; name: string }[];
  cooldownLeft: number;
  onAccount: (id: string) => void;
  onDraft: (draft: MappingDraft) => void;
  onBack: () => void;
  onImport: () => void;
}

/** The preview of the first rows and the mapping and account to import them with. */
function MappingStep({ step, language, accountId, accounts, cooldownLeft, onAccount, onDraft, onBack, onImport }: MappingStepProps) {
  const { t } = useTranslation('bookkeeping');
  const { preview, draft } = step;
  const ids = useId();
  const columns = Array.from({ length: preview.columnCount }, (_, index) => ({ index, label: preview.header?.[index] || t('import.column', { number: index + 1 }) }));
  const missing = missingRoles(draft);
  const roleSelect = (role: Exclude<MappingRole, never>, optional: boolean) => (
    <div className={fieldStyles.field}>
      <label htmlFor={`${ids}-${role}`} className={fieldStyles.label}>
        {t(`import.roles.${role}`)}
      </label>
      <select
        id={`${ids}-${role}`}
        className={fieldStyles.control}
        value={draft[role] ?? ''}
        aria-invalid={missing.includes(role) || undefined}
        onChange={(event) => onDraft({ ...draft, [role]: event.target.value === '' ? null : Number(event.target.value) })}
      >
        <option value="">{optional ? t('import.none') : t('import.choose')}</option>
        {columns.map((column) => (
          <option key={column.index} value={column.index}>
            {column.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <>
      <p className={dialogStyles.description}>
        {t('import.previewLead', { file: step.file.name, rows: formatNumber(preview.totalRows, language, 0) })}
      </p>
      {!preview.detected && <FormAlert>{t('import.results.columnsNotFound')}</FormAlert>}
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('import.previewTable')}>
        <table className={styles.table}>
          <caption className={styles.caption}>{t('import.previewTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('import.line')}</th>
              {columns.map((column) => {
                const role = roleOfColumn(draft, column.index);
                return (
                  <th key={column.index} scope="col">
                    <span>{column.label}</span>
                    {role && <span className={styles.role}>{t(`import.roles.${role}`)}</span>}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {preview.sample.map((row) => (
              <tr key={row.line}>
                <td>{formatNumber(row.line, language, 0)}</td>
                {columns.map((column) => (
                  <td key={column.index}>{row.cells[column.index] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <fieldset className={styles.mapping}>
        <legend className={fieldStyles.label}>{t('import.mappingTitle')}</legend>
        {roleSelect('date', false)}
        {roleSelect('description', false)}
        {roleSelect('merchant', true)}
        <SelectField
          id={`${ids}-kind`}
          label={t('import.amountKind')}
          value={draft.amountKind}
          options={(['signed', 'split'] as const).map((kind) => ({ value: kind, label: t(`import.amountKinds.${kind}`) }))}
          onChange={(amountKind) => onDraft({ ...draft, amountKind })}
        />
        {draft.amountKind === 'signed' ? (
          roleSelect('amount', false)
        ) : (
          <>
            {roleSelect('debit', true)}
            {roleSelect('credit', true)}
          </>
        )}
        <SelectField
          id={`${ids}-dates`}
          label={t('import.dateFormat')}
          value={draft.dateOrder}
          options={(['dmy', 'mdy', 'ymd'] as const).map((order) => ({ value: order, label: t(`import.dateFormats.${order}`) }))}
          hint={preview.dateOrderAssumed ? t('import.dateOrder.assumed') : null}
          onChange={(dateOrder) => onDraft({ ...draft, dateOrder })}
        />
        <SelectField
          id={`${ids}-decimal`}
          label={t('import.numberFormat')}
          value={draft.decimalSeparator}
          options={[
            { value: ',' as const, label: t('import.numberFormats.comma') },
            { value: '.' as const, label: t('import.numberFormats.point') },
          ]}
          hint={preview.decimalAssumed ? t('import.decimalAssumed') : null}
          onChange={(decimalSeparator) => onDraft({ ...draft, decimalSeparator })}
        />
        <SelectField
          id={`${ids}-account`}
          label={t('import.account')}
          value={accountId}
          options={accounts.length === 0 ? [{ value: '', label: t('import.noAccount') }] : accounts.map((account) => ({ value: account.id, label: account.name }))}
          hint={accounts.length === 0 ? t('import.createAccountFirst') : null}
          invalid={!accountId}
          onChange={onAccount}
        />
      </fieldset>
      {missing.length > 0 && <p className={fieldStyles.hint}>{t('import.missing', { roles: missing.map((role) => t(`import.roles.${role}`)).join(', ') })}</p>}
      {cooldownLeft > 0 && (
        <p role="status" className={fieldStyles.hint}>
          {t('import.cooldown', { count: cooldownLeft })}
        </p>
      )}
      <div className={dialogStyles.actions}>
        <Button variant="secondary" onClick={onBack}>
          {t('import.back')}
        </Button>
        <Button onClick={onImport} disabled={missing.length > 0 || !accountId || cooldownLeft > 0}>
          {t('import.start')}
        </Button>
      </div>
    </>
  );
}

interface SelectFieldProps<Value extends string> {
  id: string;
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
  hint?: string | null;
  invalid?: boolean;
}

/** A labelled select of the mapping form, with an optional hint below it. */
function SelectField<Value extends string>({ id, label, value, options, onChange, hint, invalid }: SelectFieldProps<Value>) {
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select id={id} className={fieldStyles.control} value={value} aria-invalid={invalid || undefined} onChange={(event) => onChange(event.target.value as Value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && <p className={fieldStyles.hint}>{hint}</p>}
    </div>
  );
}

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
          ? t('import.results.imported', { imported: number(result.importedCount), duplicates: number(result.duplicateCount), errors: number(result.errorCount) })
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
          {result && result.errorCount > rowErrors.length && <p className={fieldStyles.hint}>{t('import.moreErrors', { count: result.errorCount - rowErrors.length })}</p>}
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
