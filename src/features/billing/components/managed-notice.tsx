import { useTranslation } from 'react-i18next';
import type { User } from '@domain/account';
import styles from './billing.module.css';

/** SPEC §6 managed user: an admin acting as the user sees their billing, and that only the customer changes it. */
export function ManagedNotice({ user }: { user: User }) {
  const { t } = useTranslation('billing');
  return (
    <p className={styles.notice} role="note">
      {t('managed', { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email })}
    </p>
  );
}
