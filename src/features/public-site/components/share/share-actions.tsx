import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../hooks/use-hydrated';
import { Icon } from '../icons';
import { copyText, currentUrl } from './copy-text';
import styles from './share.module.css';

/**
 * Share (the system share sheet where the browser has one, otherwise the link is copied) and
 * print. The same buttons render everywhere, so pre-rendered HTML and hydration agree.
 */
export function ShareActions({ title }: { title: string }) {
  const { t } = useTranslation('public');
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  // These buttons need the app: disabled until hydrated, so a click before is never silently lost.
  const hydrated = useHydrated();
  useEffect(() => {
    if (status === 'idle') return;
    const timer = window.setTimeout(() => setStatus('idle'), 3000);
    return () => window.clearTimeout(timer);
  }, [status]);

  const share = async () => {
    const url = currentUrl();
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: t('article.shareText'), url });
        return;
      } catch (error) {
        // The person closed the share sheet: nothing to do. Any other failure falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    setStatus((await copyText(url)) ? 'copied' : 'failed');
  };

  return (
    <div className={styles.actions} data-print-hidden="">
      <button type="button" disabled={!hydrated} className={styles.button} onClick={() => void share()}>
        <Icon name="share" size={18} />
        {t('article.share')}
      </button>
      <button
        type="button"
        disabled={!hydrated}
        className={styles.button}
        onClick={async () => setStatus((await copyText(currentUrl())) ? 'copied' : 'failed')}
      >
        <Icon name="link" size={18} />
        {t('article.copyLink')}
      </button>
      <button type="button" disabled={!hydrated} className={styles.button} onClick={() => window.print()}>
        <Icon name="printer" size={18} />
        {t('article.print')}
      </button>
      <span role="status" className={status === 'failed' ? styles.copyFailed : styles.copyStatus}>
        {status === 'copied' ? t('article.linkCopied') : status === 'failed' ? t('article.copyFailed') : ''}
      </span>
    </div>
  );
}
