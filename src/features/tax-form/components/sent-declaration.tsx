import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './tax-form.module.css';

/** The year's declaration once sent: read-only, with what the caller adds (the return to download). */
export function SentDeclaration({ body, children }: { body: string; children?: ReactNode }) {
  const { t } = useTranslation('taxForm');
  return (
    <section className={styles.wizard} aria-labelledby="tax-form-sent">
      <h2 id="tax-form-sent" className={styles.stepTitle}>
        {t('success.title')}
      </h2>
      <p>{body}</p>
      <p>{t('success.readOnly')}</p>
      {children}
    </section>
  );
}
