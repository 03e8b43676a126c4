import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CompanySummary } from '@domain/company-views';
import { useCompanies } from './use-companies';
import { useCurrentUser } from '@src/features/session/session-store';

export interface UsCompanies {
  /** The user's LLCs and C-Corps, owned or as a teammate (what accounting and mailing are about). */
  companies: readonly { id: string; name: string | null }[];
  /** The user has companies, but only Cross Border Crypto ones (SPEC §6: no mailing or accounting). */
  cryptoOnly: boolean;
  companyId: string | null;
  choose(companyId: string): void;
}

/**
 * Which US company a page shows: the `company` parameter, else the one chosen last on this
 * device for that page (`rememberedKey`), else the first. Offline, the API's list is unknown,
 * so the ids the profile holds are offered (their names come back with the network).
 */
export function useUsCompany(rememberedKey: string): UsCompanies {
  const user = useCurrentUser();
  const details = useCompanies();
  const [params, setParams] = useSearchParams();
  const companies = useMemo(() => {
    if (details) return details.filter((company: CompanySummary) => company.type !== 'Cross Border Crypto').map(({ id, name }) => ({ id, name }));
    return (user?.companies ?? []).map((id) => ({ id, name: null }));
  }, [details, user]);
  const cryptoOnly = details !== null && details.length > 0 && companies.length === 0;
  const wanted = params.get('company') ?? localStorage.getItem(rememberedKey);
  const companyId = companies.find((company) => company.id === wanted)?.id ?? companies[0]?.id ?? null;
  return {
    companies,
    cryptoOnly,
    companyId,
    choose(id) {
      localStorage.setItem(rememberedKey, id);
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('company', id);
        return next;
      });
    },
  };
}
