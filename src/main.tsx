import '@domain/zod-jitless';
import '@src/styles/global.css';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { markPageHydrated, usePageHydrated } from '@src/app/chrome/page-hydration';
import { createAppRouter } from '@src/app/router';
import { ToastProvider } from '@src/components/toast/toast-provider';
import { captureAttribution } from '@src/features/attribution/attribution';
import { unsentDraftIds } from '@src/features/sync/draft-keys';
import { PwaStatus } from '@src/features/pwa/pwa-status';
import { getCurrentUser, setCurrentUser } from '@src/features/session/session-store';
import { clearSignedIn } from '@src/features/session/signed-in-flag';
import { detectLanguage, i18n, initI18n } from '@src/i18n/i18n';
import { nextTask } from '@src/lib/slices';
import type { PageHandle } from '@src/lib/page-handle';
import { onSessionEnded } from '@src/lib/session-ended';
import { areaOf, languageOfPath, loginPath } from '@src/lib/paths';
import { currentUserId } from '@sync/client/current-user';
import { warmRegionNames } from '@workers/region-names.client';

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
 * `<html data-hydrated>` once React has committed the app's first render (rendered the shell),
 * or, on a pre-rendered page, once the page itself has hydrated: React hydrates the page inside
 * the layout's Suspense boundary after the chrome, and until then its forms do not answer.
 * Browser tests wait on it before acting, and a click or a send held until the app ran the page
 * is done then (`holdUntilHydrated`). Controls that need the app and cannot wait are disabled
 * until their own component has hydrated (`useHydrated`), so nothing typed before is lost.
 */
function HydratedMarker() {
  const pageHydrated = usePageHydrated();
  useEffect(() => {
    if (pageHydrated) document.documentElement.dataset.hydrated = '';
  }, [pageHydrated]);
  return null;
}

async function start() {
  // First touch: before anything can change the address (redirects drop the UTM query).
  captureAttribution();
  onSessionEnded(sendToLogin);
  // The page's language (the address's, or the browser's): its forms' country names load on another thread meanwhile.
  warmRegionNames(languageOfPath(window.location.pathname) ?? detectLanguage());
  await nextTask();
  await initI18n();
  await nextTask();
  // The address the pre-rendered page (if any) was rendered for, before a guard redirects.
  const prerenderedPath = window.location.pathname;
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
  const prerendered = container.hasChildNodes();
  // A pre-rendered page: hydrate once the router has run the page's loaders and loaded its
  // module, so the first render matches the HTML instead of replacing it.
  if (prerendered) await routerReady(router);
  // A page may be pre-rendered as only some visitors see it (a wizard's empty first step).
  const fits = router.state.matches.every((match) => (match.route.handle as PageHandle | undefined)?.hydrates?.() ?? true);
  if (prerendered && router.state.location.pathname === prerenderedPath && fits) {
    await nextTask();
    // In a transition, hydration yields to the browser every few milliseconds instead of
    // blocking the main thread for the whole page (a phone stays responsive meanwhile).
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    // No page, a guard sent the visitor elsewhere (someone signed in on the login page), or the
    // page is not what this visitor sees (a wizard with their draft): it is rendered, not
    // hydrated over other HTML.
    container.replaceChildren();
    markPageHydrated();
    // In a transition too: the first render of a form as large as a wizard's step is cut into
    // slices the browser can answer input between, instead of one task of a few hundred ms.
    startTransition(() => {
      createRoot(container).render(app);
    });
  }
  // What this device saved but never sent (typed offline, then reloaded) goes now, not at the next edit.
  // Asked of localStorage first: a visitor with nothing saved loads no Dexie on a public page.
  if (currentUserId() || unsentDraftIds().length > 0) void import('@src/features/sync/resume-uploads').then(({ resumeUploads }) => resumeUploads());
}

void start();
