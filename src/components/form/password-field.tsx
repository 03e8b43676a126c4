import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from './field-error';
import styles from './field.module.css';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string;
  /** Extra description (the password rules), announced with the field. */
  describedBy?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A password input with a show/hide toggle that keeps the caret and the field's label. */
export function PasswordField({ label, error, describedBy, id, ref, ...input }: PasswordFieldProps) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  const generated = useId();
  const inputId = id ?? generated;
  const described = [describedBy, error && `${inputId}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={styles.withToggle}>
        <input
          ref={ref}
          id={inputId}
          type={visible ? 'text' : 'password'}
          className={styles.control}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          autoCapitalize="off"
          spellCheck={false}
          {...input}
        />
        <button type="button" className={styles.toggle} aria-controls={inputId} aria-pressed={visible} onClick={() => setVisible((shown) => !shown)}>
          {visible ? t('password.hide') : t('password.show')}
        </button>
      </div>
      <FieldError id={`${inputId}-error`} error={error} />
    </div>
  );
}
