import '@domain/zod-jitless';
import '@src/styles/global.css';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { markPageHydrated } from '@src/app/chrome/page-hydration';
import { createAppRouter } from '@src/app/router';
import { ToastProvider } from '@src/components/toast/toast-provider';
import { captureAttribution } from '@src/features/attribution/attribution';
import { unsentDraftIds } from '@src/features/sync/draft-keys';
import { PwaStatus } from '@src/features/pwa/pwa-status';
import { getCurrentUser, setCurrentUser } from '@src/features/session/session-store';
import { clearSignedIn } from '@src/features/session/signed-in-flag';
import { detectLanguage, i18n, initI18n } from '@src/i18n/i18n';
import { onSessionEnded } from '@src/lib/session-ended';
import { areaOf, languageOfPath, loginPath } from '@src/lib/paths';
import { currentUserId } from '@sync/client/current-user';

let leaving = false;

/**
 * SPEC §2/§7: a call still answered 401 after the refresh attempt means the session is over;
 * the browser goes to login, remembering the page when it was a signed-in one.
 */
function sendToLogin() {
  if (leaving) return;
  // A call of a session already ended on purpose (a logout) answered late: nobody is signed in
  // and the page is public (the login page itself), so there is nothing to leave.
  if (getCurrentUser() === null && areaOf(window.location.pathname) === 'public') return;
  leaving = true;
  setCurrentUser(null);
  clearSignedIn();
  const { pathname, search, hash } = window.location;
  const language = languageOfPath(pathname) ?? detectLanguage();
  const from = areaOf(pathname) === 'public' ? undefined : pathname + search + hash;
  void import('@src/features/session/local-session')
    .then(({ forgetSession }) => forgetSession())
    .finally(() => window.location.assign(loginPath(language, from)));
}

function routerReady(router: ReturnType<typeof createAppRouter>) {
  return new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * `<html data-hydrated>` once React has committed the app's first render (hydrated the
 * pre-rendered page, or rendered the shell): browser tests wait on it before acting, and
 * stylesheets may use it. Controls that need the app are disabled until their own
 * component has hydrated (`useHydrated`), so nothing typed or clicked before is lost.
 */
function HydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

/**
 * Lets the browser run input and paint between the start's steps: loading the modules, setting
 * up the translations, the router and hydrating are separate tasks instead of one long one.
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  // First touch: before anything can change the address (redirects drop the UTM query).
  captureAttribution();
  onSessionEnded(sendToLogin);
  await yieldToBrowser();
  await initI18n();
  await yieldToBrowser();
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <RouterProvider router={router} />
          <PwaStatus />
        </ToastProvider>
        <HydratedMarker />
      </I18nextProvider>
    </StrictMode>
  );
  const container = document.getElementById('root')!;
  if (container.hasChildNodes()) {
    // A pre-rendered public page: hydrate once the router has run the page's loaders and
    // loaded its module, so the first render matches the HTML instead of replacing it.
    await routerReady(router);
    await yieldToBrowser();
    // In a transition, hydration yields to the browser every few milliseconds instead of
    // blocking the main thread for the whole page (a phone stays responsive meanwhile).
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    markPageHydrated();
    createRoot(container).render(app);
  }
  // What this device saved but never sent (typed offline, then reloaded) goes now, not at the next edit.
  // Asked of localStorage first: a visitor with nothing saved loads no Dexie on a public page.
  if (currentUserId() || unsentDraftIds().length > 0) void import('@src/features/sync/resume-uploads').then(({ resumeUploads }) => resumeUploads());
}

void start();
