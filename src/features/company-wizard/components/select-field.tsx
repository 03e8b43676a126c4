import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { FieldError } from '@src/components/form/field-error';
import styles from '@src/components/form/field.module.css';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** The empty first choice ("Choose…"), so nothing is picked for the visitor. */
  placeholder: string;
  /** Already translated; its presence marks the field invalid. */
  error?: string;
  hint?: ReactNode;
  /** How the missing-fields popup names this field when its label alone is ambiguous (a partner's city). */
  missingLabel?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select (keyboard and screen readers for free) with its hint and error tied to it. */
export function SelectField({ label, options, placeholder, error, hint, missingLabel, id, ref, className, ...select }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const describedBy = [hint && `${selectId}-hint`, error && `${selectId}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={selectId} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={`${selectId}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      <select
        ref={ref}
        id={selectId}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-missing-label={missingLabel}
        data-missing-message={error}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${selectId}-error`} error={error} />
    </div>
  );
}
