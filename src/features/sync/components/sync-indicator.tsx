import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '@domain/constants';
import type { SyncStatus } from '@sync/client/engine';
import { Button, ButtonLink } from '@src/components/button';
import { formatDateTime } from '@src/i18n/format';
import { loginPath } from '@src/lib/paths';
import { useSyncStatus } from '../hooks/use-sync-status';
import styles from './sync-indicator.module.css';

type Tone = 'ok' | 'busy' | 'warn' | 'error';

/** The one-word state on the button, and its colour. */
function summary(status: SyncStatus): { key: string; count?: number; tone: Tone } {
  if (status.phase === 'unauthorized') return { key: 'indicator.unauthorized', tone: 'error' };
  if (status.phase === 'outdated') return { key: 'indicator.outdated', tone: 'error' };
  if (status.rejections.length > 0) return { key: 'indicator.rejected', count: status.rejections.length, tone: 'error' };
  if (!status.online || status.phase === 'offline') return { key: 'indicator.offline', tone: 'warn' };
  if (status.phase === 'retrying') return { key: 'indicator.retrying', tone: 'warn' };
  if (status.phase === 'syncing') return { key: 'indicator.syncing', tone: 'busy' };
  if (status.pendingCount > 0) return { key: 'indicator.pending', count: status.pendingCount, tone: 'busy' };
  return { key: 'indicator.synced', tone: 'ok' };
}

/**
 * The sync indicator of the signed-in chrome: a compact state (saved, saving, N waiting,
 * offline, refused, sign in again) that opens a panel with the details — connection, pending
 * changes, last sync, the last failure and "retry now", and the changes Alta refused with
 * their reasons. Nothing for a guest.
 */
export function SyncIndicator() {
  const { t, ready } = useTranslation('sync', { useSuspense: false });
  const { lang } = useParams();
  const language = isLanguage(lang) ? lang : defaultLanguage;
  const { pathname, search } = useLocation();
  const { status, engine } = useSyncStatus();
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

  if (!status || !engine || !ready) return null;
  const state = summary(status);
  const stateText = t(state.key, { count: state.count });
  const changeName = (name: string) => t([`mutations.${name}`, 'mutations.other']);

  return (
    <div className={styles.root} ref={root}>
      <button
        type="button"
        className={styles.trigger}
        data-tone={state.tone}
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
        <p>{status.online ? t('panel.online') : t('panel.offline')}</p>
        <p>{status.pendingCount > 0 ? t('panel.pending', { count: status.pendingCount }) : t('panel.pendingNone')}</p>
        <p className={styles.muted}>
          {status.lastSyncedAt ? t('panel.lastSynced', { time: formatDateTime(status.lastSyncedAt, language) }) : t('panel.neverSynced')}
        </p>
        {!status.leader && status.pendingCount > 0 && <p className={styles.muted}>{t('panel.otherTab')}</p>}

        {status.phase === 'unauthorized' && (
          <div className={styles.alert} role="alert">
            <p>{t('panel.unauthorized')}</p>
            <ButtonLink to={loginPath(language, pathname + search)} size="small">
              {t('panel.signIn')}
            </ButtonLink>
          </div>
        )}
        {status.phase === 'outdated' && (
          <div className={styles.alert} role="alert">
            <p>{t('panel.outdated')}</p>
            <Button size="small" onClick={() => window.location.reload()}>
              {t('panel.reload')}
            </Button>
          </div>
        )}
        {status.phase === 'retrying' && (
          <div className={styles.alert}>
            <p>{t('panel.failure')}</p>
            {status.nextRetryAt && <p className={styles.muted}>{t('panel.retryAt', { time: formatDateTime(status.nextRetryAt, language) })}</p>}
          </div>
        )}
        {status.phase !== 'unauthorized' && status.phase !== 'outdated' && (status.pendingCount > 0 || status.phase === 'retrying') && (
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
}
