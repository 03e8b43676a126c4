import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { href, paths } from '@src/lib/paths';

/**
 * Signs out and goes to `to` (login by default). The session module (with Dexie) is loaded
 * only now, so the public chrome that offers logout stays light.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const { lang } = useParams();
  const language = isLanguage(lang) ? lang : defaultLanguage;
  const [busy, setBusy] = useState(false);

  const signOutAndGo = useCallback(
    async (to: string = href(language, paths.login)) => {
      setBusy(true);
      try {
        const { signOut } = await import('../local-session');
        await signOut();
      } finally {
        setBusy(false);
      }
      await navigate(to, { replace: true });
    },
    [language, navigate],
  );

  return { busy, signOutAndGo };
}
