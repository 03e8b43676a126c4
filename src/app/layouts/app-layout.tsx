import { type ComponentType, lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { SideDrawer } from '@src/components/drawer/side-drawer';
import { getPublicConfig } from '@src/features/config/api/config-api';
import { LostCompanyNotices } from '@src/features/dashboard/components/lost-company-notices';
import { useCryptoOnly } from '@src/features/dashboard/hooks/use-crypto-only';
import { Logo } from '@src/components/logo';
import { LogoutDialog } from '@src/features/session/components/logout-dialog';
import { useCurrentUser } from '@src/features/session/session-store';
import { actingAsOf } from '@src/features/session/signed-in-flag';
import { SyncIndicator } from '@src/features/sync/components/sync-indicator';
import { href, paths } from '@src/lib/paths';
import { QueryProvider } from '@src/lib/query/query-provider';
import { useOnlineStatus } from '@src/lib/use-online-status';
import { DrawerNav } from '../chrome/drawer-nav';
import { LanguageSelector } from '../chrome/language-selector';
import { MenuButton } from '../chrome/menu-button';
import { NavigationProgress } from '../chrome/navigation-progress';
import { PageSpinner } from '../chrome/page-spinner';
import { SkipLink } from '../chrome/skip-link';
import topBar from '../chrome/top-bar.module.css';
import styles from './layout.module.css';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

// Loaded only while an admin acts as a user, as in the public layout: customers never download it.
const ImpersonationBanner = lazy(() =>
  import('@src/features/admin/components/impersonation-banner').then((module) => ({ default: module.ImpersonationBanner })),
);

/**
 * The reminder modals (SPEC §2): their code and the `company` catalog load after the
 * dashboard's first paint. They are optional: when their code cannot be fetched (offline
 * before the service worker cached it), the page carries on without them and they load once
 * the browser is back online, instead of failing the whole route as `lazy` would.
 */
function LazyReminders() {
  const online = useOnlineStatus();
  const [Reminders, setReminders] = useState<ComponentType | null>(null);

  useEffect(() => {
    if (Reminders || !online) return;
    let current = true;
    import('./reminders').then(
      (module) => current && setReminders(() => module.Reminders),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [Reminders, online]);

  // Their own boundary: while the reminders' catalogs load they show nothing, and the rest of the
  // page keeps answering. Without one, their suspension held back every update of the page (a
  // field typed into was drawn empty, and its form submitted the old value) until they loaded.
  return Reminders ? (
    <Suspense fallback={null}>
      <Reminders />
    </Suspense>
  ) : null;
}

/**
 * The signed-in chrome (dashboard and admin): a top bar, the role's navigation as a sidebar
 * on wide screens and as the side drawer on narrow ones, and no footer (SPEC §2).
 */
function AppLayout({ area }: { area: 'dashboard' | 'admin' }) {
  const { t } = useTranslation('common');
  const language = useLanguage();
  const user = useCurrentUser();
  const acting = user ? actingAsOf(user) : null;
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const drawerId = useId();
  const [logoutOpen, setLogoutOpen] = useState(false);
  const role = area === 'admin' ? 'admin' : 'user';
  const cryptoOnly = useCryptoOnly(role === 'user');

  useEffect(() => setMenuOpen(false), [pathname]);

  // The admin's chat widget (SPEC §7), only when configured; it loads after the page, never in its way.
  useEffect(() => {
    if (area !== 'admin' || !user || user.role !== 'admin') return;
    void getPublicConfig().then((config) => {
      if (config?.chatAppId) void import('@src/features/admin/chat-widget').then(({ bootChatWidget }) => bootChatWidget(config.chatAppId!, user));
    });
  }, [area, user]);

  return (
    <div className={styles.appShell}>
      <SkipLink />
      <NavigationProgress />
      {acting && (
        <Suspense fallback={null}>
          <ImpersonationBanner acting={acting} language={language} />
        </Suspense>
      )}
      <header className={topBar.bar}>
        <div className={[topBar.inner, styles.appBarInner].join(' ')}>
          <MenuButton expanded={menuOpen} controls={drawerId} onClick={() => setMenuOpen(true)} className={topBar.hideWide} />
          <Link to={href(language, area === 'admin' ? paths.admin : paths.dashboard)} className={topBar.brand} aria-label={t('nav.areaHomeLabel')}>
            <Logo />
          </Link>
          <div className={topBar.actions}>
            {/* The admin is an account from configuration, not a person with a first name to greet. */}
            {user && (
              <span className={topBar.userName}>
                {area === 'admin' ? t('signedInAsAdmin', { email: user.email }) : t('greeting', { name: user.firstName })}
              </span>
            )}
            {area === 'dashboard' && <SyncIndicator />}
            <LanguageSelector className={topBar.languages} />
          </div>
        </div>
      </header>
      <div className={styles.appBody}>
        <aside className={styles.sidebar}>
          <DrawerNav role={role} cryptoOnly={cryptoOnly} onLogout={() => setLogoutOpen(true)} />
        </aside>
        <main id="main" tabIndex={-1} className={styles.appMain}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <SideDrawer id={drawerId} open={menuOpen} onClose={() => setMenuOpen(false)} label={t('drawer.label')} header={<Logo />}>
        <DrawerNav role={role} cryptoOnly={cryptoOnly} onLogout={() => setLogoutOpen(true)} />
        <div className={styles.drawerLanguages}>
          <LanguageSelector />
        </div>
      </SideDrawer>
      <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />
      {area === 'dashboard' && <LazyReminders />}
      {area === 'dashboard' && (
        // Its own boundary: the `dashboard` catalog may still be loading on another page.
        <Suspense fallback={null}>
          <LostCompanyNotices />
        </Suspense>
      )}
    </div>
  );
}

export function DashboardLayout() {
  return (
    <QueryProvider>
      <AppLayout area="dashboard" />
    </QueryProvider>
  );
}

export function AdminLayout() {
  return (
    <QueryProvider>
      <AppLayout area="admin" />
    </QueryProvider>
  );
}
