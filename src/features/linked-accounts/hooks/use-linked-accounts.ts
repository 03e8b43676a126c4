import { useCallback } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { LinkedAccountRow } from '@domain/bank-linking';
import type { AppDB } from '@sync/client/db';

/** The name a linked bank account goes by in lists: its name and the last digits the bank shows. */
export function useLinkedAccountLabel(): (account: Pick<LinkedAccountRow, 'name' | 'mask'>) => string {
  const { t } = useTranslation('linkedAccounts');
  // Stable while the language is: lists memoise their rows on it.
  return useCallback((account) => (account.mask ? t('accountWithMask', { name: account.name, mask: account.mask }) : account.name), [t]);
}

/** The company's linked bank accounts on this device (synced, so also offline), by name; undefined while Dexie answers. */
export function useLinkedAccounts(db: AppDB | null, companyId: string): LinkedAccountRow[] | undefined {
  return useLiveQuery(() => db?.linkedAccounts.where('companyId').equals(companyId).sortBy('name') ?? [], [db, companyId]);
}
