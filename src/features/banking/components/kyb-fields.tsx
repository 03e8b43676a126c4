import { useState, type InputHTMLAttributes } from 'react';
import type { Control, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import { acceptOf } from '@domain/file-rules';
import type { KybFile } from '@domain/kyb';
import fieldStyles from '@src/components/form/field.module.css';
import layout from '@src/components/form/form-layout.module.css';
import { SelectField } from '@src/components/form/select-field';
import { TextField } from '@src/components/form/text-field';
import { CountrySelect } from '@src/features/company-wizard/components/country-select';
import { errorMessage } from '@src/lib/error-message';
import { uploadKybDocument } from '../api/banking-api';

/** The KYB form's fields over the wizard's react-hook-form values: a value at a dotted path, text, choices, country, address and a document upload. */

export type Values = Record<string, unknown>;

/** The value at a dotted path (`owners.0.firstName`) of plain form data. */
export function valueAt(values: Values, path: string): unknown {
  return path.split('.').reduce<unknown>((current, key) => (current !== null && typeof current === 'object' ? (current as Values)[key] : undefined), values);
}

export interface StepProps {
  values: Values;
  change(path: string, value: unknown): void;
  error(path: string): string | undefined;
  /** The wizard's form, for the owners' field array. */
  control: Control<FieldValues>;
  language: Language;
  companyId: string;
}

export function Text({
  path,
  label,
  values,
  change,
  error,
  ...input
}: StepProps & { path: string; label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const value = valueAt(values, path);
  return (
    <TextField
      label={label}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => change(path, event.target.value)}
      error={error(path)}
      {...input}
    />
  );
}

export function Choice({
  path,
  label,
  options,
  values,
  change,
  error,
}: StepProps & { path: string; label: string; options: { value: string; label: string }[] }) {
  const { t } = useTranslation('kyb');
  const value = valueAt(values, path);
  return (
    <SelectField
      label={label}
      placeholder={t('choose')}
      options={options}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => change(path, event.target.value)}
      error={error(path)}
    />
  );
}

export function Country({ path, label, ...props }: StepProps & { path: string; label: string }) {
  const { t } = useTranslation('kyb');
  const value = valueAt(props.values, path);
  return (
    <CountrySelect
      language={props.language}
      label={label}
      placeholder={t('choose')}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => props.change(path, event.target.value)}
      error={props.error(path)}
    />
  );
}

export function Address({ prefix, ...props }: StepProps & { prefix: string }) {
  const { t } = useTranslation('kyb');
  return (
    <>
      <Text {...props} path={`${prefix}.addressLine1`} label={t('fields.addressLine1')} maxLength={35} />
      <Text {...props} path={`${prefix}.addressLine2`} label={t('fields.addressLine2')} maxLength={35} />
      <div className={layout.row}>
        <Text {...props} path={`${prefix}.city`} label={t('fields.city')} />
        <Text {...props} path={`${prefix}.state`} label={t('fields.state')} />
      </div>
      <div className={layout.row}>
        <Country {...props} path={`${prefix}.country`} label={t('fields.country')} />
        <Text {...props} path={`${prefix}.zip`} label={t('fields.zip')} />
      </div>
    </>
  );
}

/** One document: chosen, uploaded and checked at once (online), then kept in the form by its stored key. */
export function FileField({ path, label, values, change, error, companyId }: StepProps & { path: string; label: string }) {
  const { t } = useTranslation(['kyb', 'errors']);
  const file = valueAt(values, path) as KybFile | undefined;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const id = `kyb-file-${path.replace(/\./g, '-')}`;
  const shown = failure ?? error(path);
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={acceptOf('kybDocument')}
        disabled={busy}
        aria-invalid={shown ? true : undefined}
        aria-describedby={[`${id}-status`, shown && `${id}-error`].filter(Boolean).join(' ')}
        onChange={async (event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (!chosen) return;
          setBusy(true);
          setFailure(null);
          try {
            change(path, await uploadKybDocument(companyId, chosen));
          } catch (caught) {
            setFailure(t(errorMessage(caught).key));
          } finally {
            setBusy(false);
          }
        }}
      />
      <p id={`${id}-status`} className={fieldStyles.hint} aria-live="polite">
        {busy ? t('kyb:documents.uploading') : file?.name ? t('kyb:documents.uploaded', { name: file.name }) : t('kyb:documents.types.hint')}
      </p>
      {shown && (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {shown}
        </p>
      )}
    </div>
  );
}
