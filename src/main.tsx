import '@src/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from '@src/app/router';
import { ToastProvider } from '@src/components/toast/toast-provider';
import { setCurrentUser } from '@src/features/session/session-store';
import { clearSignedIn } from '@src/features/session/signed-in-flag';
import { detectLanguage, i18n, initI18n } from '@src/i18n/i18n';
import { api } from '@src/lib/api';
import { areaOf, languageOfPath, loginPath } from '@src/lib/paths';

let leaving = false;

/**
 * SPEC §2/§7: a call still answered 401 after the refresh attempt means the session is over;
 * the browser goes to login, remembering the page when it was a signed-in one.
 */
function sendToLogin() {
  if (leaving) return;
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

async function start() {
  await initI18n();
  api.setUnauthorizedHandler(sendToLogin);
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

void start();
