import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '@src/components/button';
import { useOnlineStatus } from '@src/lib/use-online-status';
import styles from './pwa-status.module.css';
import { warmWhenControlled } from './warm-cache';

/**
 * The installed app's state, on every page: a banner while offline (the precached shell keeps
 * working), and "new version available — reload" once a new deployment's service worker is
 * waiting. Reloading activates it; "later" keeps the current version until the next visit.
 * Once registered, the chunks the precache left out are warmed in the background.
 */
export function PwaStatus() {
  const { t } = useTranslation('common');
  const online = useOnlineStatus();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ onRegisteredSW: warmWhenControlled });

  return (
    <>
      {!online && (
        <p className={styles.offline} role="status">
          <span className={styles.dot} aria-hidden="true" />
          {t('pwa.offline')}
        </p>
      )}
      {needRefresh && (
        <div className={styles.update} role="alert">
          <p>{t('pwa.updateAvailable')}</p>
          <div className={styles.actions}>
            <Button variant="secondary" size="small" onClick={() => setNeedRefresh(false)}>
              {t('pwa.later')}
            </Button>
            <Button size="small" onClick={() => void updateServiceWorker(true)}>
              {t('pwa.reload')}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
