import type { ReactNode } from 'react';
import eyebrowStyles from '../eyebrow.module.css';
import styles from './dashboard-page.module.css';

interface DashboardPageProps {
  /** The page's one h1. */
  title: string;
  lead?: ReactNode;
  /** A short line above the title (the company's type, its name on a sub-page). */
  eyebrow?: ReactNode;
  /** Shown under the lead (an offline copy's date). */
  notice?: ReactNode;
  children: ReactNode;
}

/** A page of the signed-in area: its eyebrow, title and lead, then its content, in one column. */
export function DashboardPage({ title, lead, eyebrow, notice, children }: DashboardPageProps) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {eyebrow && <p className={eyebrowStyles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.title}>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {notice}
      </header>
      {children}
    </div>
  );
}
