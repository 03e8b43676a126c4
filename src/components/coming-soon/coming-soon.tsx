import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import eyebrow from '@src/components/eyebrow.module.css';
import { usePageTitle } from '@src/lib/use-page-title';
import styles from './coming-soon.module.css';

interface ComingSoonProps {
  /** The screen's name, translated: it is the page's heading and title. */
  title: string;
  /** What the screen will let the user do, translated. */
  description?: string;
  /** Where to go meanwhile. */
  actions?: ReactNode;
}

/** The one notice shown by screens that a later release builds, inside the real chrome. */
export function ComingSoon({ title, description, actions }: ComingSoonProps) {
  const { t } = useTranslation('common');
  usePageTitle(title);
  return (
    <section className={styles.panel} aria-labelledby="coming-soon-title">
      <div className={styles.art} aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <p className={eyebrow.eyebrow}>{t('comingSoon.eyebrow')}</p>
      <h1 id="coming-soon-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.text}>{description ?? t('comingSoon.text')}</p>
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
