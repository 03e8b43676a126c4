import type { ReactNode } from 'react';
import styles from './page.module.css';

/** The top of a public page: an eyebrow, its one <h1>, a lead paragraph and anything below it. */
export function PageHeader({ eyebrow, title, lead, children }: { eyebrow?: ReactNode; title: ReactNode; lead?: ReactNode; children?: ReactNode }) {
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.title}>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {children}
      </div>
    </header>
  );
}
