import { useTranslation } from 'react-i18next';
import { passwordSpecials } from '@domain/account';
import styles from './password-rules.module.css';

const rules = [
  { key: 'length', met: (value: string) => value.length >= 8 },
  { key: 'upper', met: (value: string) => /[A-Z]/.test(value) },
  { key: 'lower', met: (value: string) => /[a-z]/.test(value) },
  { key: 'digit', met: (value: string) => /\d/.test(value) },
  { key: 'special', met: (value: string) => [...passwordSpecials].some((special) => value.includes(special)) },
] as const;

/** SPEC §5's password rules as a live checklist under the field (referenced by its aria-describedby). */
export function PasswordRules({ id, value }: { id: string; value: string }) {
  const { t } = useTranslation('auth');
  return (
    <div id={id} className={styles.rules}>
      <p className={styles.heading}>{t('passwordRules.heading')}</p>
      <ul className={styles.list}>
        {rules.map((rule) => {
          const met = rule.met(value);
          return (
            <li key={rule.key} className={met ? styles.met : styles.unmet}>
              <span className={styles.mark} aria-hidden="true" />
              {t(`passwordRules.${rule.key}`, { specials: passwordSpecials })}
              <span className="visually-hidden">{met ? t('passwordRules.met') : t('passwordRules.unmet')}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
