import { useTranslation } from 'react-i18next';
import styles from './skip-link.module.css';

/** The first tab stop: jumps past the chrome to the page's content. */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a href="#main" className={styles.skip}>
      {t('skipToContent')}
    </a>
  );
}
