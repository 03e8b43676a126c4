import { memo, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import type { SyncEngine, SyncStatus } from '@sync/client/engine';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Button, ButtonLink } from '@src/components/button';
import { loginPath } from '@src/lib/paths';
import { useSyncStatus } from '../hooks/use-sync-status';
import { summarizeSync, syncText } from '../sync-summary';
import styles from './sync-indicator.module.css';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

/**
 * The sync indicator of the signed-in chrome: a compact state (saved, saving, N waiting,
 * offline, can't reach Alta, refused, sign in again) that opens a panel with the details —
 * connection, pending changes, last sync, the last failure and the next attempt, "retry now",
 * and the changes Alta refused with their reasons. What both say comes from one decision
 * (`summarizeSync`). On narrow screens the button is a bare dot with the state as its
 * accessible name and a full tap target. Nothing for a guest.
 */
export function SyncIndicator() {
  const { status, engine } = useSyncStatus();
  // Drawn after the change that moved it: an edit in the list is painted in its own frame, and
  // the indicator's "1 waiting" (ten translations) follows in the next.
  const shown = useDeferredValue(status);
  return shown && engine ? <SyncIndicatorPanel status={shown} engine={engine} /> : null;
}

const SyncIndicatorPanel = memo(function SyncIndicatorPanel({ status, engine }: { status: SyncStatus; engine: SyncEngine }) {
  const { t, ready } = useTranslation('sync', { useSuspense: false });
  const language = useLanguage();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (!ready) return null;
  const summary = summarizeSync(status);
  const say = (text: Parameters<typeof syncText>[1]) => syncText((key, values) => t(key, values), text, language);
  const stateText = say(summary.badge);
  const changeName = (name: string) => t([`mutations.${name}`, 'mutations.other']);

  return (
    <div className={styles.root} ref={root}>
      <button
        type="button"
        className={styles.trigger}
        data-tone={summary.badge.tone}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('indicator.label', { state: stateText })}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.dot} aria-hidden="true" />
        <span className={styles.text} role="status">
          {stateText}
        </span>
      </button>
      <section id={panelId} className={styles.panel} hidden={!open} aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.title}>
          {t('panel.title')}
        </h2>
        {summary.lines.map((line) =>
          line.style === 'alert' ? (
            <div key={line.key} className={styles.alert} role={summary.action ? 'alert' : undefined}>
              <p>{say(line)}</p>
              {summary.action === 'signIn' && (
                <ButtonLink to={loginPath(language, pathname + search)} size="small">
                  {t('panel.signIn')}
                </ButtonLink>
              )}
              {summary.action === 'reload' && (
                <Button size="small" onClick={() => window.location.reload()}>
                  {t('panel.reload')}
                </Button>
              )}
            </div>
          ) : (
            <p key={line.key} className={line.style === 'muted' ? styles.muted : undefined}>
              {say(line)}
            </p>
          ),
        )}
        {summary.canRetry && (
          <Button size="small" variant="secondary" onClick={() => engine.retryNow()}>
            {t('panel.retryNow')}
          </Button>
        )}

        {status.rejections.length > 0 && (
          <div className={styles.rejections}>
            <h3 className={styles.subtitle}>{t('panel.rejectedTitle')}</h3>
            <p className={styles.muted}>{t('panel.rejectedHelp')}</p>
            <ul className={styles.list}>
              {status.rejections.map((rejection) => (
                <li key={rejection.seq} className={styles.item}>
                  <span>{t('panel.rejectedItem', { change: changeName(rejection.name), reason: t(`rejections.${rejection.code}`) })}</span>
                  <Button
                    size="small"
                    variant="ghost"
                    aria-label={t('panel.dismissLabel', { change: changeName(rejection.name) })}
                    onClick={() => void engine.dismissRejection(rejection.seq!)}
                  >
                    {t('panel.dismiss')}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </div>
  );
});
