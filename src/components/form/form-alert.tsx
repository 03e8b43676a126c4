import type { ReactNode } from 'react';
import styles from './field.module.css';

/** A message about the whole form, announced as soon as it appears. */
export function FormAlert({ tone = 'error', children }: { tone?: 'error' | 'success'; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={[styles.alert, tone === 'error' ? styles.alertError : styles.alertSuccess].join(' ')}>
      <div>{children}</div>
    </div>
  );
}
