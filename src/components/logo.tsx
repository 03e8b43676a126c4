import styles from './logo.module.css';

/** Alta's mark and wordmark; the mark alone is decorative, the name is the accessible text. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className={[styles.logo, inverted && styles.inverted].filter(Boolean).join(' ')}>
      <svg className={styles.mark} viewBox="0 0 512 512" aria-hidden="true" focusable="false">
        <rect width="512" height="512" rx="112" fill="#0f3d3e" />
        <path d="M256 104 412 392h-76l-80-152-80 152h-76z" fill="#f4f1ea" />
        <path d="M256 272l36 68h-72z" fill="#e7b94c" />
      </svg>
      <span className={styles.word}>Alta</span>
    </span>
  );
}
