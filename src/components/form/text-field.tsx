import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FieldError } from './field-error';
import styles from './field.module.css';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  /** Already translated; its presence marks the field invalid. */
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose hint and error are tied to it (`aria-describedby`, `aria-invalid`). */
export function TextField({ label, error, hint, id, ref, className, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = [hint && `${inputId}-hint`, error && `${inputId}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={`${inputId}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      <input ref={ref} id={inputId} className={styles.control} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      <FieldError id={`${inputId}-error`} error={error} />
    </div>
  );
}
