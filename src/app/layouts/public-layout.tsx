import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { SideDrawer } from '@src/components/drawer/side-drawer';
import { Logo } from '@src/components/logo';
import { LogoutDialog } from '@src/features/session/components/logout-dialog';
import { useActingAs, useSignedIn } from '@src/features/session/use-signed-in';
import { DrawerNav } from '../chrome/drawer-nav';
import { LanguageSelector } from '../chrome/language-selector';
import { NavigationProgress } from '../chrome/navigation-progress';
import { PageHydratedMarker } from '../chrome/page-hydration';
import { PageSpinner } from '../chrome/page-spinner';
import { PublicTopBar } from '../chrome/public-top-bar';
import { SiteFooter } from '../chrome/site-footer';
import { SkipLink } from '../chrome/skip-link';
import styles from './layout.module.css';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

// Loaded only while an admin acts as a user: visitors never download it.
const ImpersonationBanner = lazy(() =>
  import('@src/features/admin/components/impersonation-banner').then((module) => ({ default: module.ImpersonationBanner })),
);

/**
 * The chrome of public and guest-only pages: top bar, side drawer (items for the signed-in
 * role, known from the cheap hint), the page, and the footer. No Dexie, no API. While an
 * admin acts as a user, the "acting as" banner too (decision 033), from the same kind of hint.
 */
export function PublicLayout() {
  const { t } = useTranslation('common');
  const role = useSignedIn();
  const acting = useActingAs();
  const language = useLanguage();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const drawerId = useId();

  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className={styles.shell}>
      <SkipLink />
      <NavigationProgress />
      {acting && (
        <Suspense fallback={null}>
          <ImpersonationBanner acting={acting} language={language} />
        </Suspense>
      )}
      <PublicTopBar menuOpen={menuOpen} drawerId={drawerId} onOpenMenu={() => setMenuOpen(true)} />
      <SideDrawer id={drawerId} open={menuOpen} onClose={() => setMenuOpen(false)} label={t('drawer.label')} header={<Logo />}>
        <DrawerNav role={role ?? 'guest'} onLogout={() => setLogoutOpen(true)} />
        <div className={styles.drawerLanguages}>
          <LanguageSelector />
        </div>
      </SideDrawer>
      <main id="main" tabIndex={-1} className={styles.publicMain}>
        <Suspense fallback={<PageSpinner />}>
          <PageHydratedMarker />
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />
    </div>
  );
}
