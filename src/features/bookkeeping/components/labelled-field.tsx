import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { categories } from '@domain/bookkeeping';

/**
 * A label and its control tied by id. A label wrapping a select would add the selected
 * option's text to the control's accessible name ("Category All categories").
 */
export function Field({ label, className, labelClassName, children }: { label: string; className: string | undefined; labelClassName?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  label: string;
  className: string | undefined;
  labelClassName?: string;
  selectClassName?: string;
  name?: string;
  disabled?: boolean;
  value: string;
  options: readonly SelectOption[];
  onChange(value: string): void;
}

/** A labelled select of the bookkeeping screens (filters, the new-transaction form, the detail). */
export function SelectField({ label, className, labelClassName, selectClassName, name, disabled, value, options, onChange }: SelectFieldProps) {
  return (
    <Field label={label} className={className} {...(labelClassName ? { labelClassName } : {})}>
      {(id) => (
        <select id={id} name={name} className={selectClassName} disabled={disabled} value={value} onChange={(event) => onChange(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The categories as options, in the person's language (translated once per language). */
export function useCategoryOptions(): SelectOption[] {
  const { t } = useTranslation('bookkeeping');
  return useMemo(() => categories.map((category) => ({ value: category.key, label: t(`categories.${category.key}`) })), [t]);
}

/** Accounts as options. */
export const accountOptions = (accounts: readonly { id: string; name: string }[]): SelectOption[] => accounts.map((account) => ({ value: account.id, label: account.name }));
