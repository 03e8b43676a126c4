import { useUsCompany, type UsCompanies } from '@src/features/dashboard/hooks/use-us-company';

export type BookkeepingCompanies = UsCompanies;

/** Which company's books the page shows (the one chosen last here is remembered apart from mailing's). */
export const useBookkeepingCompany = (): BookkeepingCompanies => useUsCompany('alta.bookkeeping.company');
