import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { currentUserDatabase } from '@sync/client/db';
import { useCurrentUser } from '@src/features/session/session-store';
import { cachedCompanies } from '../db/companies';

/**
 * True when the user's companies (this device's copy of GET /companies, kept fresh by the
 * dashboard) are all Cross Border Crypto accounts: SPEC §6 "no mailing or accounting". Reads
 * the local copy only, so the navigation asks the API nothing.
 */
export function useCryptoOnly(enabled: boolean): boolean {
  const user = useCurrentUser();
  const db = useMemo(() => (enabled && user ? currentUserDatabase() : null), [enabled, user]);
  const companies = useLiveQuery(async () => (db ? cachedCompanies(db).catch(() => []) : []), [db]) ?? [];
  return companies.length > 0 && companies.every((company) => company.type === 'Cross Border Crypto');
}
