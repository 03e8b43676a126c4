import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import type { CompanySummary } from '@domain/company-views';
import { currentUserDatabase, type AppDB, type CachedCompany } from '@sync/client/db';
import { useCurrentUser } from '@src/features/session/session-store';
import { listCompanies } from '../api/companies-api';
import { cacheCompanies } from '../db/companies';

const companiesOnDevice = (db: AppDB) =>
  db.companies
    .orderBy('position')
    .toArray()
    .catch(() => null);

/** The device's copy as the dashboard home's loader read it (`readCompaniesBeforeRender`). */
let readBeforeRender: { db: AppDB; rows: CachedCompany[] } | null = null;

/**
 * Reads the device's copy of the companies before the dashboard home renders (its route's
 * loader), so its first render shows them. A live read only answers after the first render,
 * which showed the profile's ids instead; when the cards replaced them after the first paint,
 * the page below moved down (Lighthouse: a layout shift of 0.22 on a return visit).
 */
export async function readCompaniesBeforeRender(): Promise<void> {
  const db = currentUserDatabase();
  const rows = db ? await companiesOnDevice(db) : null;
  readBeforeRender = db && rows ? { db, rows } : null;
}

/**
 * The user's companies with their name, status, plan and order number, read live from this
 * device's database (so they open offline, and a company the sync engine drops — the user
 * left its team — leaves every open screen at once), refreshed from the API whenever it
 * answers. The API's answer is shown directly only until it is stored (or when it cannot be).
 * Null only before either has answered, or when neither has any list (the page then lists
 * the ids of the profile).
 */
export function useCompanies(): CompanySummary[] | null {
  const user = useCurrentUser();
  const db = useMemo(() => (user ? currentUserDatabase() : null), [user]);
  const cached = useLiveQuery(async () => (db ? companiesOnDevice(db) : null), [db], readBeforeRender?.db === db ? readBeforeRender.rows : undefined);
  // SPEC §8 "load errors: companies": retried like the other dashboard reads, then the cached list.
  // Signed out (logging out from this page): nothing to ask, the answer would be a 401.
  const { data: fetched } = useQuery({
    queryKey: ['companies'],
    queryFn: async ({ signal }) => {
      const items = await listCompanies(signal);
      const now = new Date();
      // IndexedDB may be unavailable (some private modes): the answer is then shown as it came.
      const storedAt = await cacheCompanies(db!, items, now).then(
        () => now.toISOString(),
        () => null,
      );
      return { items, storedAt };
    },
    enabled: db !== null,
  });
  // Stored: once the live read has shown the write, the device's copy is the list from now on
  // (and an empty copy then means every company was dropped).
  const storedAt = fetched?.storedAt;
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (storedAt && cached?.some((row) => row.cachedAt >= storedAt)) setLive(true);
  }, [storedAt, cached]);
  if (live && cached) return cached.map((row) => row.company);
  if (fetched) return fetched.items;
  // An empty cache says nothing yet (the first visit): the profile's ids are better than no list.
  return cached && cached.length > 0 ? cached.map((row) => row.company) : null;
}
