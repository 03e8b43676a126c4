import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { defaultLanguage, redirectCountdownSeconds } from '@domain/constants';
import { formatDuration } from '@src/i18n/format';
import { areaHome, areaOf, languageOfPath, type Area } from '@src/lib/paths';
import { useCountdown } from '@src/lib/use-countdown';
import { useOnlineStatus } from '@src/lib/use-online-status';
import { usePageTitle } from '@src/lib/use-page-title';
import styles from './route-error.module.css';

/**
 * SPEC §2: a route error shows a message with a 3-second countdown, then a full page load of
 * the area's home (a fresh start also picks up a new deployment's chunks). A screen that
 * failed because the device is offline (its code is not cached yet) is not an error to leave:
 * the offline state shows in place, and the same page loads again once back online (a full
 * load, because the router keeps a failed lazy module for good).
 */
export function RouteError({ area }: { area?: Area }) {
  // A failure on another page is judged afresh.
  return <RouteFailure key={useLocation().key} area={area} />;
}

function RouteFailure({ area }: { area?: Area | undefined }) {
  const online = useOnlineStatus();
  // Decided when the page failed: coming back online retries it, never starts the countdown.
  const [failedOffline] = useState(() => !navigator.onLine);
  return failedOffline ? <OfflineScreen online={online} /> : <ErrorCountdown area={area} />;
}

function OfflineScreen({ online }: { online: boolean }) {
  const { t } = useTranslation('common');
  usePageTitle(t('routeError.offlineTitle'));
  useEffect(() => {
    if (online) window.location.reload();
  }, [online]);
  return (
    <section className={styles.panel} aria-labelledby="route-error-title">
      <span className={[styles.icon, styles.offlineIcon].join(' ')} aria-hidden="true" />
      <div role="status">
        <h1 id="route-error-title" className={styles.title}>
          {t('routeError.offlineTitle')}
        </h1>
        <p className={styles.text}>{t('routeError.offlineText')}</p>
      </div>
    </section>
  );
}

function ErrorCountdown({ area }: { area?: Area | undefined }) {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const language = languageOfPath(pathname) ?? defaultLanguage;
  const home = areaHome(area ?? areaOf(pathname), language);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const go = useCallback(() => window.location.assign(home), [home]);
  const seconds = useCountdown(redirectCountdownSeconds, go);
  usePageTitle(t(notFound ? 'routeError.notFoundTitle' : 'routeError.title'));

  return (
    <section className={styles.panel} aria-labelledby="route-error-title">
      <span className={styles.icon} aria-hidden="true" />
      {/* Announced once; the countdown below ticks silently. */}
      <div role="alert">
        <h1 id="route-error-title" className={styles.title}>
          {t(notFound ? 'routeError.notFoundTitle' : 'routeError.title')}
        </h1>
      </div>
      <p className={styles.text}>{t('routeError.redirecting', { time: formatDuration(seconds, language) })}</p>
      <a className={styles.link} href={home}>
        {t('routeError.goNow')}
      </a>
    </section>
  );
}
