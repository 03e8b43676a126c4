import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { currentUserDatabase } from '@sync/client/db';
import { useToast } from '@src/components/toast/toast-provider';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { useCurrentUser } from '@src/features/session/session-store';
import { href, paths } from '@src/lib/paths';
import { cachedCompanies } from '../db/companies';

/**
 * Tells the user when a company leaves this device's list while they are signed in (an owner
 * removed them from its team: the sync engine drops it, or the API stops listing it), on
 * every open screen: a toast naming it, and a screen of that company goes back to the
 * companies list. The list is read live, so it follows whichever tab or sync made the change.
 * Renders nothing.
 */
export function LostCompanyNotices(): null {
  const { t } = useTranslation('dashboard');
  const toast = useToast();
  const navigate = useNavigate();
  const language = useLanguage();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const db = useMemo(() => (user ? currentUserDatabase() : null), [user]);
  const companies = useLiveQuery(async () => (db ? cachedCompanies(db).catch(() => null) : null), [db]);
  // The companies last seen, by id; null until the list first answers (signed out, another user).
  const known = useRef<Map<string, string> | null>(null);

  useEffect(() => {
    if (!companies) {
      known.current = null;
      return;
    }
    const before = known.current;
    known.current = new Map(companies.map((company) => [company.id, company.name]));
    if (!before) return;
    for (const [id, name] of before) {
      if (known.current.has(id)) continue;
      toast.show(t('home.lostAccess', { name }));
      if (pathname.includes(id)) void navigate(href(language, paths.dashboard), { replace: true });
    }
  }, [companies, toast, t, pathname, navigate, language]);
  return null;
}
