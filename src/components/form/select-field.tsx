import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { FieldError } from './field-error';
import styles from './field.module.css';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** The empty first choice ("Choose…"), so nothing is picked for the visitor; absent when an option is always picked. */
  placeholder?: string;
  /** Already translated; its presence marks the field invalid. */
  error?: string;
  /** Marks the field invalid when the message is shown elsewhere (the import mapping's missing columns). */
  invalid?: boolean;
  hint?: ReactNode;
  /** How the missing-fields popup names this field when its label alone is ambiguous (a partner's city). */
  missingLabel?: string;
  /**
   * The classes of a screen with its own look (the bookkeeping's dense filters and detail),
   * in place of the form's; `className` is then unused.
   */
  look?: { field: string | undefined; label?: string | undefined; control?: string | undefined };
  ref?: Ref<HTMLSelectElement>;
}

/**
 * The app's one labelled select: native (keyboard and screen readers for free), with its hint
 * and error tied to it. Works controlled (`value` and `onChange`) and with react-hook-form's
 * `register`. The label is not wrapped around the select, which would add the selected
 * option's text to the control's accessible name ("Category All categories").
 */
export function SelectField({ label, options, placeholder, error, invalid, hint, missingLabel, look, id, ref, className, ...select }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const describedBy = [hint && `${selectId}-hint`, error && `${selectId}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={look ? look.field : [styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={selectId} className={look ? look.label : styles.label}>
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
        className={look ? look.control : styles.control}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedBy}
        data-missing-label={missingLabel}
        data-missing-message={error}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
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
