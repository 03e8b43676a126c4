import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { User } from '@domain/account';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { areaOf, href, paths, safeReturnPath } from '@src/lib/paths';

/**
 * After login, registration or a new password: the user's database is opened with the profile
 * cached, then the browser goes back where the guard sent them from, or to their home (the
 * admin to the admin page, SPEC §2).
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const { lang } = useParams();
  const [search] = useSearchParams();
  const language = isLanguage(lang) ? lang : defaultLanguage;
  const from = search.get('from');

  return useCallback(
    async (user: User) => {
      const { rememberUser } = await import('@src/features/session/local-session');
      // The user and the signed-in hint are set at once; caching the profile in Dexie
      // finishes in the background instead of delaying the dashboard.
      void rememberUser(user);
      const back = safeReturnPath(from, language);
      const home = href(language, user.role === 'admin' ? paths.admin : paths.dashboard);
      const backFits = back !== null && (areaOf(back) === 'admin') === (user.role === 'admin');
      await navigate(backFits ? back : home, { replace: true });
    },
    [from, language, navigate],
  );
}
