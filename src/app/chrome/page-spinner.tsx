import { useTranslation } from 'react-i18next';
import styles from './page-spinner.module.css';

/** Shown while a page's translations or data are still on their way. */
export function PageSpinner() {
  const { t } = useTranslation('common');
  return (
    <div className={styles.wrap} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
