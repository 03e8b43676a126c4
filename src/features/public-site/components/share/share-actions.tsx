import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '@src/lib/use-hydrated';
import { Icon } from '../icons';
import { copyText, currentUrl, shareOrCopy } from './share-link';
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
    const result = await shareOrCopy({ title, text: t('article.shareText'), url: currentUrl() });
    if (result === 'copied' || result === 'failed') setStatus(result);
  };
  // What a page without the app needs to do the same (share-islands.ts).
  const said = { 'data-copied': t('article.linkCopied'), 'data-failed': t('article.copyFailed') };

  return (
    <div className={styles.actions} data-print-hidden="">
      <button
        type="button"
        disabled={!hydrated}
        className={styles.button}
        onClick={() => void share()}
        data-island="share"
        data-title={title}
        data-text={t('article.shareText')}
        {...said}
      >
        <Icon name="share" size={18} />
        {t('article.share')}
      </button>
      <button
        type="button"
        disabled={!hydrated}
        className={styles.button}
        onClick={async () => setStatus((await copyText(currentUrl())) ? 'copied' : 'failed')}
        data-island="copy-link"
        {...said}
      >
        <Icon name="link" size={18} />
        {t('article.copyLink')}
      </button>
      <button type="button" disabled={!hydrated} className={styles.button} onClick={() => window.print()} data-island="print">
        <Icon name="printer" size={18} />
        {t('article.print')}
      </button>
      <span role="status" className={styles.copyStatus} data-state={status}>
        {status === 'copied' ? t('article.linkCopied') : status === 'failed' ? t('article.copyFailed') : ''}
      </span>
    </div>
  );
}
