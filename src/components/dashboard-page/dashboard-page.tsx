import type { ReactNode } from 'react';
import styles from './dashboard-page.module.css';

/** A page of the signed-in area: its title (the page's one h1) and lead, then its content, in one column. */
export function DashboardPage({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>{lead}</p>
      </header>
      {children}
    </div>
  );
}
