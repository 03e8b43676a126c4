import type { ReactNode } from 'react';
import styles from './page.module.css';

/** The root of a public page: full width, under the top bar and above the footer. */
export function PublicPage({ children }: { children: ReactNode }) {
  return <div className={styles.bleed}>{children}</div>;
}
