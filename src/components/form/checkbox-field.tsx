import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FieldError } from './field-error';
import styles from './field.module.css';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ label, error, id, ref, ...input }: CheckboxFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={styles.checkbox}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        {...input}
      />
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <FieldError id={`${inputId}-error`} error={error} />
    </div>
  );
}
