import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import { Button } from '@src/components/button';
import dialogStyles from '@src/components/dialog/dialog.module.css';
import { FormAlert } from '@src/components/form/form-alert';
import fieldStyles from '@src/components/form/field.module.css';
import { SelectField } from '@src/components/form/select-field';
import { formatNumber } from '@src/i18n/format';
import type { CsvPreview } from '@workers/import-csv/survey';
import { missingRoles, roleOfColumn, type MappingDraft, type MappingRole } from '../mapping-draft';
import styles from './import-dialog.module.css';

interface MappingStepProps {
  fileName: string;
  preview: CsvPreview;
  draft: MappingDraft;
  language: Language;
  accountId: string;
  accounts: { id: string; name: string }[];
  cooldownLeft: number;
  onAccount: (id: string) => void;
  onDraft: (draft: MappingDraft) => void;
  onBack: () => void;
  onImport: () => void;
}

/** What each column of a structured file's rows holds (see `statementColumns`). */
const statementRoles = ['date', 'description', 'amount', 'reference'] as const;

/**
 * The preview of the first rows and the account to import them into, with, for a CSV, the
 * mapping to read them with. A structured file (OFX, QIF, CAMT.053) names its own fields:
 * its rows are shown as read, with nothing to map but, when its dates could be read either
 * way, their day-month order.
 */
export function MappingStep({ fileName, preview, draft, language, accountId, accounts, cooldownLeft, onAccount, onDraft, onBack, onImport }: MappingStepProps) {
  const { t } = useTranslation('bookkeeping');
  const ids = useId();
  const structured = preview.format !== 'csv';
  const columns = Array.from({ length: preview.columnCount }, (_, index) => ({
    index,
    label: structured ? t(`import.roles.${statementRoles[index]!}`) : preview.header?.[index] || t('import.column', { number: index + 1 }),
  }));
  const missing = missingRoles(draft);
  const columnOptions = columns.map((column) => ({ value: String(column.index), label: column.label }));
  const roleSelect = (role: MappingRole, optional: boolean) => (
    <SelectField
      id={`${ids}-${role}`}
      label={t(`import.roles.${role}`)}
      placeholder={optional ? t('import.none') : t('import.choose')}
      options={columnOptions}
      value={draft[role] ?? ''}
      invalid={missing.includes(role)}
      onChange={(event) => onDraft({ ...draft, [role]: event.target.value === '' ? null : Number(event.target.value) })}
    />
  );

  const dateSelect = (
    <SelectField
      id={`${ids}-dates`}
      label={t('import.dateFormat')}
      value={draft.dateOrder}
      options={(['dmy', 'mdy', 'ymd'] as const).map((order) => ({ value: order, label: t(`import.dateFormats.${order}`) }))}
      hint={preview.dateOrderAssumed ? t('import.dateOrder.assumed') : null}
      onChange={(event) => onDraft({ ...draft, dateOrder: event.target.value as MappingDraft['dateOrder'] })}
    />
  );

  const accountSelect = (
    <SelectField
      id={`${ids}-account`}
      label={t('import.account')}
      value={accountId}
      options={accounts.length === 0 ? [{ value: '', label: t('import.noAccount') }] : accounts.map((account) => ({ value: account.id, label: account.name }))}
      hint={accounts.length === 0 ? t('import.createAccountFirst') : null}
      invalid={!accountId}
      onChange={(event) => onAccount(event.target.value)}
    />
  );

  return (
    <>
      <p className={dialogStyles.description}>
        {structured
          ? t('import.previewLeadStatement', {
              file: fileName,
              format: t(`import.formats.${preview.format}`),
              rows: formatNumber(preview.totalRows, language, 0),
            })
          : t('import.previewLead', { file: fileName, rows: formatNumber(preview.totalRows, language, 0) })}
      </p>
      {!preview.detected && <FormAlert>{t('import.results.columnsNotFound')}</FormAlert>}
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('import.previewTable')}>
        <table className={styles.table}>
          <caption className={styles.caption}>{t('import.previewTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('import.line')}</th>
              {columns.map((column) => {
                const role = structured ? null : roleOfColumn(draft, column.index);
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

      {structured ? (
        <div className={styles.mapping}>
          {/* A bank file whose dates could be read either way (a QIF's 03/04/24): the person says which. */}
          {preview.dateOrderAssumed && dateSelect}
          {accountSelect}
        </div>
      ) : (
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
            onChange={(event) => onDraft({ ...draft, amountKind: event.target.value as MappingDraft['amountKind'] })}
          />
          {draft.amountKind === 'signed' ? (
            roleSelect('amount', false)
          ) : (
            <>
              {roleSelect('debit', true)}
              {roleSelect('credit', true)}
            </>
          )}
          {dateSelect}
          <SelectField
            id={`${ids}-decimal`}
            label={t('import.numberFormat')}
            value={draft.decimalSeparator}
            options={[
              { value: ',', label: t('import.numberFormats.comma') },
              { value: '.', label: t('import.numberFormats.point') },
            ]}
            hint={preview.decimalAssumed ? t('import.decimalAssumed') : null}
            onChange={(event) => onDraft({ ...draft, decimalSeparator: event.target.value as MappingDraft['decimalSeparator'] })}
          />
          {accountSelect}
        </fieldset>
      )}
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
