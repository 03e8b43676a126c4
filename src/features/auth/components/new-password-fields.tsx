import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordSpecials } from '@domain/constants';
import { PasswordField } from '@src/components/form/password-field';
import styles from './new-password-fields.module.css';

const rules = [
  { key: 'length', met: (value: string) => value.length >= 8 },
  { key: 'upper', met: (value: string) => /[A-Z]/.test(value) },
  { key: 'lower', met: (value: string) => /[a-z]/.test(value) },
  { key: 'digit', met: (value: string) => /\d/.test(value) },
  { key: 'special', met: (value: string) => [...passwordSpecials].some((special) => value.includes(special)) },
] as const;

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

interface NewPasswordFieldsProps {
  label: string;
  /** The new password's input and its repetition's: `register(...)`, or a name read from the form. */
  password: InputProps;
  repeat: InputProps;
  /** The new password as typed, for the checklist. */
  value: string | undefined;
  passwordError?: string;
  repeatError?: string;
}

/**
 * A new password (registration, reset, temporary password): the field, SPEC §5's password
 * rules as a live checklist under it (referenced by its aria-describedby), and the repetition.
 */
export function NewPasswordFields({ label, password, repeat, value = '', passwordError, repeatError }: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  const rulesId = useId();
  return (
    <>
      <PasswordField label={label} autoComplete="new-password" describedBy={rulesId} error={passwordError} {...password} />
      <div id={rulesId} className={styles.rules}>
        <p className={styles.heading}>{t('passwordRules.heading')}</p>
        <ul className={styles.list}>
          {rules.map((rule) => {
            const met = rule.met(value);
            return (
              <li key={rule.key} className={met ? styles.met : styles.unmet}>
                <span className={met ? `${styles.mark} check-mark` : styles.mark} aria-hidden="true" />
                {t(`passwordRules.${rule.key}`, { specials: passwordSpecials })}
                <span className="visually-hidden">{met ? t('passwordRules.met') : t('passwordRules.unmet')}</span>
              </li>
            );
          })}
        </ul>
      </div>
      <PasswordField label={t('fields.repeatPassword')} autoComplete="new-password" error={repeatError} {...repeat} />
    </>
  );
}
