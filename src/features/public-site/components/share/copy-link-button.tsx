import { useEffect, useState } from 'react';
import { useHydrated } from '@src/lib/use-hydrated';
import { copyText, currentUrl } from './share-link';
import { Icon } from '../icons';
import styles from './share.module.css';

/** A button that copies a link to this page (or to one of its parts) and says so where screen readers hear it. */
export function CopyLinkButton({
  hash,
  label,
  copiedLabel,
  failedLabel,
  compact = false,
}: {
  hash?: string;
  label: string;
  copiedLabel: string;
  failedLabel?: string;
  compact?: boolean;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  // Copying needs the app: a click before hydration would do nothing.
  const hydrated = useHydrated();
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 3000);
    return () => window.clearTimeout(timer);
  }, [state]);

  return (
    <span className={styles.copy}>
      {/* A page without the app wires it itself, from these attributes (share-islands.ts). */}
      <button
        type="button"
        disabled={!hydrated}
        data-island="copy-link"
        data-hash={hash}
        data-copied={copiedLabel}
        data-failed={failedLabel}
        className={compact ? styles.compactButton : styles.button}
        onClick={async () => setState((await copyText(currentUrl(hash))) ? 'copied' : 'failed')}
      >
        <Icon name="link" size={18} />
        {label}
      </button>
      <span role="status" className={styles.copyStatus} data-state={state}>
        {state === 'copied' ? copiedLabel : state === 'failed' ? (failedLabel ?? '') : ''}
      </span>
    </span>
  );
}
